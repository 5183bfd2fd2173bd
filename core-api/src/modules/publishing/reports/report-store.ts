import slugify from '@sindresorhus/slugify'
import type { Sequelize, Transaction } from 'sequelize'
import {
  COLLECTION_REPORTS,
  reportIdTag,
  reportTag,
  type EditionLang,
  type ReportEdition,
  type ReportEditionInput,
  type StaffReport,
} from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { contentStatusOf } from '../core/content-status.ts'
import { sanitizeRichText } from '../../../platform/lib/rich-text.ts'
import { selectRows } from '../../../platform/lib/sql.ts'

// Reading and writing a report's rows for the staff API: one row per edition
// (language) of a report code, presented as one StaffReport.

export const EDITION_LANGS: readonly EditionLang[] = ['zh-CN', 'en-US']
export type FileKind = 'sample' | 'full'

export interface FileInput {
  key: string
  name: string
  size: number
  sha256: string
  type: string
}

/** A stored file as the staff see it; the key stays internal (revisions restore it). */
export type StoredFileRecord = ReportEdition['files']['sample'] & { key: string }

export type StaffReportRecord = StaffReport & { everPublished: boolean }

export const FILE_COLUMNS = (prefix: string) =>
  `${prefix}_size AS "${prefix}Size", ${prefix}_sha256 AS "${prefix}Sha256", ${prefix}_type AS "${prefix}Type", ${prefix}_uploaded_at AS "${prefix}UploadedAt"`

export const ROW_COLUMNS = `id::text AS id, lang, report_code AS code, title, web_title AS slug, market_type AS category, report_region AS region,
  outline AS summary, context, directory AS contents, report_scope AS scope, charts_html AS "chartsHtml",
  to_char(publish_date, 'YYYY-MM-DD') AS "publishDate", page_num AS pages, chart AS charts, hot, hot_sort AS "hotSort", recommended,
  seo_title AS "seoTitle", seo_description AS "seoDescription", price::float8 AS single, multi_price::float8 AS multi,
  enterprise_price::float8 AS enterprise, status, version, publish_at AS "publishAt", updated_at AS "updatedAt", updated_by AS "updatedBy",
  ever_published AS "everPublished", sample_key AS "sampleKey", sample_name AS "sampleName", ${FILE_COLUMNS('sample')},
  attachment_key AS "attachmentKey", attachment_name AS "attachmentName", ${FILE_COLUMNS('attachment')}`

export interface Row {
  id: string
  lang: EditionLang
  code: string
  title: string
  slug: string
  category: string
  region: string
  summary: string
  context: string
  contents: string
  scope: string
  chartsHtml: string
  publishDate: string
  pages: number | null
  charts: number | null
  hot: boolean
  hotSort: number
  recommended: boolean
  seoTitle: string
  seoDescription: string
  single: number | null
  multi: number | null
  enterprise: number | null
  status: string
  version: number
  publishAt: Date | null
  updatedAt: Date
  updatedBy: string | null
  everPublished: boolean
  [file: string]: unknown
}

const iso = (value: unknown) =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'string' || typeof value === 'number'
      ? new Date(value).toISOString()
      : null

export function fileOf(row: Row, prefix: 'sample' | 'attachment'): StoredFileRecord | undefined {
  const key = row[`${prefix}Key`] as string | null
  if (!key) return undefined
  return {
    key,
    name: (row[`${prefix}Name`] as string | null) ?? '',
    size: Number(row[`${prefix}Size`] ?? 0),
    sha256: ((row[`${prefix}Sha256`] as string | null) ?? '').trim(),
    type: (row[`${prefix}Type`] as string | null) ?? '',
    uploadedAt: iso(row[`${prefix}UploadedAt`]) ?? '',
  }
}

function presentEdition(row: Row, oldSlugs: string[]): ReportEdition {
  const sample = fileOf(row, 'sample')
  const full = fileOf(row, 'attachment')
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category: row.category,
    region: row.region === '1' ? '1' : '0',
    summary: row.summary,
    context: row.context,
    contents: row.contents,
    scope: row.scope,
    chartsHtml: row.chartsHtml,
    publishDate: row.publishDate,
    pages: row.pages,
    charts: row.charts,
    hot: row.hot,
    hotSort: row.hotSort,
    recommended: row.recommended,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    prices: { single: row.single, multi: row.multi, enterprise: row.enterprise },
    oldSlugs,
    files: { ...(sample ? { sample } : {}), ...(full ? { full } : {}) },
  }
}

/** The report of a code, both editions; undefined when it has none. `lock` holds its rows for this transaction's write. */
export async function loadReport(
  sequelize: Sequelize,
  code: string,
  transaction?: Transaction,
  lock = false,
): Promise<StaffReportRecord | undefined> {
  const rows = await selectRows<Row>(
    sequelize,
    `SELECT ${ROW_COLUMNS} FROM research_report WHERE report_code = $1 ORDER BY lang${lock ? ' FOR UPDATE' : ''}`,
    [code],
    transaction,
  )
  if (rows.length === 0) return undefined
  const redirects = await selectRows<{ lang: string; slug: string }>(
    sequelize,
    `SELECT lang, old_slug AS slug FROM content_slug_redirect WHERE kind = 'report' AND code = $1 ORDER BY at, old_slug`,
    [code],
    transaction,
  )
  return presentReport(rows, redirects)
}

