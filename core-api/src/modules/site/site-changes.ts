import type { Sequelize, Transaction } from 'sequelize'
import { COLLECTION_BULLETINS, COLLECTION_NEWS, COLLECTION_REPORTS, configTag, dictTag } from '@rpt/contract'
import { recordContentChange } from '../publishing/index.ts'
import { writeAudit, type StaffActor } from '../staff/index.ts'

// What every save of site content writes besides its rows, on the save's own
// transaction: the audit row (who, from where, before and after: these
// records hold public site content only, never a secret) and the outbox row
// whose tags the BFFs purge. The tags are the contract's (@rpt/contract's
// cache-tags.ts), which the BFF puts on the answers and pages that show the record.

/** The lists showing a dictionary family's labels (report-service, news-service, bulletin-service, published-service). */
const DICT_COLLECTIONS: Record<string, string[]> = {
  reports_category: [COLLECTION_REPORTS],
  market_type: [COLLECTION_REPORTS, COLLECTION_NEWS, COLLECTION_BULLETINS],
  news_category: [COLLECTION_NEWS],
  bulletin_type: [COLLECTION_BULLETINS],
  bulletin_label: [COLLECTION_BULLETINS],
}

/** A dictionary's tags as the BFF's dictTags makes them, and the lists that show its labels. */
export function dictChangeTags(type: string): string[] {
  const base = type.endsWith('_en') ? type.slice(0, -3) : type
  return [dictTag(type), ...(DICT_COLLECTIONS[base] ?? [])]
}

/** A configuration key's tag; report prices and counts default to the price and count keys, so reports' answers show those. */
export function configChangeTags(key: string): string[] {
  return [configTag(key), ...(/\.(price|number)$/.test(key) ? [COLLECTION_REPORTS] : [])]
}

export interface SiteChange {
  action: string
  target: string
  actor: StaffActor
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  tags: string[]
}

export async function recordSiteChange(sequelize: Sequelize, transaction: Transaction, change: SiteChange): Promise<void> {
  await writeAudit(
    sequelize,
    {
      actor: change.actor.name,
      action: change.action,
      target: change.target.slice(0, 64),
      ip: change.actor.ip ?? undefined,
      before: change.before,
      after: change.after,
    },
    transaction,
  )
  await recordContentChange(sequelize, change.tags, transaction)
}
