import { websiteUserCalls } from '@rpt/contract/site-calls'
import type { SessionData } from '@rpt/contract'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'
import { encryptCredential } from '../../../lib/crypto'

export interface LoginInput {
  loginCode: string
  password: string
  validCode: string
  unTime: number
}

/** The login and register answer as the page gets it: the BFF keeps the token, in an HttpOnly cookie. */
export type AuthResult = Omit<SessionData, 'token'>

export const login = (input: LoginInput): Promise<AuthResult> =>
  apiCall(websiteUserCalls.login, {
    loginCode: encryptCredential(input.loginCode.trim()),
    password: encryptCredential(input.password),
    validCode: input.validCode.trim(),
    unTime: String(input.unTime),
  })

export const loginKey = 'websiteUser/login'

export function useLogin() {
  return useSWRMutation(loginKey, (_key: string, { arg }: { arg: LoginInput }) => login(arg))
}
