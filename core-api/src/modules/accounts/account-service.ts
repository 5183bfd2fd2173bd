import type { FastifyBaseLogger } from 'fastify'
import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import type { Models } from '../../platform/db/models/index.ts'
import type { WebsiteUser } from '../../platform/db/models/website-user.ts'
import { AppError, invalid, type Lang } from '../../platform/errors.ts'
import { ACCOUNT_MESSAGES, isValidLoginCode, newPasswordFailure, profileFailure, type AccountMessageKey } from './account-rules.ts'
import { decryptCredential } from '../../platform/lib/credentials.ts'
import { isValidEmail } from './customer-validation.ts'
import { passwordResetMail, type MailService } from '../mail/index.ts'
import { toPlainText } from '../../platform/lib/rich-text.ts'
import { decoyPasswordHash, hashPassword, randomToken, sha256Hex, verifyPassword } from '../../platform/lib/secrets.ts'
import type { CaptchaService } from './captcha-service.ts'
import type { ConfigService } from '../settings/index.ts'
import { accountKeyOf, LoginThrottle } from '../../platform/lib/login-throttle.ts'
import type { SessionService } from './session-service.ts'
import { commonDeps, servicePlugin } from '../../platform/lib/service-plugin.ts'

/** What clients see of a user: never the hash, never a token. */
export interface PublicUser {
  id: string
  loginCode: string
  name: string
  companyName: string
  addr: string
  email: string
  contact: string
  lang: string
  createDate: string
}

export interface ClientMeta {
  ip?: string | undefined
  userAgent?: string | undefined
}

export interface ProfileFields {
  companyName?: string | undefined
  addr?: string | undefined
  email?: string | undefined
  contact?: string | undefined
  name?: string | undefined
}

export interface RegisterInput extends ProfileFields {
  loginCode?: string | undefined
  password?: string | undefined
  confirmNewPassword?: string | undefined
}

export interface LoginInput {
  loginCode?: string | undefined
  password?: string | undefined
  validCode?: string | undefined
  unTime?: string | undefined
}

export interface NewPasswordInput {
  newPassword?: string | undefined
  confirmNewPassword?: string | undefined
}

type AccountOptions = Pick<
  Config,
  | 'CREDENTIAL_KEY'
  | 'SITE_URL'
  | 'LOGIN_MAX_FAILURES'
  | 'LOGIN_IP_MAX_FAILURES'
  | 'LOGIN_FAILURE_WINDOW_MINUTES'
  | 'LOGIN_LOCK_MINUTES'
  | 'RESET_TOKEN_TTL_MINUTES'
>

function fail(key: AccountMessageKey): AppError {
  return invalid(ACCOUNT_MESSAGES[key]['zh-CN'], ACCOUNT_MESSAGES[key]['en-US'])
}

/** Markup removed and blanks trimmed, as every profile field is stored. */
function plain(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  return toPlainText(value).trim()
}

export function presentUser(user: WebsiteUser): PublicUser {
  return {
    id: String(user.id),
    loginCode: user.loginCode,
    name: user.name,
    companyName: user.companyName,
    addr: user.addr,
    email: user.email,
    contact: user.contact,
    lang: user.lang,
    createDate: user.createdAt.toISOString(),
  }
}

export class AccountService {
  private readonly throttle: LoginThrottle

  constructor(
    private readonly deps: {
      sequelize: Sequelize
      models: Pick<Models, 'WebsiteUser'>
      sessions: SessionService
      captcha: CaptchaService
      configs: ConfigService
      mails: MailService
      log: FastifyBaseLogger
      options: AccountOptions
    },
  ) {
    this.throttle = new LoginThrottle(deps)
  }

  /** A field the client encrypted (product spec section 9); garbage is a validation error, not a fault. */
  private decrypt(value: string | undefined): string | undefined {
    if (value === undefined || value === '') return undefined
    const plainText = decryptCredential(value, this.deps.options.CREDENTIAL_KEY)
    if (plainText === undefined) throw fail('undecryptable')
    return plainText
  }

  async register(input: RegisterInput, lang: Lang, meta: ClientMeta): Promise<{ token: string; user: PublicUser }> {
    if (!input.loginCode) throw fail('loginCodeRequired')
    if (!input.password) throw fail('passwordRequired')
    if (!input.confirmNewPassword) throw fail('confirmRequired')
    const loginCode = this.decrypt(input.loginCode)!.trim()
    const password = this.decrypt(input.password)
    const confirmation = this.decrypt(input.confirmNewPassword)
    if (!isValidLoginCode(loginCode)) throw fail('loginCodeFormat')
    const passwordProblem = newPasswordFailure(password, confirmation)
    if (passwordProblem) throw fail(passwordProblem)
    const profile = {
      companyName: plain(input.companyName),
      addr: plain(input.addr) ?? '',
      email: plain(input.email),
      contact: plain(input.contact),
      name: plain(input.name),
    }
    const profileProblem = profileFailure(profile)
    if (profileProblem) throw fail(profileProblem)

    await this.assertAvailable(loginCode, profile.email!)
    const passwordHash = await hashPassword(password!)
    let user: WebsiteUser
    try {
      user = await this.deps.models.WebsiteUser.create({
        loginCode,
        passwordHash,
        lang,
        lastLoginAt: new Date(),
        companyName: profile.companyName!,
        addr: profile.addr,
        email: profile.email!,
        contact: profile.contact!,
        name: profile.name!,
      })
    } catch (error) {
      // Two registrations raced past assertAvailable; the unique index decides.
      if (error instanceof UniqueConstraintError) {
        await this.assertAvailable(loginCode, profile.email!)
        throw new AppError('LOGIN_CODE_TAKEN')
      }
      throw error
    }
    const token = await this.deps.sessions.create(String(user.id), meta)
    return { token, user: presentUser(user) }
  }

