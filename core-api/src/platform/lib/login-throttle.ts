import type { Sequelize, Transaction } from 'sequelize'
import type { Config } from '../config.ts'
import { AppError } from '../errors.ts'
import { selectRows } from './sql.ts'

// Login attempts counted per account and per client address in
// login_throttle: too many failures within the window lock that scope for a
// while. Every attempt is counted before its password is checked, so guesses
// sent together cannot all be checked before the first failure locks.

type ThrottleOptions = Pick<Config, 'LOGIN_MAX_FAILURES' | 'LOGIN_IP_MAX_FAILURES' | 'LOGIN_FAILURE_WINDOW_MINUTES' | 'LOGIN_LOCK_MINUTES'>

export type ThrottleScope = 'account' | 'ip'

export interface Reservation {
  /** A limit is already used up (or a lock is on). */
  refused: boolean
  /** The scopes for which this is the last attempt before a lock, should it fail. */
  lastAllowed: [ThrottleScope, string][]
  /** The scopes this attempt locked, having raced past their limit (a lockout its caller may record). */
  lockedNow: ThrottleScope[]
}

/** The account scope's key: the login as typed, in lower case (login codes are unique regardless of case). */
export function accountKeyOf(loginCode: string): string {
  return loginCode.toLowerCase().slice(0, 200)
}

export class LoginThrottle {
  constructor(private readonly deps: { sequelize: Sequelize; options: ThrottleOptions }) {}

  lockedError(minutes: number = this.deps.options.LOGIN_LOCK_MINUTES): AppError {
    return new AppError('ACCOUNT_LOCKED', {
      'zh-CN': `登录失败次数过多，账户已临时锁定，请 ${minutes} 分钟后再试`,
      'en-US': `Too many failed logins. Sign-in is locked for ${minutes} minute${minutes === 1 ? '' : 's'}; please try again later.`,
    })
  }

  async assertNotLocked(accountKey: string, ipKey: string): Promise<void> {
    const rows = await selectRows<{ minutes: number }>(
      this.deps.sequelize,
      `SELECT ceil(extract(epoch FROM max(locked_until) - now()) / 60)::int AS minutes FROM login_throttle
        WHERE ((scope = 'account' AND key = $1) OR (scope = 'ip' AND key = $2)) AND locked_until > now()`,
      [accountKey, ipKey],
    )
    const minutes = rows[0]?.minutes
    if (minutes) throw this.lockedError(Math.max(1, minutes))
  }

  /** Counts an attempt for the account and the address in one statement each. */
  async reserveAttempt(accountKey: string, ipKey: string): Promise<Reservation> {
    const { LOGIN_MAX_FAILURES, LOGIN_IP_MAX_FAILURES, LOGIN_FAILURE_WINDOW_MINUTES } = this.deps.options
    let refused = false
    const lastAllowed: Reservation['lastAllowed'] = []
    const lockedNow: ThrottleScope[] = []
    for (const [scope, key, max] of [
      ['account', accountKey, LOGIN_MAX_FAILURES],
      ['ip', ipKey, LOGIN_IP_MAX_FAILURES],
    ] as const) {
      const rows = await selectRows<{ failures: number; locked: boolean }>(
        this.deps.sequelize,
        `INSERT INTO login_throttle AS t (scope, key, failures, window_started_at) VALUES ($1, $2, 1, now())
         ON CONFLICT (scope, key) DO UPDATE SET
           failures = CASE WHEN t.window_started_at < now() - make_interval(mins => $3) THEN 1 ELSE t.failures + 1 END,
           window_started_at = CASE WHEN t.window_started_at < now() - make_interval(mins => $3) THEN now() ELSE t.window_started_at END
         RETURNING failures, coalesce(locked_until > now(), false) AS locked`,
        [scope, key, LOGIN_FAILURE_WINDOW_MINUTES],
      )
      const row = rows[0]
      if (!row || row.locked) refused = true
      else if (row.failures > max) {
        // Raced past a lock that is not set yet: set it, so the count starts afresh when it ends.
        refused = true
        await this.lock(scope, key)
        lockedNow.push(scope)
      } else if (row.failures === max) lastAllowed.push([scope, key])
    }
    return { refused, lastAllowed, lockedNow }
  }

  async lock(scope: ThrottleScope, key: string): Promise<void> {
    await this.deps.sequelize.query(
      `UPDATE login_throttle SET locked_until = now() + make_interval(mins => $3), failures = 0, window_started_at = now() WHERE scope = $1 AND key = $2`,
      { bind: [scope, key, this.deps.options.LOGIN_LOCK_MINUTES] },
    )
  }

  /** A login succeeded: the account starts afresh, and the address gets back the attempt reserved for it. */
  async succeeded(accountKey: string, ipKey: string): Promise<void> {
    await this.clearAccount(accountKey)
    await this.deps.sequelize.query(`UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE scope = 'ip' AND key = $1`, {
      bind: [ipKey],
    })
  }

  /** Forgets the account's failures and lock (after a login or a password reset, or staff unlocking it). */
  async clearAccount(accountKey: string, transaction?: Transaction): Promise<void> {
    await this.deps.sequelize.query(`DELETE FROM login_throttle WHERE scope = 'account' AND key = $1`, {
      bind: [accountKey],
      ...(transaction ? { transaction } : {}),
    })
  }
}
