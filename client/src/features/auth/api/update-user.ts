import { CALLS } from '@rpt/contract/calls'
import type { InputOf } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'

export type UserInfoInput = Required<InputOf<typeof CALLS.websiteUser.updateUser.path>>

export const updateUser = (input: UserInfoInput): Promise<unknown> => apiCall(CALLS.websiteUser.updateUser, input)

export const updateUserKey = 'websiteUser/updateUser'

export function useUpdateUser() {
  return useSWRMutation(updateUserKey, (_key: string, { arg }: { arg: UserInfoInput }) => updateUser(arg))
}
