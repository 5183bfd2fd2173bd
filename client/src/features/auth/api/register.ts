import { websiteUserCalls } from '@rpt/contract/site-calls'
import useSWRMutation from 'swr/mutation'
import { apiCall } from '../../../lib/api-client'
import { encryptCredential } from '../../../lib/crypto'
import type { AuthResult } from './login'

export interface RegisterInput {
  loginCode: string
  password: string
  confirmPassword: string
  companyName: string
  addr: string
  email: string
  contact: string
  name: string
}

export const register = (input: RegisterInput): Promise<AuthResult> =>
  apiCall(websiteUserCalls.register, {
    loginCode: encryptCredential(input.loginCode.trim()),
    password: encryptCredential(input.password),
    confirmNewPassword: encryptCredential(input.confirmPassword),
    companyName: input.companyName.trim(),
    addr: input.addr.trim(),
    email: input.email.trim(),
    contact: input.contact.trim(),
    name: input.name.trim(),
  })

export const registerKey = 'websiteUser/register'

export function useRegister() {
  return useSWRMutation(registerKey, (_key: string, { arg }: { arg: RegisterInput }) => register(arg))
}
