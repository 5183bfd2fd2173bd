import type { Sequelize, Transaction } from 'sequelize'
import type { LicencePrices, ReportEditionInput } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { recordContentChange } from '../core/content-status.ts'
import { LICENCES } from '../../settings/index.ts'
import { writeAudit, type StaffActor } from '../../staff/index.ts'
import {
  auditDiff,
  loadReport,
  publicView,
  reportChangeTags,
  type FileInput,
  type FileKind,
  type StaffReportRecord,
} from './report-store.ts'

// The statements of a staff save. Every save is one transaction: the rows
// (locked), the version bump, a revision with its author, the audit row and
// the outbox row of the cache tags it touched.

/** What an upsert of an edition replaces: the editor's fields (a save's and an import's alike). */
export const EDITION_UPSERT_SET = `title = EXCLUDED.title, web_title = EXCLUDED.web_title, market_type = EXCLUDED.market_type, report_region = EXCLUDED.report_region, publish_date = EXCLUDED.publish_date, page_num = EXCLUDED.page_num, chart = EXCLUDED.chart, outline = EXCLUDED.outline, context = EXCLUDED.context, directory = EXCLUDED.directory, report_scope = EXCLUDED.report_scope, charts_html = EXCLUDED.charts_html, price = EXCLUDED.price, multi_price = EXCLUDED.multi_price, enterprise_price = EXCLUDED.enterprise_price, hot = EXCLUDED.hot, hot_sort = EXCLUDED.hot_sort, recommended = EXCLUDED.recommended, seo_title = EXCLUDED.seo_title, seo_description = EXCLUDED.seo_description, unsold_licences = EXCLUDED.unsold_licences`

/** The licences an edition's empty prices leave unsold (an empty price in the console or the import means "not sold"). */
export function unsoldLicences(prices: LicencePrices): string[] {
  return LICENCES.filter((licence) => prices[licence] === null || prices[licence] === undefined)
}

const EDITION_VALUES = `lang, report_code, title, web_title, market_type, report_region, publish_date, page_num, chart, outline, context,
  directory, report_scope, charts_html, price, multi_price, enterprise_price, hot, hot_sort, recommended, seo_title, seo_description`

/** Inserts or replaces one edition's row (status, version and files are set apart). */
export async function upsertEdition(
  sequelize: Sequelize,
  transaction: Transaction,
  code: string,
  lang: string,
  slug: string,
  edition: ReportEditionInput,
  newRow: { status: string; version: number; actor: string },
): Promise<void> {
  await sequelize.query(
    `INSERT INTO research_report (${EDITION_VALUES}, status, version, updated_by, ever_published, unsold_licences)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, false, $26::text[])
     ON CONFLICT (lang, report_code) DO UPDATE SET
       ${EDITION_UPSERT_SET}`,
    {
      transaction,
      bind: [
        lang,
        code,
        edition.title,
        slug,
        edition.category,
        edition.region ?? '0',
        edition.publishDate,
        edition.pages ?? null,
        edition.charts ?? null,
        edition.summary,
        edition.context ?? '',
        edition.contents ?? '',
        edition.scope ?? '',
        edition.chartsHtml ?? '',
        edition.prices.single,
        edition.prices.multi,
        edition.prices.enterprise,
        edition.hot ?? false,
        edition.hotSort ?? 0,
        edition.recommended ?? false,
        edition.seoTitle ?? '',
        edition.seoDescription ?? '',
        newRow.status,
        newRow.version,
        newRow.actor,
        unsoldLicences(edition.prices),
      ],
    },
  )
}

const FILE_PREFIX: Record<FileKind, string> = { sample: 'sample', full: 'attachment' }

