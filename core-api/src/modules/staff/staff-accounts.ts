import { randomBytes } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import type { Sequelize, Transaction } from 'sequelize'
import { seal } from '../../platform/lib/secret-box.ts'
import { hashPassword } from '../../platform/lib/secrets.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import type { StaffRole } from '@rpt/contract'
import { writeAudit } from './audit.ts'

// Staff accounts as the staff CLI and the staff API both change them. Every
// change writes an audit row (who, from where, what, before and after) in the
// same transaction; a password, a token or a TOTP secret never goes in one.

const TOTP_ISSUER = 'RPT staff'
/** What a TOTP secret is sealed for (platform/lib/secret-box.ts), with STAFF_SECRET_KEY */
export const TOTP_PURPOSE = 'staff totp secret'

export interface StaffCredentials {
  /** Shown once, at creation or reset */
  password: string
  /** otpauth://totp/…?secret=…, shown once */
  otpauthUri: string
}

export interface StaffListing {
  name: string
  role: StaffRole
  status: 'active' | 'disabled'
  createdAt: string
}

export class StaffError extends Error {
  override name = 'StaffError'
}

async function newCredentials(name: string): Promise<StaffCredentials & { passwordHash: string; secret: string }> {
  const password = randomBytes(18).toString('base64url')
  const secret = generateSecret()
  return {
    password,
    passwordHash: await hashPassword(password),
    secret,
    otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: name, secret }),
  }
}

/** The time step a TOTP code of `secret` is good for now, if it is good and later than `afterStep` (a code works once). */
export async function acceptedTotpStep(secret: string, code: string, afterStep: number | null): Promise<number | undefined> {
  const result = await verify({ secret, token: code, epochTolerance: 30, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) })
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}

export class StaffAccounts {
  /** secretKey: STAFF_SECRET_KEY, which seals the TOTP secrets */
  constructor(
    private readonly sequelize: Sequelize,
    private readonly secretKey: string,
  ) {}

  async add(actor: string, name: string, role: StaffRole): Promise<StaffCredentials> {
    if (!/^[A-Za-z0-9._-]{2,64}$/.test(name)) throw new StaffError('A name is 2-64 letters, digits, dots, dashes or underscores.')
    const { password, passwordHash, secret, otpauthUri } = await newCredentials(name)
    await this.sequelize.transaction(async (transaction) => {
      const taken = await selectRows(this.sequelize, `SELECT id FROM staff_account WHERE lower(name) = lower($1)`, [name], transaction)
      if (taken.length > 0) throw new StaffError(`A staff account named ${name} exists already.`)
      await this.sequelize.query(`INSERT INTO staff_account (name, role, password_hash, totp_secret) VALUES ($1, $2, $3, $4)`, {
        bind: [name, role, passwordHash, seal(this.secretKey, TOTP_PURPOSE, secret)],
        transaction,
      })
      await writeAudit(this.sequelize, { actor, action: 'staff.add', target: name, after: { name, role, status: 'active' } }, transaction)
    })
    return { password, otpauthUri }
  }

  async list(): Promise<StaffListing[]> {
    const rows = await selectRows<{ name: string; role: StaffRole; status: 'active' | 'disabled'; createdAt: Date }>(
      this.sequelize,
      `SELECT name, role, status, created_at AS "createdAt" FROM staff_account ORDER BY lower(name)`,
      [],
    )
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }))
  }

  /** Stops the account signing in and ends its sessions. */
  async disable(actor: string, name: string): Promise<void> {
    await this.sequelize.transaction(async (transaction) => {
      const account = await this.find(name, transaction)
      await this.sequelize.query(`UPDATE staff_account SET status = 'disabled', updated_at = now() WHERE id = $1`, {
        bind: [account.id],
        transaction,
      })
      await this.endSessions(account.id, transaction)
      const change = { target: account.name, before: { status: account.status }, after: { status: 'disabled' } }
      await writeAudit(this.sequelize, { actor, action: 'staff.disable', ...change }, transaction)
    })
  }

  /** New password and TOTP secret; the account is active again and its sessions end. */
  async reset(actor: string, name: string): Promise<StaffCredentials> {
    const account = await this.find(name)
    const { password, passwordHash, secret, otpauthUri } = await newCredentials(account.name)
    await this.sequelize.transaction(async (transaction) => {
      await this.sequelize.query(
        `UPDATE staff_account SET password_hash = $2, totp_secret = $3, totp_last_step = NULL, status = 'active', updated_at = now() WHERE id = $1`,
        { bind: [account.id, passwordHash, seal(this.secretKey, TOTP_PURPOSE, secret)], transaction },
      )
      await this.endSessions(account.id, transaction)
      const change = { target: account.name, before: { status: account.status }, after: { status: 'active', credentials: 'replaced' } }
      await writeAudit(this.sequelize, { actor, action: 'staff.reset', ...change }, transaction)
    })
    return { password, otpauthUri }
  }

  private async find(name: string, transaction?: Transaction): Promise<{ id: string; name: string; status: string }> {
    const rows = await selectRows<{ id: string; name: string; status: string }>(
      this.sequelize,
      `SELECT id, name, status FROM staff_account WHERE lower(name) = lower($1)`,
      [name],
      transaction,
    )
    if (!rows[0]) throw new StaffError(`No staff account is named ${name}.`)
    return rows[0]
  }

  private async endSessions(staffId: string, transaction: Transaction): Promise<void> {
    await this.sequelize.query(`UPDATE staff_session SET revoked_at = now() WHERE staff_id = $1 AND revoked_at IS NULL`, {
      bind: [staffId],
      transaction,
    })
  }
}
