import type { FastifyInstance } from 'fastify'
import { generate } from 'otplib'
import { StaffAccounts } from '../../src/modules/staff/staff-accounts.ts'
import type { StaffRole } from '@rpt/contract'

// A staff account factory: the account as the CLI makes it, with what its
// owner was shown once (the password, the TOTP secret of the otpauth URI).

export interface TestStaff {
  name: string
  role: StaffRole
  password: string
  secret: string
}

let sequence = 0

export function secretOf(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get('secret')
  if (!secret) throw new Error(`no secret in ${otpauthUri}`)
  return secret
}

/** The TOTP code of `secret`, `stepsAhead` time steps after now (a later step is a code not used yet). */
export function totpOf(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead })
}

export async function addStaff(app: FastifyInstance, role: StaffRole = 'editor'): Promise<TestStaff> {
  const name = `staff${process.pid}-${++sequence}`
  const { credentials } = await new StaffAccounts(app.db.sequelize, app.config).add('cli:test', name, role)
  const { password, otpauthUri } = credentials
  return { name, role, password, secret: secretOf(otpauthUri) }
}
