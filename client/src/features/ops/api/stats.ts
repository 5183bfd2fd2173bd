import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { StatsData } from './types'

export const getStats = (): Promise<StatsData> => apiGet<StatsData>('/bff/ops/stats', undefined, { silent: true })

export const statsKey = 'ops/stats'

/** Read again every half minute while the page is open. */
export function useStats() {
  return useSWR(statsKey, getStats, { refreshInterval: 30_000 })
}
