import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { generateSecret, generateURI, verify } from 'otplib'
import { UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize'
import type { StaffAccount, StaffAccountResult, StaffCredentials, StaffResetKind, StaffRole } from '@rpt/contract'
import type { Config } from '../../platform/config.ts'
import { AppError } from '../../platform/errors.ts'
import { seal } from '../../platform/lib/secret-box.ts'
import { LoginThrottle } from '../../platform/lib/login-throttle.ts'
import { hashPassword } from '../../platform/lib/secrets.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { writeAudit } from './audit.ts'
import { endSessions, liveSession } from './sessions.ts'

// Staff accounts as the staff CLI and the console's admins both change them.
// Every change writes an audit row (who, from where, what, before and after)
// in the same transaction; a password, a token or a TOTP secret never goes in
// one. No change may leave the site without an active admin: the console's
// staff accounts could then be managed only from a shell.

const TOTP_ISSUER = 'RPT staff'
/** What a TOTP secret is sealed for (platform/lib/secret-box.ts), with STAFF_SECRET_KEY */
export const TOTP_PURPOSE = 'staff totp secret'
/** As the contract's StaffNameField: the CLI's names are checked here, the API's by the schema first. */
const NAME = /^[A-Za-z0-9._-]{2,64}$/

/** Who changes an account: the console's staff member (and from where), or `cli:<os user>`. */
export type AccountActor = string | { name: string; ip: string | null }

type Settings = Pick<
  Config,
  | 'STAFF_SECRET_KEY'
  | 'STAFF_SESSION_MAX_AGE_S'
  | 'LOGIN_MAX_FAILURES'
  | 'LOGIN_IP_MAX_FAILURES'
  | 'LOGIN_FAILURE_WINDOW_MINUTES'
  | 'LOGIN_LOCK_MINUTES'
>

interface AccountRow {
  id: string
  name: string
  role: StaffRole
  status: 'active' | 'disabled'
}

/** A one-time password: 24 characters, more than a chosen one must have (STAFF_PASSWORD_MIN). */
export const newPassword = () => randomBytes(18).toString('base64url')

/** A new TOTP secret and its otpauth URI (what an authenticator app scans). */
export function newTotpSecret(name: string): { secret: string; otpauthUri: string } {
  const secret = generateSecret()
  return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: name, secret }) }
}

/** The time step a TOTP code of `secret` is good for now, if it is good and later than `afterStep` (a code works once). */
export async function acceptedTotpStep(secret: string, code: string, afterStep: number | null): Promise<number | undefined> {
  const result = await verify({ secret, token: code, epochTolerance: 30, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) })
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}

/** A staff name's key in login_throttle: staff are counted apart from the website's logins. */
export const signInThrottleKey = (name: string) => `staff:${name.trim().toLowerCase()}`.slice(0, 200)

const actorOf = (actor: AccountActor) => (typeof actor === 'string' ? { actor } : { actor: actor.name, ip: actor.ip ?? undefined })

export class StaffAccounts {
  private readonly throttle: LoginThrottle

  constructor(
    private readonly sequelize: Sequelize,
    private readonly settings: Settings,
  ) {
    this.throttle = new LoginThrottle({ sequelize, options: settings })
  }

  private get secretKey(): string {
    return this.settings.STAFF_SECRET_KEY
  }

