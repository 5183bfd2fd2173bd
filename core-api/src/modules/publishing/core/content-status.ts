import type { Sequelize, Transaction } from 'sequelize'

// The staff's states of published content as stored in status.
// '0' keeps its meaning for every public query (published, the only status
// they read), so a draft, a scheduled or an unpublished record is invisible
// to the public API, search, its counts and the sitemap without a change to
// any of them.
export type ContentStatus = 'draft' | 'scheduled' | 'published' | 'unpublished'

export const STATUS_CODE: Record<ContentStatus, string> = { published: '0', unpublished: '2', scheduled: '8', draft: '9' }

const STATUS_OF: Record<string, ContentStatus> = { '0': 'published', '2': 'unpublished', '8': 'scheduled', '9': 'draft' }

/** A stored status; an unknown legacy value reads as unpublished (not public either). */
export function contentStatusOf(code: string): ContentStatus {
  return STATUS_OF[code.trim()] ?? 'unpublished'
}

/**
 * Records the tags a change touched in the outbox the BFFs poll
 * (GET /content/changes), on the transaction of the change itself: a change
 * is purged exactly when it commits, and never one that rolled back.
 */
export async function recordContentChange(sequelize: Sequelize, tags: Iterable<string>, transaction: Transaction): Promise<void> {
  const unique = [...new Set(tags)]
  if (unique.length === 0) return
  // Held to the commit (the insert is a save's last statement), so ids become
  // visible in their order and a poller that saw id n never misses a lower one.
  await sequelize.query(`LOCK TABLE content_change IN EXCLUSIVE MODE`, { transaction })
  await sequelize.query(`INSERT INTO content_change (tags) VALUES ($1::text[])`, { bind: [unique], transaction })
}
