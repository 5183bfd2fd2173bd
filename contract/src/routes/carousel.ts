import { CarouselList } from '../carousel.ts'
import { LangOnlyQuery } from '../fields.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

export const carouselRoutes = defineRoutes(CALLS.carousel, ['Base data'], {
  listData: { summary: "Home page carousel slides of the request's language, by sort", querystring: LangOnlyQuery, data: CarouselList },
})