  private async assertAvailable(loginCode: string, email: string, exceptUserId?: string): Promise<void> {
    const rows = await this.deps.sequelize.query<{ loginTaken: boolean; emailTaken: boolean }>(
      `SELECT bool_or(lower(login_code) = lower($1)) AS "loginTaken", bool_or(lower(email) = lower($2)) AS "emailTaken"
         FROM website_user WHERE (lower(login_code) = lower($1) OR lower(email) = lower($2)) AND ($3::bigint IS NULL OR id <> $3::bigint)`,
      { bind: [loginCode, email, exceptUserId ?? null], type: QueryTypes.SELECT },
    )
    if (rows[0]?.loginTaken) throw new AppError('LOGIN_CODE_TAKEN')
    if (rows[0]?.emailTaken) throw new AppError('EMAIL_TAKEN')
  }

  async login(input: LoginInput, meta: ClientMeta): Promise<{ token: string; user: PublicUser }> {
    if (!input.loginCode) throw fail('loginCodeRequired')
    if (!input.password) throw fail('passwordRequired')
    if (!input.validCode) throw fail('validCodeRequired')
    const loginCode = this.decrypt(input.loginCode)!.trim()
    const password = this.decrypt(input.password)!
    const accountKey = accountKeyOf(loginCode)
    const ipKey = (meta.ip ?? 'unknown').slice(0, 200)

    // The captcha is spent before anything else, so a locked account or a
    // wrong password still costs the client a new image.
    const captchaPassed = await this.deps.captcha.consume(input.unTime, input.validCode)
    await this.throttle.assertNotLocked(accountKey, ipKey)
    if (!captchaPassed) throw new AppError('CAPTCHA_INVALID')

    // The attempt is counted before the password is checked, so guesses sent
    // together cannot all be checked before the first failure locks.
    const reservation = await this.throttle.reserveAttempt(accountKey, ipKey)
    if (reservation.refused) throw this.throttle.lockedError()

    const user = await this.deps.sequelize
      .query<{ id: string; passwordHash: string; status: string }>(
        `SELECT id::text, password_hash AS "passwordHash", status FROM website_user WHERE lower(login_code) = lower($1)`,
        { bind: [loginCode], type: QueryTypes.SELECT },
      )
      .then((rows) => rows[0])
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password)
    if (!user || !matches) {
      if (reservation.lastAllowed.length > 0) {
        for (const [scope, key] of reservation.lastAllowed) await this.throttle.lock(scope, key)
        throw this.throttle.lockedError()
      }
      throw new AppError('LOGIN_FAILED')
    }