/** Sets (or clears, with null) an edition's sample or full file. */
export async function setFile(
  sequelize: Sequelize,
  transaction: Transaction,
  code: string,
  lang: string,
  kind: FileKind,
  file: (FileInput & { uploadedAt?: string }) | null,
): Promise<void> {
  const p = FILE_PREFIX[kind]
  await sequelize.query(
    `UPDATE research_report SET ${p}_key = $3::text, ${p}_name = $4, ${p}_size = $5, ${p}_sha256 = $6, ${p}_type = $7,
       ${p}_uploaded_at = CASE WHEN $3::text IS NULL THEN NULL ELSE coalesce($8::timestamptz, now()) END
     WHERE report_code = $1 AND lang = $2`,
    {
      transaction,
      bind: [
        code,
        lang,
        file?.key ?? null,
        file?.name ?? null,
        file?.size ?? null,
        file?.sha256 ?? null,
        file?.type ?? null,
        file?.uploadedAt ?? null,
      ],
    },
  )
}

/** A constraint a concurrent save broke: the same slug or code taken between the check and the write. */
function uniqueClash(error: unknown): AppError | undefined {
  const cause = error as { name?: string; parent?: { constraint?: string; code?: string }; original?: { code?: string } }
  if (cause?.name !== 'SequelizeUniqueConstraintError' && cause?.parent?.code !== '23505') return undefined
  const constraint = cause.parent?.constraint ?? ''
  return new AppError(constraint.includes('web_title') ? 'STAFF_SLUG_IN_USE' : 'STAFF_CODE_IN_USE')
}

export interface SaveOptions {
  action: string
  actor: StaffActor
  code: string
  /** The version the caller read; undefined for a new report (which must not exist) */
  expected: number | undefined
  /** Extra tags (e.g. a slug that only the redirect table still names) */
  tags?: string[]
}

/**
 * Runs one staff save of a report: locks its rows, checks the version
 * (300101) and its existence, applies `change`, bumps the version on every
 * row, and records the revision, the audit row and the outbox row.
 */
export async function saveReport(
  sequelize: Sequelize,
  options: SaveOptions,
  change: (transaction: Transaction, before: StaffReportRecord | undefined, version: number) => Promise<void>,
  transactionIn?: Transaction,
): Promise<StaffReportRecord | undefined> {
  const run = async (transaction: Transaction) => {
    const before = await loadReport(sequelize, options.code, transaction, true)
    if (options.expected === undefined && before) throw new AppError('STAFF_CODE_IN_USE')
    if (options.expected !== undefined && !before) throw new AppError('STAFF_CONTENT_NOT_FOUND')
    if (options.expected !== undefined && before && before.version !== options.expected) throw new AppError('STAFF_VERSION_CONFLICT')
    const version = (before?.version ?? 0) + 1
    await change(transaction, before, version)
    await sequelize.query(`UPDATE research_report SET version = $2, updated_by = $3, updated_at = now() WHERE report_code = $1`, {
      bind: [options.code, version, options.actor.name],
      transaction,
    })
    const after = await loadReport(sequelize, options.code, transaction)
    if (after) await recordRevision(sequelize, transaction, after, options.action, options.actor.name)
    const diff = auditDiff(before, after)
    await writeAudit(
      sequelize,
      { actor: options.actor.name, action: `report.${options.action}`, target: options.code, ip: options.actor.ip ?? undefined, ...diff },
      transaction,
    )
    await recordContentChange(sequelize, [...reportChangeTags(before, after), ...(options.tags ?? [])], transaction)
    return after
  }
  try {
    return transactionIn ? await run(transactionIn) : await sequelize.transaction(run)
  } catch (error) {
    throw uniqueClash(error) ?? error
  }
}

export async function recordRevision(
  sequelize: Sequelize,
  transaction: Transaction,
  report: StaffReportRecord,
  action: string,
  author: string,
): Promise<void> {
  await sequelize.query(
    `INSERT INTO content_revision (kind, code, revision, version, action, author, snapshot)
     SELECT 'report', $1::text, coalesce(max(revision), 0) + 1, $2, $3, $4, $5::jsonb FROM content_revision WHERE kind = 'report' AND code = $1::text`,
    { bind: [report.code, report.version, action, author, JSON.stringify(publicView(report))], transaction },
  )
}
