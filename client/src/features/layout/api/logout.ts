import useSWRMutation from 'swr/mutation'
import { apiGet } from '../../../lib/api-client'

export const logout = (): Promise<unknown> => apiGet<unknown>('/report/websiteUser/logout')

export const logoutKey = 'websiteUser/logout'

export function useLogout() {
  return useSWRMutation(logoutKey, () => logout())
}
