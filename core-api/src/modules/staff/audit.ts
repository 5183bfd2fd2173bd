import type { Sequelize, Transaction } from 'sequelize'

// The staff audit: one row per staff write (who, from where, what, before and
// after), in the write's own transaction where it has one. Passwords, tokens
// and TOTP secrets never go in a row.

export interface AuditEntry {
  /** The staff member, or cli:<os user> */
  actor: string
  action: string
  target?: string | undefined
  ip?: string | undefined
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

export async function writeAudit(sequelize: Sequelize, entry: AuditEntry, transaction?: Transaction): Promise<void> {
  await sequelize.query(`INSERT INTO staff_audit (actor, action, target, ip, before, after) VALUES ($1, $2, $3, $4, $5, $6)`, {
    ...(transaction ? { transaction } : {}),
    bind: [
      entry.actor,
      entry.action,
      entry.target ?? null,
      entry.ip ?? null,
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
    ],
  })
}
