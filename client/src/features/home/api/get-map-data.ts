import { homeCalls } from '@rpt/contract/site-calls'
import type { MapRegion } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

/** The home's world map (regions); the call's other blocks (report, market) are for earlier clients, the page takes them elsewhere. */
export const getMapData = (): Promise<MapRegion[]> => apiCall(homeCalls.mapData, undefined, { silent: true }).then((data) => data.regions)

export const mapDataKey = (locale: Locale) => ['home/mapData', locale] as const

export function useMapData(locale: Locale) {
  return useSWR(mapDataKey(locale), getMapData)
}
