import { websiteUserCalls } from '@rpt/contract/site-calls'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'
import { encryptCredential } from '../../../lib/crypto'

export interface ResetPasswordInput {
  resetToken: string
  password: string
  confirmPassword: string
}

export const resetPassword = (input: ResetPasswordInput): Promise<unknown> =>
  apiCall(websiteUserCalls.resetPwd, {
    resetToken: input.resetToken,
    newPassword: encryptCredential(input.password),
    confirmNewPassword: encryptCredential(input.confirmPassword),
  })

export const resetPasswordKey = 'websiteUser/resetPwd'

export function useResetPassword() {
  return useSWRMutation(resetPasswordKey, (_key: string, { arg }: { arg: ResetPasswordInput }) => resetPassword(arg))
}
