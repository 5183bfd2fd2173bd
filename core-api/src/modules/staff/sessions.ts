import type { Sequelize, Transaction } from 'sequelize'
import { selectRows } from '../../platform/lib/sql.ts'

// Staff sessions as rows of staff_session: which are live (the sign-in's
// check, the accounts list's count), and ending a member's sessions (disable,
// reset, their own new password or second factor).

export const STAFF_IDLE_MINUTES = 30

/**
 * The condition a live session of alias `s` meets: not ended, used in the last 30 minutes, younger than
 * STAFF_SESSION_MAX_AGE_S. `maxAge` is the placeholder of that setting's seconds ($2…).
 */
export const liveSession = (maxAge: string) =>
  `s.revoked_at IS NULL AND s.last_seen_at > now() - make_interval(mins => ${STAFF_IDLE_MINUTES}) AND s.created_at > now() - make_interval(secs => ${maxAge})`

/** Ends the member's sessions, but the one of `keepTokenHash`; answers how many of them were live. */
export async function endSessions(
  sequelize: Sequelize,
  staffId: string,
  maxAgeSeconds: number,
  transaction: Transaction,
  keepTokenHash?: string,
): Promise<number> {
  // The live test reads each session as it was before this statement ended it.
  const rows = await selectRows<{ live: boolean }>(
    sequelize,
    `WITH ending AS (
       SELECT s.token_hash, (${liveSession('$2')}) AS live FROM staff_session s
        WHERE s.staff_id = $1 AND s.revoked_at IS NULL AND s.token_hash IS DISTINCT FROM $3 FOR UPDATE)
     UPDATE staff_session t SET revoked_at = now() FROM ending WHERE t.token_hash = ending.token_hash RETURNING ending.live`,
    [staffId, maxAgeSeconds, keepTokenHash ?? null],
    transaction,
  )
  return rows.filter((row) => row.live).length
}
