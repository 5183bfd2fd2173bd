import cliProgress from 'cli-progress'
import { QueryTypes } from 'sequelize'
import type { Database } from './database.ts'
import type { ReportFixture } from './fixture-types.ts'
import { compactKeywordCounts } from '../search/keyword-counts.ts'
import { sanitizeRichText, toPlainText } from '../lib/rich-text.ts'

// A large catalogue for benchmarks, built by varying the fixture reports:
// real titles, summaries and tables of contents, so keyword selectivity and
// row sizes resemble the real catalogue's.
export const SYNTHETIC_CODE_PREFIX = 'SYN-'

const ZH_EDITIONS = ['', '（精华版）', '（专题版）', '（区域版）', '（数据版）', '（投资版）']
const EN_EDITIONS = ['', ' (Executive Edition)', ' (Thematic Edition)', ' (Regional Edition)', ' (Data Edition)', ' (Investor Edition)']
const COLUMNS = [
  'lang',
  'report_code',
  'title',
  'web_title',
  'market_type',
  'report_region',
  'publish_date',
  'page_num',
  'chart',
  'outline',
  'context',
  'directory',
  'report_scope',
  'charts_html',
  'price',
  'multi_price',
  'enterprise_price',
] as const

/** A small deterministic PRNG (mulberry32), so two runs build the same catalogue. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function retitle(title: string, startYear: number, edition: string, zh: boolean): string {
  const span = `${startYear}-${startYear + 5}`
  const replaced = title.replace(/20\d\d-20\d\d/, span)
  return `${replaced === title ? (zh ? `${span}年${title}` : `${title}, ${span}`) : replaced}${edition}`
}

/**
 * Replaces the synthetic part of the catalogue so it holds `total` reports
 * in each language (fixture reports included).
 */
export async function generateSyntheticCatalogue(
  db: Database,
  fixtures: ReportFixture[],
  total: number,
  options: { progress?: boolean } = {},
) {
  if (fixtures.length === 0) throw new Error('no fixture reports to vary')
  const count = Math.max(0, total - fixtures.length)
  const random = prng(20261122)
  await db.sequelize.query(`DELETE FROM research_report WHERE report_code LIKE '${SYNTHETIC_CODE_PREFIX}%'`)
  const bar = options.progress
    ? new cliProgress.SingleBar({ format: 'synthetic reports |{bar}| {value}/{total} {eta_formatted}' }, cliProgress.Presets.shades_classic)
    : undefined
  bar?.start(count, 0)
  const batchPairs = 250
  const prepared = fixtures.map((f) => ({
    f,
    zh: {
      outline: toPlainText(f.zh.outline),
      context: sanitizeRichText(f.zh.context),
      directory: sanitizeRichText(f.zh.directory),
      scope: sanitizeRichText(f.zh.reportScope),
      charts: sanitizeRichText(f.zh.chartsHtml),
    },
    en: {
      outline: toPlainText(f.en.outline),
      context: sanitizeRichText(f.en.context),
      directory: sanitizeRichText(f.en.directory),
      scope: sanitizeRichText(f.en.reportScope),
      charts: sanitizeRichText(f.en.chartsHtml),
    },
  }))
  // Bulk loading into GIN indexes row by row is what makes a large catalogue
  // slow to build; drop the search indexes and build them once at the end,
  // from their own definitions, so the migration stays their only source.
  const searchIndexes = await db.sequelize.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename IN ('research_report', 'research_report_search') AND indexdef ILIKE '%USING gin%'`,
    { type: QueryTypes.SELECT },
  )
  for (const index of searchIndexes) await db.sequelize.query(`DROP INDEX IF EXISTS "${index.name}"`)
  try {
    await insertSynthetic()
  } finally {
    await db.sequelize.query(`SET maintenance_work_mem = '256MB'`).catch(() => undefined)
    for (const index of searchIndexes) await db.sequelize.query(index.definition)
  }
  bar?.stop()
  // Each report added a count row per counted keyword it matches (one at least: the plain list's).
  await compactKeywordCounts(db.sequelize)
  // Fresh statistics for the planner, and a visibility map so the facet
  // counts can be index-only scans.
  await db.sequelize.query('VACUUM ANALYZE research_report')
  if (searchIndexes.some((index) => index.definition.includes('research_report_search')))
    await db.sequelize.query('VACUUM ANALYZE research_report_search')
  return count

  async function insertSynthetic() {
    for (let start = 0; start < count; start += batchPairs) {
      const end = Math.min(count, start + batchPairs)
      const values: unknown[] = []
      const tuples: string[] = []
      for (let i = start; i < end; i++) {
        const base = prepared[i % prepared.length]!
        const edition = Math.floor(random() * ZH_EDITIONS.length)
        const startYear = 2019 + Math.floor(random() * 8)
        const publishDate = `${startYear + (random() < 0.5 ? 0 : 1) > 2026 ? 2026 : startYear}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`
        const factor = 0.6 + random() * 1.2
        const slug = `${base.f.webTitle}-s${i + 1}`
        for (const lang of ['zh-CN', 'en-US'] as const) {
          const texts = lang === 'zh-CN' ? base.f.zh : base.f.en
          const clean = lang === 'zh-CN' ? base.zh : base.en
          const title = retitle(
            toPlainText(texts.title),
            startYear,
            (lang === 'zh-CN' ? ZH_EDITIONS : EN_EDITIONS)[edition]!,
            lang === 'zh-CN',
          )
          const price = Math.round((texts.price * factor) / 100) * 100
          const row = [
            lang,
            `${SYNTHETIC_CODE_PREFIX}${i + 1}`,
            title,
            slug,
            base.f.marketType,
            base.f.reportRegion,
            publishDate,
            base.f.pageNum,
            base.f.chart,
            clean.outline,
            clean.context,
            clean.directory,
            clean.scope,
            clean.charts,
            price,
            Math.round(price * 1.4),
            Math.round(price * 2),
          ]
          tuples.push(`(${row.map((value) => `$${values.push(value)}`).join(', ')})`)
        }
      }
      await db.sequelize.query(`INSERT INTO research_report (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, { bind: values })
      bar?.update(end)
    }
  }
}
