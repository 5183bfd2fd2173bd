import type { CallAddress } from '../call-address.ts'

export const marketInfoCalls = {
  pageList: { method: 'POST', path: '/report/marketInfo/pageList', safety: 'read' },
  detailList: { method: 'GET', path: '/report/marketInfo/detailList', safety: 'read' },
  topList: { method: 'GET', path: '/report/marketInfo/topList', safety: 'read' },
  marketInfoTopSixList: { method: 'GET', path: '/report/marketInfo/marketInfoTopSixList', safety: 'read' },
  categoryList: { method: 'POST', path: '/report/marketInfo/categoryList', safety: 'read' },
} as const satisfies Record<string, CallAddress>
