import type { CustomerInfoSaveData } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiPost } from '../../../lib/api-client'

export interface CustomerInfoInput {
  /** '1' sample request about a report, '2' custom research */
  type: '1' | '2'
  /** '0' China, '1' Global and China: only for a sample request in zh-CN */
  version?: '0' | '1'
  companyName: string
  addr: string
  email: string
  contact: string
  name: string
  demand: string
  reportId?: string
  reportPrice?: number
}

export const saveCustomerInfo = (input: CustomerInfoInput): Promise<CustomerInfoSaveData> =>
  apiPost<CustomerInfoSaveData>('/basedata/customerInfo/save', input)

export const saveCustomerInfoKey = 'customerInfo/save'

export function useSaveCustomerInfo() {
  return useSWRMutation(saveCustomerInfoKey, (_key: string, { arg }: { arg: CustomerInfoInput }) => saveCustomerInfo(arg))
}
