import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import { staffMay, type StaffAction, type StaffRole } from '@rpt/contract'
import type { Sequelize } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import { AppError } from '../../platform/errors.ts'
import { decoyPasswordHash, randomToken, sha256Hex, verifyPassword } from '../../platform/lib/secrets.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { isSealed, open, seal, SealedSecretError } from '../../platform/lib/secret-box.ts'
import { acceptedTotpStep, signInThrottleKey, TOTP_PURPOSE } from './staff-accounts.ts'
import { writeAudit } from './audit.ts'
import { LoginThrottle, type Reservation, type ThrottleScope } from '../../platform/lib/login-throttle.ts'
import { STAFF_IDLE_MINUTES } from './sessions.ts'

// Staff sign-in: name, password and a TOTP code; then an opaque
// token, stored as its digest, that ends after 30 idle minutes, some hours
// after its sign-in however busy (STAFF_SESSION_MAX_AGE_S), on sign-out, and
// when the account is disabled or reset. Failures are throttled and
// soft-locked by the website login's throttle, under keys of their own; each
// failure and each lockout is audited and logged with the name tried. A
// member's current password, asked again to change their own credentials, is
// checked and counted the same way.

const MAX_TOKEN_LENGTH = 200

export interface StaffPrincipal {
  id: string
  name: string
  role: StaffRole
}

export interface StaffLoginInput {
  name: string
  password: string
  totp: string
}

/**
 * Why a sign-in failed, as the audit and the log say it (the caller only ever hears 300001 or 200004): a wrong code
 * is one not accepted, a code already used included; code-used, one another sign-in claimed at the same moment;
 * wrong-current-password, a signed-in member's password asked again (their own new password or second factor).
 */
export type StaffLoginFailure =
  'unknown-name' | 'wrong-password' | 'disabled' | 'secret-unreadable' | 'wrong-code' | 'code-used' | 'locked' | 'wrong-current-password'

type ThrottleOptions = Pick<Config, 'LOGIN_MAX_FAILURES' | 'LOGIN_IP_MAX_FAILURES' | 'LOGIN_FAILURE_WINDOW_MINUTES' | 'LOGIN_LOCK_MINUTES'>

