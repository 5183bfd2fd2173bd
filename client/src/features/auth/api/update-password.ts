import { websiteUserCalls } from '@rpt/contract/site-calls'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'
import { encryptCredential } from '../../../lib/crypto'

export interface UpdatePasswordInput {
  password: string
  confirmPassword: string
}

export const updatePassword = (input: UpdatePasswordInput): Promise<unknown> =>
  apiCall(websiteUserCalls.updatePwd, {
    newPassword: encryptCredential(input.password),
    confirmNewPassword: encryptCredential(input.confirmPassword),
  })

export const updatePasswordKey = 'websiteUser/updatePwd'

export function useUpdatePassword() {
  return useSWRMutation(updatePasswordKey, (_key: string, { arg }: { arg: UpdatePasswordInput }) => updatePassword(arg))
}
