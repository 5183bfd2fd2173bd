import { SITE_CALLS } from '@rpt/contract/site-calls'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'

export const logout = (): Promise<unknown> => apiCall(SITE_CALLS.websiteUser.logout)

export const logoutKey = 'websiteUser/logout'

export function useLogout() {
  return useSWRMutation(logoutKey, () => logout())
}
