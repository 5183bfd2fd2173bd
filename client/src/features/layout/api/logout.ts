import { websiteUserCalls } from '@rpt/contract/site-calls'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'

export const logout = (): Promise<unknown> => apiCall(websiteUserCalls.logout)

export const logoutKey = 'websiteUser/logout'

export function useLogout() {
  return useSWRMutation(logoutKey, () => logout())
}
