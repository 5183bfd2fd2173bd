import type { User } from '@rpt/contract'
import useSWR from 'swr'
import useSWRMutation from 'swr/mutation'
import { apiGet, apiPost } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface UserInfoInput {
  companyName: string
  addr: string
  email: string
  contact: string
  name: string
}

export const getUserInfo = (options: { background?: boolean } = {}): Promise<User> =>
  apiGet<User>('/report/websiteUser/getUserInfo', undefined, options.background ? { silent: true, background: true } : {})

export const userInfoKey = (locale: Locale) => ['websiteUser/getUserInfo', locale] as const

export function useUserInfo(locale: Locale, enabled: boolean) {
  return useSWR(enabled ? userInfoKey(locale) : null, () => getUserInfo())
}

export const updateUser = (input: UserInfoInput): Promise<unknown> => apiPost<unknown>('/report/websiteUser/updateUser', input)

export const updateUserKey = 'websiteUser/updateUser'

export function useUpdateUser() {
  return useSWRMutation(updateUserKey, (_key: string, { arg }: { arg: UserInfoInput }) => updateUser(arg))
}
