import { websiteUserCalls } from '@rpt/contract/site-calls'
import type { User } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

// The session check of every page reads this: saving the information is
// update-user.ts, so swr's mutation hook is not in every page's first script.

export const getUserInfo = (options: { background?: boolean } = {}): Promise<User> =>
  apiCall(websiteUserCalls.getUserInfo, undefined, options.background ? { silent: true, background: true } : {})

export const userInfoKey = (locale: Locale) => ['websiteUser/getUserInfo', locale] as const

export function useUserInfo(locale: Locale, enabled: boolean) {
  return useSWR(enabled ? userInfoKey(locale) : null, () => getUserInfo())
}
