import { QueryTypes, type Sequelize, type Transaction } from 'sequelize'
import { randomToken, sha256Hex } from '../../platform/lib/secrets.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'

// Sessions: a random token goes to the client once; the database keeps its
// digest. Expiry slides with use (SESSION_IDLE_MINUTES) up to an absolute
// cap (SESSION_MAX_DAYS). Revocation is a timestamp, so it is auditable.

export interface SessionOptions {
  idleMinutes: number
  maxDays: number
}

export interface SessionUser {
  userId: string
  sessionId: string
}

/** Tokens this long or longer are not ours; refuse them before hashing. */
export const MAX_TOKEN_LENGTH = 200

export class SessionService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly options: SessionOptions,
  ) {}

  async create(userId: string, meta: { ip?: string | undefined; userAgent?: string | undefined }): Promise<string> {
    const token = randomToken()
    await this.sequelize.query(
      `INSERT INTO website_user_session (user_id, token_hash, expires_at, client_ip, user_agent)
       VALUES ($1, $2, now() + make_interval(mins => $3), $4, $5)`,
      { bind: [userId, sha256Hex(token), this.options.idleMinutes, meta.ip?.slice(0, 64) ?? null, meta.userAgent?.slice(0, 300) ?? null] },
    )
    return token
  }

  /**
   * The live session of a token, its expiry slid forward. The slide is
   * written at most once a minute per session, so reads stay reads.
   */
  async authenticate(token: string): Promise<SessionUser | undefined> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return undefined
    const rows = await this.sequelize.query<{ sessionId: string; userId: string }>(
      `WITH live AS (
         SELECT s.id, s.user_id, s.last_seen_at FROM website_user_session s JOIN website_user u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status = '0'
       ), slid AS (
         UPDATE website_user_session w
            SET last_seen_at = now(),
                expires_at = LEAST(w.created_at + make_interval(days => $3), now() + make_interval(mins => $2))
           FROM live WHERE w.id = live.id AND live.last_seen_at < now() - interval '1 minute'
         RETURNING w.id
       )
       SELECT live.id::text AS "sessionId", live.user_id::text AS "userId" FROM live`,
      { bind: [sha256Hex(token), this.options.idleMinutes, this.options.maxDays], type: QueryTypes.SELECT },
    )
    return rows[0]
  }

  async revoke(token: string): Promise<void> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return
    await this.sequelize.query(`UPDATE website_user_session SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, {
      bind: [sha256Hex(token)],
    })
  }

  /** Ends every session of the user except the one named (if any); answers how many it ended. */
  async revokeAll(userId: string, exceptSessionId?: string, transaction?: Transaction): Promise<number> {
    const ended = await selectRows(
      this.sequelize,
      `UPDATE website_user_session SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::bigint IS NULL OR id <> $2::bigint) RETURNING 1`,
      [userId, exceptSessionId ?? null],
      transaction,
    )
    return ended.length
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService
  }
}

export default servicePlugin(
  { name: 'session-service', decorates: 'sessions', dependencies: ['db'] },
  (app) => new SessionService(app.db.sequelize, { idleMinutes: app.config.SESSION_IDLE_MINUTES, maxDays: app.config.SESSION_MAX_DAYS }),
)
