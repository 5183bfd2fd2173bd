import { Type, type Static } from 'typebox'
import { NewsListItem } from './market-info.ts'
import { ReportListItem } from './research-report.ts'

export const MapRegion = Type.Object({
  regionCode: Type.String(),
  regionName: Type.String({ description: "The region's name in the request's language" }),
  clients: Type.Integer({ description: 'Clients served in the region' }),
  reports: Type.Integer({ description: 'Reports covering the region' }),
})
export type MapRegion = Static<typeof MapRegion>

// report and market: the home blocks earlier clients read from this call
// (hot reports, newest articles); regions: the world map figures.
export const MapData = Type.Object({
  report: Type.Array(ReportListItem, { description: 'Hot reports of the language (legacy name)' }),
  market: Type.Array(NewsListItem, { description: 'The newest articles of the language (legacy name)' }),
  regions: Type.Array(MapRegion, { description: 'The world map: clients and reports per region, by sort' }),
})
export type MapData = Static<typeof MapData>
