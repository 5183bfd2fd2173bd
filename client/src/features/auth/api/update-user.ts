import { websiteUserCalls } from '@rpt/contract/site-calls'
import type { InputOf } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'

export type UserInfoInput = Required<InputOf<typeof websiteUserCalls.updateUser.path>>

export const updateUser = (input: UserInfoInput): Promise<unknown> => apiCall(websiteUserCalls.updateUser, input)

export const updateUserKey = 'websiteUser/updateUser'

export function useUpdateUser() {
  return useSWRMutation(updateUserKey, (_key: string, { arg }: { arg: UserInfoInput }) => updateUser(arg))
}
