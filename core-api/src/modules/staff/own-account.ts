import type { FastifyInstance } from 'fastify'
import type { OwnCredentialsChanged, SecondFactorEnrollment } from '@rpt/contract'
import type { Sequelize } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import { AppError } from '../../platform/errors.ts'
import { isSealed, open, seal, SealedSecretError } from '../../platform/lib/secret-box.ts'
import { hashPassword, verifyPassword } from '../../platform/lib/secrets.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'
import type { StaffActor } from './actor.ts'
import { writeAudit } from './audit.ts'
import { endSessions } from './sessions.ts'
import { acceptedTotpStep, newTotpSecret, TOTP_PURPOSE } from './staff-accounts.ts'
import type { StaffService } from './staff-service.ts'

// A staff member's own password and second factor. Both need the current
// password, checked and counted as a sign-in (staff-service.ts); a new second
// factor replaces the old only once a code of the new authenticator proves it
// was set up, so a slip (a scan that failed, the wrong phone) never locks the
// member out. Either change ends the member's other sessions, not this one.

/** What a second factor in the making is sealed for, with STAFF_SECRET_KEY. */
const ENROLLMENT_PURPOSE = 'staff totp enrollment'
/** Long enough to install an app and scan; the secret is shown once, so a late one starts again. */
export const ENROLLMENT_MINUTES = 10

interface Enrollment {
  staff: string
  secret: string
  expires: number
}

export class StaffOwnAccount {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      settings: Pick<Config, 'STAFF_SECRET_KEY' | 'STAFF_SESSION_MAX_AGE_S'>
      staff: StaffService
    },
  ) {}

  /** A new password of the member's choosing (the contract's StaffPasswordField), never the current one. */
  async changePassword(actor: StaffActor, tokenHash: string, currentPassword: string, password: string): Promise<OwnCredentialsChanged> {
    const currentHash = await this.deps.staff.checkOwnPassword(actor, currentPassword, actor.ip ?? '')
    if (await verifyPassword(currentHash, password)) throw new AppError('STAFF_PASSWORD_UNCHANGED')
    const passwordHash = await hashPassword(password)
    return this.replace(actor, tokenHash, 'staff.password.change', 'password_hash = $2', [passwordHash])
  }

  /**
   * A new TOTP secret, shown once as its otpauth URI; nothing is stored. The server holds it meanwhile in the
   * answer itself: sealed, bound to this member and to ENROLLMENT_MINUTES, so only the member confirms it.
   */
  startSecondFactor(actor: StaffActor): SecondFactorEnrollment {
    const { secret, otpauthUri } = newTotpSecret(actor.name)
    const expires = Date.now() + ENROLLMENT_MINUTES * 60_000
    const sealed = seal(this.deps.settings.STAFF_SECRET_KEY, ENROLLMENT_PURPOSE, JSON.stringify({ staff: actor.id, secret, expires }))
    return { enrollment: sealed, otpauthUri, expiresAt: new Date(expires).toISOString() }
  }

  /** The started secret replaces the old, given the current password and a code of the new authenticator. */
  async confirmSecondFactor(
    actor: StaffActor,
    tokenHash: string,
    input: { currentPassword: string; enrollment: string; totp: string },
  ): Promise<OwnCredentialsChanged> {
    const secret = this.secretOf(actor, input.enrollment)
    await this.deps.staff.checkOwnPassword(actor, input.currentPassword, actor.ip ?? '')
    const step = await acceptedTotpStep(secret, input.totp, null)
    if (step === undefined) throw new AppError('STAFF_TOTP_CODE_WRONG')
    // The code just typed is spent: it cannot also sign someone in.
    const sealed = seal(this.deps.settings.STAFF_SECRET_KEY, TOTP_PURPOSE, secret)
    return this.replace(actor, tokenHash, 'staff.totp.change', 'totp_secret = $2, totp_last_step = $3', [sealed, step])
  }

  /** The secret of an enrollment this member started and that has not expired; else 300012. */
  private secretOf(actor: StaffActor, enrollment: string): string {
    // Only a sealed value: open() passes anything else through as it is, which would let a made-up one in.
    if (!isSealed(enrollment)) throw new AppError('STAFF_ENROLLMENT_INVALID')
    let parsed: Partial<Enrollment>
    try {
      parsed = JSON.parse(open(this.deps.settings.STAFF_SECRET_KEY, ENROLLMENT_PURPOSE, enrollment)) as Partial<Enrollment>
    } catch (error) {
      if (error instanceof SealedSecretError || error instanceof SyntaxError) throw new AppError('STAFF_ENROLLMENT_INVALID')
      throw error
    }
    const fresh = typeof parsed.expires === 'number' && parsed.expires > Date.now()
    if (parsed.staff !== actor.id || !fresh || typeof parsed.secret !== 'string') throw new AppError('STAFF_ENROLLMENT_INVALID')
    return parsed.secret
  }

  /** One credential replaced, the member's other sessions ended, and the audit row (which names what changed, never its value). */
  private async replace(
    actor: StaffActor,
    tokenHash: string,
    action: string,
    sets: string,
    values: unknown[],
  ): Promise<OwnCredentialsChanged> {
    const { sequelize, settings } = this.deps
    return sequelize.transaction(async (transaction) => {
      await sequelize.query(`UPDATE staff_account SET ${sets}, updated_at = now() WHERE id = $1`, {
        bind: [actor.id, ...values],
        transaction,
      })
      const sessionsEnded = await endSessions(sequelize, actor.id, settings.STAFF_SESSION_MAX_AGE_S, transaction, tokenHash)
      await writeAudit(
        sequelize,
        { actor: actor.name, action, target: actor.name, ip: actor.ip ?? undefined, after: { sessionsEnded } },
        transaction,
      )
      return { sessionsEnded }
    })
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Each staff member's own password and second factor (session.credentials) */
    staffOwnAccount: StaffOwnAccount
  }
}

export default servicePlugin(
  { name: 'staff-own-account', decorates: 'staffOwnAccount', dependencies: ['db', 'staff-service'] },
  (app: FastifyInstance) => new StaffOwnAccount({ sequelize: app.db.sequelize, settings: app.config, staff: app.staff }),
)
