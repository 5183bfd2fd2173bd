import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface RegionFigures {
  regionCode: string
  regionName: string
  clients: number
  reports: number
}

export const getMapData = (): Promise<RegionFigures[]> => apiGet<RegionFigures[]>('/basedata/home/mapData', undefined, { silent: true })

export const mapDataKey = (locale: Locale) => ['home/mapData', locale] as const

export function useMapData(locale: Locale) {
  return useSWR(mapDataKey(locale), getMapData)
}
