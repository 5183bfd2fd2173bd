import { EDITION_UPSERT_SET, unsoldLicences } from './report-write.ts'
import type { Sequelize, Transaction } from 'sequelize'
import type { CreateReportBody, EditionLang } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { recordContentChange, STATUS_CODE } from '../core/content-status.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import { writeAudit, type StaffActor } from '../../staff/index.ts'
import {
  assertCategories,
  presentReport,
  publicView,
  reportChangeTags,
  ROW_COLUMNS,
  sanitizedEdition,
  slugFromTitle,
  type FileInput,
  type FileKind,
  type Row,
} from './report-store.ts'

// Bulk import (called by the import of H6): idempotent on the
// slug (a row whose language and slug exist updates that report, anything
// else is created), a batch per transaction, and set-based statements (a
// multi-row upsert from one JSON parameter, one revision insert per batch)
// so 10,000 reports go in within the minute on the embedded database.

export interface ImportItem {
  code?: string
  status?: 'draft' | 'published'
  editions: CreateReportBody['editions']
  files?: Partial<Record<EditionLang, Partial<Record<FileKind, FileInput>>>>
}

export const IMPORT_BATCH = 500

const LANGS: EditionLang[] = ['zh-CN', 'en-US']

export async function importReports(
  sequelize: Sequelize,
  items: ImportItem[],
  actor: StaffActor,
): Promise<{ created: number; updated: number; codes: string[] }> {
  const total = { created: 0, updated: 0, codes: [] as string[] }
  for (let start = 0; start < items.length; start += IMPORT_BATCH) {
    // Sanitized and checked before the transaction: on the embedded database
    // (one session) a public search waits for the transaction, not for this.
    const prepared = prepare(items.slice(start, start + IMPORT_BATCH))
    await assertCategories(
      sequelize,
      prepared.flatMap((p) => p.editions.map((e) => e.edition.category)),
    )
    const result = await sequelize.transaction((transaction) => importBatch(sequelize, prepared, actor, transaction))
    total.created += result.created
    total.updated += result.updated
    total.codes.push(...result.codes)
  }
  return total
}

interface EditionRow {
  code: string
  lang: EditionLang
  slug: string
  status: string | null
  [field: string]: unknown
}

/** Each item's editions sanitized, with their slugs. */
function prepare(items: ImportItem[]) {
  return items.map((item) => ({
    item,
    editions: LANGS.flatMap((lang) => {
      const input = item.editions[lang]
      if (!input) return []
      const edition = sanitizedEdition(input)
      return [{ lang, edition, slug: edition.slug || slugFromTitle(edition.title) || (item.code ?? '').toLowerCase() }]
    }),
  }))
}

