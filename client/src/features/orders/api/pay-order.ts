import { websiteUserOrderCalls, websiteUserResearchOrderCalls } from '@rpt/contract/site-calls'
import type { PayData } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'
import type { PayTarget } from '../../../lib/modal-store'

export interface PayInput {
  target: PayTarget
  /** bank: bank transfer (the product's own client only; docs/bank-transfer.md) */
  payMethod: 'zfb' | 'zfb_h5' | 'wx' | 'wx_h5' | 'bank'
}

export function payOrder({ target, payMethod }: PayInput): Promise<PayData> {
  const common = { payMethod, payPrice: target.payPrice }
  if (target.kind === 'research') {
    return apiCall(websiteUserResearchOrderCalls.payOrder, { id: target.orderId, ...common })
  }
  return apiCall(websiteUserOrderCalls.payOrder, {
    ...(target.orderId ? { id: target.orderId } : { researchBriefReportId: target.researchBriefReportId }),
    ...common,
  })
}

export const payOrderKey = 'websiteUserOrder/payOrder'

export function usePayOrder() {
  return useSWRMutation(payOrderKey, (_key: string, { arg }: { arg: PayInput }) => payOrder(arg))
}
