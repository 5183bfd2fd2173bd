import type { CallAddress } from '../call-address.ts'

export const websiteUserResearchOrderCalls = {
  asyncNotify: { method: 'POST', path: '/report/websiteUserResearchOrder/pay/asyncNotify', safety: 'write', audience: 'provider' },
  save: { method: 'POST', path: '/report/websiteUserResearchOrder/save', safety: 'write' },
  updateEmail: { method: 'POST', path: '/report/websiteUserResearchOrder/updateEmail', safety: 'write' },
  payOrder: { method: 'POST', path: '/report/websiteUserResearchOrder/payOrder', safety: 'write' },
  orderList: { method: 'POST', path: '/report/websiteUserResearchOrder/orderList', safety: 'read' },
  cancelOrder: { method: 'POST', path: '/report/websiteUserResearchOrder/cancelOrder', safety: 'write' },
} as const satisfies Record<string, CallAddress>
