import { Type } from 'typebox'
import { LangField } from '../../http/schemas.ts'

export const LangOnlyQuery = Type.Object({ lang: LangField }, { additionalProperties: false })

export const MapRegion = Type.Object({
  regionCode: Type.String(),
  regionName: Type.String({ description: "The region's name in the request's language" }),
  clients: Type.Integer({ description: 'Clients served in the region' }),
  reports: Type.Integer({ description: 'Reports covering the region' }),
})

export const MapData = Type.Array(MapRegion)
