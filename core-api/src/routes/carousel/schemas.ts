import { Type } from 'typebox'
import { LangField } from '../../http/schemas.ts'

export const LangOnlyQuery = Type.Object({ lang: LangField }, { additionalProperties: false })

export const CarouselSlide = Type.Object({
  id: Type.String(),
  title: Type.String(),
  subtitle: Type.String(),
  linkUrl: Type.String({ description: 'A site path such as /report-industries/energy' }),
  color: Type.String({ description: 'CSS colour the client paints the slide background with' }),
  sort: Type.Integer(),
})

export const CarouselList = Type.Array(CarouselSlide)