export function presentReport(rows: Row[], redirects: { lang: string; slug: string }[] = []): StaffReportRecord {
  const first = rows[0]!
  const editions: StaffReport['editions'] = {}
  for (const row of rows) {
    if (row.lang !== 'zh-CN' && row.lang !== 'en-US') continue
    editions[row.lang] = presentEdition(
      row,
      redirects.filter((r) => r.lang === row.lang).map((r) => r.slug),
    )
  }
  const latest = rows.reduce((a, b) => (new Date(a.updatedAt) >= new Date(b.updatedAt) ? a : b))
  return {
    code: first.code,
    status: contentStatusOf(first.status),
    version: Math.max(...rows.map((r) => r.version)),
    publishAt: iso(first.publishAt),
    updatedAt: iso(latest.updatedAt)!,
    updatedBy: latest.updatedBy,
    everPublished: rows.some((r) => r.everPublished),
    editions,
  }
}

/** What the staff API answers: the record without what is internal to it. */
export function publicView(report: StaffReportRecord): StaffReport {
  const { everPublished: _ignored, ...rest } = report
  return rest
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

/** A URL name from a title: Latin titles transliterated (Café → cafe), CJK letters kept as they are. */
export function slugFromTitle(title: string): string {
  const base = slugify(title, CJK.test(title) ? { transliterate: false } : {})
  const cleaned = base
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  return [...cleaned].slice(0, 180).join('').replace(/-+$/, '')
}

/** The slug itself when free in its language (for other codes), else slug-2, slug-3, … */
export async function uniqueSlug(
  sequelize: Sequelize,
  lang: string,
  base: string,
  code: string,
  transaction: Transaction,
): Promise<string> {
  const taken = new Set(
    (
      await selectRows<{ slug: string }>(
        sequelize,
        `SELECT web_title AS slug FROM research_report WHERE lang = $1 AND report_code <> $3 AND (web_title = $2 OR web_title LIKE $4)`,
        [lang, base, code, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`],
        transaction,
      )
    ).map((r) => r.slug),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/** The slug an edition saves under: the one given (300103 when another report has it) or one made from the title. */
export async function editionSlug(
  sequelize: Sequelize,
  lang: string,
  edition: ReportEditionInput,
  code: string,
  transaction: Transaction,
): Promise<string> {
  if (edition.slug) {
    const clash = await selectRows(
      sequelize,
      `SELECT 1 FROM research_report WHERE lang = $1 AND web_title = $2 AND report_code <> $3`,
      [lang, edition.slug, code],
      transaction,
    )
    if (clash.length > 0) throw new AppError('STAFF_SLUG_IN_USE')
    return edition.slug
  }
  return uniqueSlug(sequelize, lang, slugFromTitle(edition.title) || code.toLowerCase(), code, transaction)
}

/** Rich text as the public pages render it: the one allow-list (platform/lib/rich-text.ts), applied on save. */
export function sanitizedEdition(edition: ReportEditionInput): ReportEditionInput {
  return {
    ...edition,
    summary: sanitizeRichText(edition.summary),
    context: sanitizeRichText(edition.context ?? ''),
    contents: sanitizeRichText(edition.contents ?? ''),
    scope: sanitizeRichText(edition.scope ?? ''),
    chartsHtml: sanitizeRichText(edition.chartsHtml ?? ''),
  }
}

export async function assertCategories(sequelize: Sequelize, categories: string[], transaction?: Transaction): Promise<void> {
  const wanted = [...new Set(categories)]
  if (wanted.length === 0) return
  const known = await selectRows<{ value: string }>(
    sequelize,
    `SELECT DISTINCT dict_value AS value FROM sys_dict_data WHERE dict_type IN ('reports_category', 'reports_category_en') AND dict_value = ANY($1::text[])`,
    [wanted],
    transaction,
  )
  if (known.length < wanted.length) throw new AppError('STAFF_CATEGORY_UNKNOWN')
}

/** The cache tags a change to a report touches: each edition's slugs (before and after) and ids, and the report lists. */
export function reportChangeTags(...reports: (StaffReport | undefined)[]): string[] {
  const tags = [COLLECTION_REPORTS]
  for (const report of reports) {
    for (const edition of Object.values(report?.editions ?? {})) {
      if (!edition) continue
      tags.push(reportTag(edition.slug), reportIdTag(edition.id))
    }
  }
  return [...new Set(tags)]
}

/** The fields that differ, flattened (zh-CN.title, status, …), for the audit's before and after. */
export function auditDiff(
  before: StaffReport | undefined,
  after: StaffReport | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const flat = (report: StaffReport | undefined) => {
    const out: Record<string, unknown> = {}
    if (!report) return out
    out.status = report.status
    out.publishAt = report.publishAt
    for (const [lang, edition] of Object.entries(report.editions)) {
      if (!edition) continue
      for (const [key, value] of Object.entries(edition)) {
        if (key === 'files') {
          for (const [kind, file] of Object.entries(value as object)) {
            const { key: _key, ...shown } = file as StoredFileRecord
            out[`${lang}.files.${kind}`] = shown
          }
        } else if (key !== 'oldSlugs') out[`${lang}.${key}`] = value
      }
    }
    return out
  }
  const a = flat(before)
  const b = flat(after)
  const changedBefore: Record<string, unknown> = {}
  const changedAfter: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) === JSON.stringify(b[key])) continue
    if (key in a) changedBefore[key] = a[key]
    if (key in b) changedAfter[key] = b[key]
  }
  return { before: before ? changedBefore : null, after: after ? changedAfter : null }
}