/** The token of an Authorization: Bearer header. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
  return match?.[1]
}

export class StaffService {
  private readonly throttle: LoginThrottle

  constructor(
    private readonly deps: {
      sequelize: Sequelize
      options: ThrottleOptions
      secretKey: string
      log: FastifyBaseLogger
      /** STAFF_SESSION_MAX_AGE_S */
      maxAgeSeconds: number
    },
  ) {
    this.throttle = new LoginThrottle(deps)
  }

  /** The account's TOTP secret; undefined (the sign-in fails) when it does not open with this STAFF_SECRET_KEY. */
  private totpSecretOf(account: { name: string; secret: string }): string | undefined {
    try {
      return open(this.deps.secretKey, TOTP_PURPOSE, account.secret)
    } catch (error) {
      if (!(error instanceof SealedSecretError)) throw error
      this.deps.log.error({ staff: account.name }, `${error.message}: run npm run staff -- reset for this account, or restore the key`)
      return undefined
    }
  }

  /**
   * A failed sign-in, kept in the audit and logged at warn level: the name tried, why and from where, so that
   * guessing at an account shows. A lockout it caused is a row and a line of its own. Never the password or the code.
   */
  private async failed(name: string, reason: StaffLoginFailure, ip: string, locked: readonly ThrottleScope[] = []): Promise<void> {
    const { sequelize, log, options } = this.deps
    const tried = name.trim().slice(0, 64)
    log.warn({ staff: tried, reason, ip }, 'staff sign-in failed')
    await writeAudit(sequelize, { actor: tried, action: 'staff.login.failed', target: tried, ip, after: { reason } })
    if (locked.length === 0) return
    const minutes = options.LOGIN_LOCK_MINUTES
    log.warn({ staff: tried, scopes: locked, minutes, ip }, 'staff sign-in locked')
    await writeAudit(sequelize, { actor: tried, action: 'staff.login.locked', target: tried, ip, after: { scopes: locked, minutes } })
  }

  /** An attempt counted for the name and the address before anything is checked; a lock on either refuses it (200004). */
  private async reserve(name: string, ip: string): Promise<{ accountKey: string; ipKey: string; reservation: Reservation }> {
    const accountKey = signInThrottleKey(name)
    const ipKey = `staff:${ip}`.slice(0, 200)
    try {
      await this.throttle.assertNotLocked(accountKey, ipKey)
    } catch (error) {
      if (error instanceof AppError && error.key === 'ACCOUNT_LOCKED') await this.failed(name, 'locked', ip)
      throw error
    }
    const reservation = await this.throttle.reserveAttempt(accountKey, ipKey)
    if (reservation.refused) {
      await this.failed(name, 'locked', ip, reservation.lockedNow)
      throw this.throttle.lockedError()
    }
    return { accountKey, ipKey, reservation }
  }

  async login(input: StaffLoginInput, ip: string): Promise<{ token: string; staff: { name: string; role: StaffRole } }> {
    const { sequelize } = this.deps
    const { accountKey, ipKey, reservation } = await this.reserve(input.name, ip)

    const rows = await selectRows<StaffPrincipal & { passwordHash: string; secret: string; lastStep: string | null; status: string }>(
      sequelize,
      `SELECT id, name, role, password_hash AS "passwordHash", totp_secret AS secret, totp_last_step AS "lastStep", status
         FROM staff_account WHERE lower(name) = lower($1)`,
      [input.name.trim()],
    )
    const account = rows[0]
    const passwordMatches = await verifyPassword(account?.passwordHash ?? (await decoyPasswordHash()), input.password)
    const secret = account && passwordMatches && account.status === 'active' ? this.totpSecretOf(account) : undefined
    const step =
      account && secret !== undefined
        ? await acceptedTotpStep(secret, input.totp, account.lastStep === null ? null : Number(account.lastStep))
        : undefined
    // The step is claimed in one statement, so two sign-ins with one code cannot both pass; a secret
    // stored before secrets were sealed is sealed by the same statement.
    const claimed =
      account && secret !== undefined && step !== undefined
        ? await selectRows(
            sequelize,
            `UPDATE staff_account SET totp_last_step = $2, totp_secret = $3
              WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
            [account.id, step, isSealed(account.secret) ? account.secret : seal(this.deps.secretKey, TOTP_PURPOSE, secret)],
          )
        : []
    if (!account || claimed.length === 0) {
      const reason: StaffLoginFailure = !account
        ? 'unknown-name'
        : !passwordMatches
          ? 'wrong-password'
          : account.status !== 'active'
            ? 'disabled'
            : secret === undefined
              ? 'secret-unreadable'
              : step === undefined
                ? 'wrong-code'
                : 'code-used'
      for (const [scope, key] of reservation.lastAllowed) await this.throttle.lock(scope, key)
      await this.failed(
        input.name,
        reason,
        ip,
        reservation.lastAllowed.map(([scope]) => scope),
      )
      if (reservation.lastAllowed.length > 0) throw this.throttle.lockedError()
      throw new AppError('STAFF_LOGIN_FAILED')
    }

    await this.throttle.succeeded(accountKey, ipKey)
    const token = randomToken()
    await sequelize.transaction(async (transaction) => {
      await sequelize.query(`INSERT INTO staff_session (token_hash, staff_id, ip) VALUES ($1, $2, $3)`, {
        bind: [sha256Hex(token), account.id, ip.slice(0, 64)],
        transaction,
      })
      await writeAudit(sequelize, { actor: account.name, action: 'session.start', target: account.name, ip }, transaction)
    })
    return { token, staff: { name: account.name, role: account.role } }
  }

  /**
   * The signed-in member's password asked again, counted as a sign-in is (a wrong one is a failed sign-in of
   * the account, audited and logged; LOGIN_MAX_FAILURES lock its sign-in): its hash when right, else 300009
   * (200004 once locked).
   */
  async checkOwnPassword(staff: StaffPrincipal, password: string, ip: string): Promise<string> {
    const { accountKey, ipKey, reservation } = await this.reserve(staff.name, ip)
    const [row] = await selectRows<{ passwordHash: string }>(
      this.deps.sequelize,
      `SELECT password_hash AS "passwordHash" FROM staff_account WHERE id = $1`,
      [staff.id],
    )
    if (row && (await verifyPassword(row.passwordHash, password))) {
      await this.throttle.succeeded(accountKey, ipKey)
      return row.passwordHash
    }
    for (const [scope, key] of reservation.lastAllowed) await this.throttle.lock(scope, key)
    await this.failed(
      staff.name,
      'wrong-current-password',
      ip,
      reservation.lastAllowed.map(([scope]) => scope),
    )
    if (reservation.lastAllowed.length > 0) throw this.throttle.lockedError()
    throw new AppError('STAFF_PASSWORD_WRONG')
  }

  /** The staff member of a live token, whose idle time starts again; undefined for a token unknown, revoked, idle too long, too old or of a disabled account. */
  async authenticate(token: string): Promise<StaffPrincipal | undefined> {
    if (token.length > MAX_TOKEN_LENGTH) return undefined
    const { sequelize, maxAgeSeconds } = this.deps
    const tokenHash = sha256Hex(token)
    const rows = await selectRows<StaffPrincipal>(
      sequelize,
      `UPDATE staff_session s SET last_seen_at = now() FROM staff_account a
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.last_seen_at > now() - make_interval(mins => $2)
          AND s.created_at > now() - make_interval(secs => $3)
          AND a.id = s.staff_id AND a.status = 'active'
        RETURNING a.id, a.name, a.role`,
      [tokenHash, STAFF_IDLE_MINUTES, maxAgeSeconds],
    )
    // A session past its lifetime can never come back: it goes, rather than waiting to be read again.
    if (!rows[0])
      await sequelize.query(`DELETE FROM staff_session WHERE token_hash = $1 AND created_at <= now() - make_interval(secs => $2)`, {
        bind: [tokenHash, maxAgeSeconds],
      })
    return rows[0]
  }

  async logout(token: string, staff: StaffPrincipal, ip: string): Promise<void> {
    const { sequelize } = this.deps
    await sequelize.transaction(async (transaction) => {
      await sequelize.query(`UPDATE staff_session SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, {
        bind: [sha256Hex(token)],
        transaction,
      })
      await writeAudit(sequelize, { actor: staff.name, action: 'session.end', target: staff.name, ip }, transaction)
    })
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    staff: StaffService
    /**
     * A request hook: a live staff token whose role may do `action` (@rpt/contract's STAFF_PERMISSIONS), else the
     * error envelope. serve() (platform/http/staff-route.ts) adds it on request to every route whose contract names a
     * permission, so it reads only the headers.
     */
    requireStaff(action: StaffAction): (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    /** Set by requireStaff */
    staffMember: StaffPrincipal | null
  }
}

/** The staff member requireStaff established. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staffMember) throw new AppError('STAFF_NOT_SIGNED_IN')
  return request.staffMember
}

export default servicePlugin({ name: 'staff-service', decorates: 'staff', dependencies: ['db'] }, (app: FastifyInstance) => {
  const service = new StaffService({
    sequelize: app.db.sequelize,
    options: app.config,
    secretKey: app.config.STAFF_SECRET_KEY,
    log: app.log,
    maxAgeSeconds: app.config.STAFF_SESSION_MAX_AGE_S,
  })
  app.decorateRequest('staffMember', null)
  app.decorate('requireStaff', (action: StaffAction) => async (request: FastifyRequest) => {
    const token = bearerOf(request)
    if (!token) throw new AppError('STAFF_NOT_SIGNED_IN')
    const staff = await service.authenticate(token)
    if (!staff) throw new AppError('STAFF_SESSION_EXPIRED')
    if (!staffMay(staff.role, action)) throw new AppError('STAFF_FORBIDDEN')
    request.staffMember = staff
  })
  return service
})
