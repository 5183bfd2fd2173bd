import { LangOnlyQuery } from '../fields.ts'
import { MapData } from '../home.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

export const homeRoutes = defineRoutes(CALLS.home, ['Base data'], {
  mapData: {
    summary:
      "Home page blocks: hot reports (report) and the newest articles (market), as earlier clients read them, and the world map figures (regions), named in the request's language",
    querystring: LangOnlyQuery,
    data: MapData,
  },
})