    // A success is not a failure of the address: give back what was reserved.
    await this.throttle.succeeded(accountKey, ipKey)
    // Said only to the right password, so that a guess never learns an account was disabled.
    if (user.status !== '0') throw new AppError('ACCOUNT_DISABLED')
    await this.deps.sequelize.query(`UPDATE website_user SET last_login_at = now() WHERE id = $1`, { bind: [user.id] })
    const token = await this.deps.sessions.create(user.id, meta)
    return { token, user: presentUser((await this.deps.models.WebsiteUser.findByPk(user.id))!) }
  }

  async userInfo(userId: string): Promise<PublicUser> {
    const user = await this.deps.models.WebsiteUser.findByPk(userId)
    if (!user) throw new AppError('LOGIN_EXPIRED')
    return presentUser(user)
  }

  /** Fields left out keep their value; the result must still pass the profile rules. */
  async updateProfile(userId: string, input: ProfileFields): Promise<PublicUser> {
    const user = await this.deps.models.WebsiteUser.findByPk(userId)
    if (!user) throw new AppError('LOGIN_EXPIRED')
    const next = {
      companyName: plain(input.companyName) ?? user.companyName,
      addr: plain(input.addr) ?? user.addr,
      email: plain(input.email) ?? user.email,
      contact: plain(input.contact) ?? user.contact,
      name: plain(input.name) ?? user.name,
    }
    const problem = profileFailure(next)
    if (problem) throw fail(problem)
    const emailChanged = next.email.toLowerCase() !== user.email.toLowerCase()
    if (emailChanged) await this.assertAvailable(user.loginCode, next.email, userId)
    try {
      await user.update(next)
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw new AppError('EMAIL_TAKEN')
      throw error
    }
    // A new address is not proven yet (an enterprise licence admits verified addresses only).
    if (emailChanged) await this.deps.sequelize.query(`UPDATE website_user SET email_verified_at = NULL WHERE id = $1`, { bind: [userId] })
    return presentUser(user)
  }

  /** Sets a new password and ends every other session of the user. */
  async changePassword(userId: string, currentSessionId: string, input: NewPasswordInput): Promise<void> {
    const password = this.decrypt(input.newPassword)
    const confirmation = this.decrypt(input.confirmNewPassword)
    const problem = newPasswordFailure(password, confirmation)
    if (problem) throw fail(problem)
    await this.setPassword(userId, password!, currentSessionId)
  }

  private async setPassword(userId: string, password: string, keepSessionId?: string): Promise<void> {
    const passwordHash = await hashPassword(password)
    await this.deps.sequelize.transaction(async (transaction) => {
      await this.deps.sequelize.query(
        `UPDATE website_user SET password_hash = $2, password_changed_at = now(), updated_at = now() WHERE id = $1`,
        { bind: [userId, passwordHash], transaction },
      )
      await this.deps.sessions.revokeAll(userId, keepSessionId, transaction)
    })
  }

  /**
   * Mails a reset link when the address belongs to a user. The answer does
   * not depend on that: the mail is queued, and sent after the reply.
   */
  async requestPasswordReset(emailInput: string | undefined, lang: Lang): Promise<void> {
    const email = plain(emailInput)
    if (!email) throw fail('emailRequired')
    if (!isValidEmail(email)) throw fail('emailFormat')
    const user = await this.deps.models.WebsiteUser.findOne({
      where: this.deps.sequelize.where(this.deps.sequelize.fn('lower', this.deps.sequelize.col('email')), email.toLowerCase()),
    })
    if (!user || user.status !== '0') return
    await this.mailResetLink(user, lang)
  }

  /**
   * Mails the user a reset link (forgetPwd, and staff from the customers desk:
   * the same mail and link); `alongside` runs in the same transaction (the
   * staff audit row), so the link is queued with it or not at all.
   */
  async mailResetLink(user: WebsiteUser, lang: Lang, alongside?: (transaction: Transaction) => Promise<void>): Promise<void> {
    const token = randomToken()
    const link = `${this.deps.options.SITE_URL}${lang === 'en-US' ? '/en' : ''}/?resetToken=${encodeURIComponent(token)}`
    // Read before the transaction: on the embedded database the pool has one connection, which the transaction holds.
    const siteName = await this.deps.configs.siteName(lang)
    const content = passwordResetMail(lang, { siteName, name: user.name, link, minutes: this.deps.options.RESET_TOKEN_TTL_MINUTES })
    await this.deps.sequelize.transaction(async (transaction) => {
      // A new link replaces the ones before it.
      await this.voidResetLinks(String(user.id), transaction)
      await this.deps.sequelize.query(
        `INSERT INTO password_reset (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
        { bind: [sha256Hex(token), user.id, this.deps.options.RESET_TOKEN_TTL_MINUTES], transaction },
      )
      await this.deps.mails.enqueue(
        { kind: 'password-reset', reference: String(user.id), to: user.email, content, secret: true },
        transaction,
      )
      await alongside?.(transaction)
    })
  }

  /** Spends the user's unused reset links (a new one replaces them; a disabled account keeps none). */
  async voidResetLinks(userId: string, transaction: Transaction): Promise<void> {
    await this.deps.sequelize.query(`UPDATE password_reset SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, {
      bind: [userId],
      transaction,
    })
  }

  /** Lifts the soft lock failed logins put on the account (staff, from the customers desk). */
  clearLoginLock(loginCode: string, transaction?: Transaction): Promise<void> {
    return this.throttle.clearAccount(accountKeyOf(loginCode), transaction)
  }

  /** Spends a reset token (once, before it expires), sets the password and ends every session. */
  async resetPassword(input: NewPasswordInput & { resetToken?: string | undefined }): Promise<void> {
    if (!input.resetToken) throw fail('resetTokenRequired')
    const password = this.decrypt(input.newPassword)
    const confirmation = this.decrypt(input.confirmNewPassword)
    const problem = newPasswordFailure(password, confirmation)
    if (problem) throw fail(problem)
    const rows = await this.deps.sequelize.query<{ userId: string }>(
      `UPDATE password_reset SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id::text AS "userId"`,
      { bind: [sha256Hex(input.resetToken)], type: QueryTypes.SELECT },
    )
    const userId = rows[0]?.userId
    if (!userId) throw new AppError('RESET_TOKEN_INVALID')
    await this.setPassword(userId, password!)
    const user = await this.deps.models.WebsiteUser.findByPk(userId)
    if (user) await this.clearLoginLock(user.loginCode)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService
  }
}

export default servicePlugin(
  {
    name: 'account-service',
    decorates: 'accounts',
    dependencies: ['db', 'mail-service', 'session-service', 'captcha-service', 'config-service'],
  },
  (app) =>
    new AccountService({
      ...commonDeps(app),
      models: app.db.models,
      sessions: app.sessions,
      captcha: app.captcha,
      configs: app.configs,
      mails: app.mails,
    }),
)
