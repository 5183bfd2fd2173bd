import { Type, type Static } from 'typebox'

// name and desc are the legacy names earlier clients read.
export const CarouselSlide = Type.Object({
  id: Type.String(),
  name: Type.String({ description: "The slide's name (its title)" }),
  title: Type.String(),
  desc: Type.String({ description: 'The line under the title' }),
  linkUrl: Type.String({ description: 'A site path such as /report-industries/energy' }),
  color: Type.String({ description: 'CSS colour the client paints the slide background with' }),
  sort: Type.Integer(),
  imageUrl: Type.Optional(
    Type.String({
      description: "The slide's image (/api/media/images/<file>), only when staff gave it one: painted slides answer as before",
    }),
  ),
})
export type CarouselSlide = Static<typeof CarouselSlide>

export const CarouselList = Type.Array(CarouselSlide)
export type CarouselList = Static<typeof CarouselList>
