import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface RegionFigures {
  regionCode: string
  regionName: string
  clients: number
  reports: number
}

/** The call's answer: the home's world map (regions) beside blocks earlier clients read (report, market), which the page takes elsewhere. */
export interface MapData {
  regions: RegionFigures[]
}

export const getMapData = (): Promise<RegionFigures[]> =>
  apiGet<MapData>('/basedata/home/mapData', undefined, { silent: true }).then((data) => data.regions)

export const mapDataKey = (locale: Locale) => ['home/mapData', locale] as const

export function useMapData(locale: Locale) {
  return useSWR(mapDataKey(locale), getMapData)
}
