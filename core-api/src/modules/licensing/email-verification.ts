import type { EmailVerification } from '@rpt/contract'
import type { Sequelize } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import { AppError, type Lang } from '../../platform/errors.ts'
import { randomToken, sha256Hex } from '../../platform/lib/secrets.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import type { MailService } from '../mail/index.ts'
import type { ConfigService } from '../settings/index.ts'
import { emailVerificationMail } from './licence-mails.ts'
import type { SeatOrders } from './seat-orders.ts'

// Proving an account's e-mail: a link mailed to it. An enterprise licence
// admits the verified accounts of the buyer's company domain, so the
// buyer's own verification is what gives their orders that domain.

export const VERIFY_LINK_HOURS = 48

export class EmailVerifications {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      mails: MailService
      configs: ConfigService
      orders: SeatOrders
      options: Pick<Config, 'SITE_URL'>
    },
  ) {}

  private async user(userId: string) {
    const [user] = await selectRows<{ email: string; name: string; verifiedAt: Date | null }>(
      this.deps.sequelize,
      `SELECT email, coalesce(nullif(name, ''), login_code) AS name, email_verified_at AS "verifiedAt" FROM website_user WHERE id = $1`,
      [userId],
    )
    if (!user) throw new AppError('LOGIN_EXPIRED')
    return user
  }

  /** Mails a link (an already verified address answers as it is, with no mail). */
  async send(userId: string, lang: Lang): Promise<EmailVerification> {
    const user = await this.user(userId)
    if (user.verifiedAt) return { email: user.email, verifiedAt: user.verifiedAt.toISOString() }
    const siteName = await this.deps.configs.siteName(lang)
    const token = randomToken()
    await this.deps.sequelize.transaction(async (transaction) => {
      await this.deps.sequelize.query(
        `INSERT INTO email_verification (token_hash, user_id, email, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
        { bind: [sha256Hex(token), userId, user.email, VERIFY_LINK_HOURS], transaction },
      )
      const edition = lang === 'en-US' ? '/en' : ''
      const link = `${this.deps.options.SITE_URL}${edition}/personalCenter/verifyEmail?token=${token}`
      const content = emailVerificationMail(lang, { siteName, name: user.name, link, hours: VERIFY_LINK_HOURS })
      await this.deps.mails.enqueue({ kind: 'email-verification', reference: userId, to: user.email, content, secret: true }, transaction)
    })
    return { email: user.email, verifiedAt: null }
  }

  /** Spends a link sent for the address the account still has; the buyer's enterprise orders take its domain. */
  async verify(token: string): Promise<EmailVerification> {
    return this.deps.sequelize.transaction(async (transaction) => {
      const [row] = await selectRows<{ userId: string; email: string }>(
        this.deps.sequelize,
        `UPDATE email_verification v SET used_at = now() FROM website_user u
          WHERE v.token_hash = $1 AND v.used_at IS NULL AND v.expires_at > now() AND u.id = v.user_id AND lower(u.email) = lower(v.email)
          RETURNING v.user_id::text AS "userId", u.email`,
        [sha256Hex(token)],
        transaction,
      )
      if (!row) throw new AppError('VERIFY_LINK_INVALID')
      const [user] = await selectRows<{ verifiedAt: Date }>(
        this.deps.sequelize,
        `UPDATE website_user SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1 RETURNING email_verified_at AS "verifiedAt"`,
        [row.userId],
        transaction,
      )
      await this.deps.orders.adoptBuyerDomain(row.userId, transaction)
      return { email: row.email, verifiedAt: new Date(user!.verifiedAt).toISOString() }
    })
  }
}
