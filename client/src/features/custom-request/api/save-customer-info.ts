import { customerInfoCalls } from '@rpt/contract/site-calls'
import type { CustomerInfoSaveData, InputOf } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'

type SaveInput = InputOf<typeof customerInfoCalls.save.path>

/** The form as filled: type '1' is a sample request about a report (version only for one in zh-CN), '2' custom research. */
export type CustomerInfoInput = Required<Pick<SaveInput, 'type' | 'companyName' | 'addr' | 'email' | 'contact' | 'name' | 'demand'>> &
  Pick<SaveInput, 'version' | 'reportId' | 'reportPrice'>

export const saveCustomerInfo = (input: CustomerInfoInput): Promise<CustomerInfoSaveData> => apiCall(customerInfoCalls.save, input)

export const saveCustomerInfoKey = 'customerInfo/save'

export function useSaveCustomerInfo() {
  return useSWRMutation(saveCustomerInfoKey, (_key: string, { arg }: { arg: CustomerInfoInput }) => saveCustomerInfo(arg))
}
