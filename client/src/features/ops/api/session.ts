import useSWR from 'swr'
import useSWRMutation from 'swr/mutation'
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client'

// The ops page signs in with a token the BFF exchanges for an HttpOnly
// cookie: the token is sent once and never stored by the page.

export const getOpsSession = (): Promise<{ operator: string }> =>
  apiGet<{ operator: string }>('/bff/ops/session', undefined, { silent: true })

export const opsSessionKey = 'ops/session'

export function useOpsSession() {
  return useSWR(opsSessionKey, getOpsSession, { shouldRetryOnError: false, revalidateOnFocus: false })
}

// Silent: the sign-in card shows the refusal itself.
export const signIn = (token: string): Promise<{ operator: string }> =>
  apiPost<{ operator: string }>('/bff/ops/session', { token }, { silent: true })

export function useSignIn() {
  return useSWRMutation(opsSessionKey, (_key: string, { arg }: { arg: string }) => signIn(arg), { populateCache: true, revalidate: false })
}

export const signOut = (): Promise<unknown> => apiDelete('/bff/ops/session')

export function useSignOut() {
  return useSWRMutation(opsSessionKey, () => signOut().then(() => undefined), { populateCache: true, revalidate: false })
}