  /** A new account, active, with a one-time password and a TOTP secret: answered once, never stored readable. */
  async add(by: AccountActor, name: string, role: StaffRole): Promise<StaffAccountResult & { credentials: Required<StaffCredentials> }> {
    if (!NAME.test(name)) throw new AppError('STAFF_NAME_INVALID')
    const password = newPassword()
    const { secret, otpauthUri } = newTotpSecret(name)
    const passwordHash = await hashPassword(password)
    const account = await this.sequelize.transaction(async (transaction) => {
      const taken = await selectRows(this.sequelize, `SELECT id FROM staff_account WHERE lower(name) = lower($1)`, [name], transaction)
      if (taken.length > 0) throw new AppError('STAFF_NAME_TAKEN')
      // Two adds of one name at once: the unique index on lower(name) refuses the second.
      await this.sequelize
        .query(`INSERT INTO staff_account (name, role, password_hash, totp_secret) VALUES ($1, $2, $3, $4)`, {
          bind: [name, role, passwordHash, seal(this.secretKey, TOTP_PURPOSE, secret)],
          transaction,
        })
        .catch((error: unknown) => {
          throw error instanceof UniqueConstraintError ? new AppError('STAFF_NAME_TAKEN') : error
        })
      await writeAudit(
        this.sequelize,
        { ...actorOf(by), action: 'staff.add', target: name, after: { name, role, status: 'active' } },
        transaction,
      )
      return this.listed(name, transaction)
    })
    return { account, credentials: { password, otpauthUri } }
  }

  /** Every account by name, with its latest sign-in and live sessions. */
  async list(): Promise<StaffAccount[]> {
    return this.select()
  }