async function importBatch(sequelize: Sequelize, prepared: ReturnType<typeof prepare>, actor: StaffActor, transaction: Transaction) {
  // Which report each item is: the one holding one of its slugs, else its code, else a new code.
  const pairs = prepared.flatMap((p) => p.editions.map((e) => [e.lang, e.slug] as const))
  const bySlug = new Map(
    (
      await selectRows<{ lang: string; slug: string; code: string }>(
        sequelize,
        `SELECT r.lang, r.web_title AS slug, r.report_code AS code FROM research_report r
           JOIN unnest($1::text[], $2::text[]) AS k(lang, slug) ON r.lang = k.lang AND r.web_title = k.slug`,
        [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
        transaction,
      )
    ).map((row) => [`${row.lang}\n${row.slug}`, row.code]),
  )
  const rows = new Map<string, EditionRow>()
  const codes: string[] = []
  for (const { item, editions } of prepared) {
    if (editions.length === 0) continue
    const code =
      editions.map((e) => bySlug.get(`${e.lang}\n${e.slug}`)).find(Boolean) ??
      item.code ??
      `R${Date.now().toString(36).toUpperCase()}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`
    codes.push(code)
    for (const { lang, edition, slug } of editions) {
      // The last of two items for one edition wins (one statement cannot write a row twice).
      rows.set(`${code}\n${lang}`, {
        code,
        lang,
        slug,
        status: item.status ? STATUS_CODE[item.status] : null,
        title: edition.title,
        category: edition.category,
        region: edition.region ?? '0',
        summary: edition.summary,
        context: edition.context ?? '',
        contents: edition.contents ?? '',
        scope: edition.scope ?? '',
        charts_html: edition.chartsHtml ?? '',
        publish_date: edition.publishDate,
        pages: edition.pages ?? null,
        charts: edition.charts ?? null,
        hot: edition.hot ?? false,
        hot_sort: edition.hotSort ?? 0,
        recommended: edition.recommended ?? false,
        seo_title: edition.seoTitle ?? '',
        seo_description: edition.seoDescription ?? '',
        single: edition.prices.single,
        multi: edition.prices.multi,
        enterprise: edition.prices.enterprise,
        unsold: unsoldLicences(edition.prices),
        sample: item.files?.[lang]?.sample ?? null,
        full: item.files?.[lang]?.full ?? null,
      })
    }
  }
  const uniqueCodes = [...new Set(codes)]
  const existing = new Set(
    (
      await selectRows<{ code: string }>(
        sequelize,
        `SELECT report_code AS code FROM research_report WHERE report_code = ANY($1::text[]) FOR UPDATE`,
        [uniqueCodes],
        transaction,
      )
    ).map((row) => row.code),
  )
  const beforeTags = await tagsOf(sequelize, [...existing], transaction)
  const json = JSON.stringify([...rows.values()])
  try {
    await sequelize.query(
      `INSERT INTO research_report (lang, report_code, title, web_title, market_type, report_region, publish_date, page_num, chart, outline,
         context, directory, report_scope, charts_html, price, multi_price, enterprise_price, hot, hot_sort, recommended, seo_title,
         seo_description, status, version, updated_by, ever_published, unsold_licences)
       SELECT x.lang, x.code, x.title, x.slug, x.category, x.region, x.publish_date::date, x.pages, x.charts, x.summary, x.context, x.contents,
              x.scope, x.charts_html, x.single, x.multi, x.enterprise, x.hot, x.hot_sort, x.recommended, x.seo_title, x.seo_description,
              coalesce(x.status, $2), 1, $3, coalesce(x.status, $2) = '0', x.unsold
         FROM jsonb_to_recordset($1::jsonb) AS x(lang text, code text, title text, slug text, category text, region text, publish_date text,
              pages int, charts int, summary text, context text, contents text, scope text, charts_html text, single numeric, multi numeric,
              enterprise numeric, hot boolean, hot_sort int, recommended boolean, seo_title text, seo_description text, status text, unsold text[])
       ON CONFLICT (lang, report_code) DO UPDATE SET
         ${EDITION_UPSERT_SET}, version = research_report.version + 1, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      { bind: [json, STATUS_CODE.draft, actor.name], transaction },
    )
  } catch (error) {
    if ((error as { parent?: { code?: string } }).parent?.code === '23505') throw new AppError('STAFF_SLUG_IN_USE')
    throw error
  }
  // A status given for a report that existed; every row of a code at one version; the files.
  await sequelize.query(
    `UPDATE research_report r SET status = x.status, ever_published = r.ever_published OR x.status = '0', publish_at = NULL
       FROM jsonb_to_recordset($1::jsonb) AS x(lang text, code text, status text)
      WHERE r.report_code = x.code AND r.lang = x.lang AND x.status IS NOT NULL AND r.status <> x.status`,
    { bind: [json], transaction },
  )
  await sequelize.query(
    `UPDATE research_report r SET version = m.v FROM (
       SELECT report_code, max(version) AS v FROM research_report WHERE report_code = ANY($1::text[]) GROUP BY report_code) m
      WHERE r.report_code = m.report_code AND r.version <> m.v`,
    { bind: [uniqueCodes], transaction },
  )
  for (const [kind, prefix] of [
    ['sample', 'sample'],
    ['full', 'attachment'],
  ] as const) {
    const files = [...rows.values()]
      .filter((row) => row[kind])
      .map((row) => ({ code: row.code, lang: row.lang, ...(row[kind] as FileInput) }))
    if (files.length === 0) continue
    await sequelize.query(
      `UPDATE research_report r SET ${prefix}_key = x.key, ${prefix}_name = x.name, ${prefix}_size = x.size, ${prefix}_sha256 = x.sha256,
              ${prefix}_type = x.type, ${prefix}_uploaded_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS x(code text, lang text, key text, name text, size bigint, sha256 text, type text)
        WHERE r.report_code = x.code AND r.lang = x.lang`,
      { bind: [JSON.stringify(files)], transaction },
    )
  }
  const reports = await reportsOf(sequelize, uniqueCodes, transaction)
  await sequelize.query(
    `INSERT INTO content_revision (kind, code, revision, version, action, author, snapshot)
     SELECT 'report', x.code, coalesce((SELECT max(c.revision) FROM content_revision c WHERE c.kind = 'report' AND c.code = x.code), 0) + 1,
            x.version, 'import', $2, x.snapshot
       FROM jsonb_to_recordset($1::jsonb) AS x(code text, version int, snapshot jsonb)`,
    {
      bind: [JSON.stringify(reports.map((r) => ({ code: r.code, version: r.version, snapshot: publicView(r) }))), actor.name],
      transaction,
    },
  )
  const created = uniqueCodes.filter((code) => !existing.has(code)).length
  const updated = uniqueCodes.length - created
  await writeAudit(
    sequelize,
    {
      actor: actor.name,
      action: 'report.import',
      target: `${uniqueCodes.length} reports`,
      ip: actor.ip ?? undefined,
      after: { created, updated, codes: uniqueCodes },
    },
    transaction,
  )
  await recordContentChange(sequelize, [...beforeTags, ...reportChangeTags(...reports)], transaction)
  return { created, updated, codes: uniqueCodes }
}

async function reportsOf(sequelize: Sequelize, codes: string[], transaction: Transaction) {
  if (codes.length === 0) return []
  const rows = await selectRows<Row>(
    sequelize,
    `SELECT ${ROW_COLUMNS} FROM research_report WHERE report_code = ANY($1::text[]) ORDER BY report_code, lang`,
    [codes],
    transaction,
  )
  const byCode = new Map<string, typeof rows>()
  for (const row of rows) byCode.set(row.code, [...(byCode.get(row.code) ?? []), row])
  return [...byCode.values()].map((group) => presentReport(group))
}

async function tagsOf(sequelize: Sequelize, codes: string[], transaction: Transaction): Promise<string[]> {
  return reportChangeTags(...(await reportsOf(sequelize, codes, transaction)))
}
