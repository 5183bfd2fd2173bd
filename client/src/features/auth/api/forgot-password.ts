import useSWRMutation from 'swr/mutation'
import { apiPost } from '../../../lib/api-client'

export const forgotPassword = (email: string): Promise<unknown> =>
  apiPost<unknown>('/report/websiteUser/forgetPwd', { email: email.trim() })

export const forgotPasswordKey = 'websiteUser/forgetPwd'

export function useForgotPassword() {
  return useSWRMutation(forgotPasswordKey, (_key: string, { arg }: { arg: string }) => forgotPassword(arg))
}