  private async select(name?: string, transaction?: Transaction): Promise<StaffAccount[]> {
    const rows = await selectRows<Omit<StaffAccount, 'createdAt' | 'lastSignInAt'> & { createdAt: Date; lastSignInAt: Date | null }>(
      this.sequelize,
      `SELECT a.name, a.role, a.status, a.created_at AS "createdAt",
              (SELECT max(s.created_at) FROM staff_session s WHERE s.staff_id = a.id) AS "lastSignInAt",
              (SELECT count(*)::int FROM staff_session s WHERE s.staff_id = a.id AND ${liveSession('$1')}) AS "activeSessions"
         FROM staff_account a ${name === undefined ? '' : 'WHERE lower(a.name) = lower($2)'} ORDER BY lower(a.name)`,
      name === undefined ? [this.settings.STAFF_SESSION_MAX_AGE_S] : [this.settings.STAFF_SESSION_MAX_AGE_S, name],
      transaction,
    )
    return rows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt).toISOString(),
      lastSignInAt: row.lastSignInAt === null ? null : new Date(row.lastSignInAt).toISOString(),
    }))
  }

  private async listed(name: string, transaction: Transaction): Promise<StaffAccount> {
    const [account] = await this.select(name, transaction)
    if (!account) throw new AppError('STAFF_ACCOUNT_NOT_FOUND')
    return account
  }

  /** Stops the account signing in and ends its sessions. */
  async disable(by: AccountActor, name: string): Promise<StaffAccountResult> {
    return this.change(by, name, { removesAdmin: true }, async (account, transaction) => {
      await this.update(account.id, `status = 'disabled'`, [], transaction)
      const sessionsEnded = await endSessions(this.sequelize, account.id, this.settings.STAFF_SESSION_MAX_AGE_S, transaction)
      return { action: 'staff.disable', before: { status: account.status }, after: { status: 'disabled' }, sessionsEnded }
    })
  }

  /** Lets a disabled account sign in again, with the password and second factor it had. */
  async enable(by: AccountActor, name: string): Promise<StaffAccountResult> {
    return this.change(by, name, {}, async (account, transaction) => {
      await this.update(account.id, `status = 'active'`, [], transaction)
      return { action: 'staff.enable', before: { status: account.status }, after: { status: 'active' } }
    })
  }

  /** Another role; the account's sessions carry it from their next call (each call reads the role). */
  async setRole(by: AccountActor, name: string, role: StaffRole): Promise<StaffAccountResult> {
    return this.change(by, name, { removesAdmin: role !== 'admin' }, async (account, transaction) => {
      await this.update(account.id, `role = $2`, [role], transaction)
      return { action: 'staff.role', before: { role: account.role }, after: { role } }
    })
  }

  /**
   * A new password, a new TOTP secret or both, answered once; the account is active again, its sign-in lock
   * (failed sign-ins) lifted and its sessions ended.
   */
  async reset(by: AccountActor, name: string, replace: StaffResetKind = 'both'): Promise<StaffAccountResult> {
    const password = replace === 'secondFactor' ? undefined : newPassword()
    const passwordHash = password === undefined ? undefined : await hashPassword(password)
    let otpauthUri: string | undefined
    const result = await this.change(by, name, {}, async (account, transaction) => {
      const totp = replace === 'password' ? undefined : newTotpSecret(account.name)
      otpauthUri = totp?.otpauthUri
      const sets: string[] = [`status = 'active'`]
      const values: unknown[] = []
      if (passwordHash !== undefined) sets.push(`password_hash = $${values.push(passwordHash) + 1}`)
      if (totp) sets.push(`totp_secret = $${values.push(seal(this.secretKey, TOTP_PURPOSE, totp.secret)) + 1}`, 'totp_last_step = NULL')
      await this.update(account.id, sets.join(', '), values, transaction)
      await this.throttle.clearAccount(signInThrottleKey(account.name), transaction)
      const sessionsEnded = await endSessions(this.sequelize, account.id, this.settings.STAFF_SESSION_MAX_AGE_S, transaction)
      const replaced = replace === 'both' ? ['password', 'secondFactor'] : [replace]
      return { action: 'staff.reset', before: { status: account.status }, after: { status: 'active', replaced }, sessionsEnded }
    })
    return { ...result, credentials: { ...(password === undefined ? {} : { password }), ...(otpauthUri ? { otpauthUri } : {}) } }
  }

  private async update(id: string, sets: string, values: unknown[], transaction: Transaction): Promise<void> {
    await this.sequelize.query(`UPDATE staff_account SET ${sets}, updated_at = now() WHERE id = $1`, { bind: [id, ...values], transaction })
  }

  /**
   * A change of one account in a transaction with its audit row. A change that may take an active admin away
   * (removesAdmin) locks the active admins first, always in one order, so two admins demoting each other
   * cannot both pass nor deadlock; it is refused when the account is the last of them.
   */
  private async change(
    by: AccountActor,
    name: string,
    { removesAdmin = false }: { removesAdmin?: boolean },
    act: (
      account: AccountRow,
      transaction: Transaction,
    ) => Promise<{ action: string; before: Record<string, unknown>; after: Record<string, unknown>; sessionsEnded?: number }>,
  ): Promise<StaffAccountResult> {
    return this.sequelize.transaction(async (transaction) => {
      const admins = removesAdmin
        ? await selectRows<{ id: string }>(
            this.sequelize,
            `SELECT id FROM staff_account WHERE role = 'admin' AND status = 'active' ORDER BY id FOR UPDATE`,
            [],
            transaction,
          )
        : []
      const [account] = await selectRows<AccountRow>(
        this.sequelize,
        `SELECT id, name, role, status FROM staff_account WHERE lower(name) = lower($1) FOR UPDATE`,
        [name],
        transaction,
      )
      if (!account) throw new AppError('STAFF_ACCOUNT_NOT_FOUND')
      if (admins.length === 1 && admins[0]!.id === account.id) throw new AppError('STAFF_LAST_ADMIN')
      const { action, before, after, sessionsEnded } = await act(account, transaction)
      await writeAudit(this.sequelize, { ...actorOf(by), action, target: account.name, before, after }, transaction)
      return { account: await this.listed(account.name, transaction), ...(sessionsEnded === undefined ? {} : { sessionsEnded }) }
    })
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff accounts as admins manage them (staff.manage) */
    staffAccounts: StaffAccounts
  }
}

export default servicePlugin({ name: 'staff-accounts', decorates: 'staffAccounts', dependencies: ['db'] }, (app: FastifyInstance) => {
  return new StaffAccounts(app.db.sequelize, app.config)
})
