import useSWRMutation from 'swr/mutation'
import { apiPost } from '../../../lib/api-client'

export interface UserInfoInput {
  companyName: string
  addr: string
  email: string
  contact: string
  name: string
}

export const updateUser = (input: UserInfoInput): Promise<unknown> => apiPost<unknown>('/report/websiteUser/updateUser', input)

export const updateUserKey = 'websiteUser/updateUser'

export function useUpdateUser() {
  return useSWRMutation(updateUserKey, (_key: string, { arg }: { arg: UserInfoInput }) => updateUser(arg))
}
