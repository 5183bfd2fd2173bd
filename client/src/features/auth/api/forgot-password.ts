import { websiteUserCalls } from '@rpt/contract/site-calls'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'

export const forgotPassword = (email: string): Promise<unknown> => apiCall(websiteUserCalls.forgetPwd, { email: email.trim() })

export const forgotPasswordKey = 'websiteUser/forgetPwd'

export function useForgotPassword() {
  return useSWRMutation(forgotPasswordKey, (_key: string, { arg }: { arg: string }) => forgotPassword(arg))
}
