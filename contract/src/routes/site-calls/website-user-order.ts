import type { CallAddress } from '../call-address.ts'

export const websiteUserOrderCalls = {
  payOrder: { method: 'POST', path: '/report/websiteUserOrder/payOrder', safety: 'write' },
  orderList: { method: 'POST', path: '/report/websiteUserOrder/orderList', safety: 'read' },
  orderInfo: { method: 'POST', path: '/report/websiteUserOrder/orderInfo', safety: 'read' },
  cancelOrder: { method: 'POST', path: '/report/websiteUserOrder/cancelOrder', safety: 'write' },
  downList: { method: 'POST', path: '/report/websiteUserOrder/downList', safety: 'read' },
  downFile: { method: 'POST', path: '/report/websiteUserOrder/downFile', safety: 'read' },
} as const satisfies Record<string, CallAddress>
