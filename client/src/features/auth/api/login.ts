import useSWRMutation from 'swr/mutation'
import { apiPost } from '../../../lib/api-client'
import { encryptCredential } from '../../../lib/crypto'
import type { SessionUser } from '../../../lib/session'

export interface LoginInput {
  loginCode: string
  password: string
  validCode: string
  unTime: number
}

export interface AuthResult {
  user: SessionUser
}

export const login = (input: LoginInput): Promise<AuthResult> =>
  apiPost<AuthResult>('/report/websiteUser/login', {
    loginCode: encryptCredential(input.loginCode.trim()),
    password: encryptCredential(input.password),
    validCode: input.validCode.trim(),
    unTime: String(input.unTime),
  })

export const loginKey = 'websiteUser/login'

export function useLogin() {
  return useSWRMutation(loginKey, (_key: string, { arg }: { arg: LoginInput }) => login(arg))
}
