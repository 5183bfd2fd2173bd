import cliProgress from 'cli-progress'
import { QueryTypes } from 'sequelize'
import type { Database } from '../platform/db/database.ts'
import type { ReportFixture } from '../platform/db/fixture-types.ts'
import { compactKeywordCounts } from '../modules/search/index.ts'
import { sanitizeRichText, toPlainText } from '../platform/lib/rich-text.ts'

// A large catalogue for benchmarks, built by varying the fixture reports:
// real titles, summaries and tables of contents, so keyword selectivity and
// row sizes resemble the real catalogue's. The variations are made in SQL
// (generate_series, with each report's year, month, day, edition and price
// factor drawn from hashes of its number, so two runs build the same
// catalogue), a few thousand reports a statement: sending each row's text as
// parameters is what made 100,000 reports take hours on the embedded
// database. The rows go through research_report's own triggers, so the
// search table and the keyword counts are what a real catalogue's would be.
export const SYNTHETIC_CODE_PREFIX = 'SYN-'

const ZH_EDITIONS = ['', '（精华版）', '（专题版）', '（区域版）', '（数据版）', '（投资版）']
const EN_EDITIONS = ['', ' (Executive Edition)', ' (Thematic Edition)', ' (Regional Edition)', ' (Data Edition)', ' (Investor Edition)']
/** Reports (of each language) per statement */
const CHUNK = 2000
/** A report's variations: hashint8extended(number, salt) for each, so they are independent of each other. */
const SALT = { edition: 1, year: 2, month: 3, day: 4, factor: 5 }

// $1 the fixture editions (jsonb), $2..$3 the reports' numbers, $4 the
// fixtures' count, $5 / $6 the Chinese and English edition suffixes.
const INSERT_SYNTHETIC = `
INSERT INTO research_report (lang, report_code, title, web_title, market_type, report_region, publish_date, page_num, chart, outline,
  context, directory, report_scope, charts_html, price, multi_price, enterprise_price)
SELECT b.lang, '${SYNTHETIC_CODE_PREFIX}' || g.n, v.title, b.web_title || '-s' || g.n, b.market_type, b.report_region,
       make_date(v.year, v.month, v.day), b.page_num, b.chart, b.outline, b.context, b.directory, b.scope, b.charts,
       v.price, round(v.price * 1.4), round(v.price * 2)
  FROM generate_series($2::int, $3::int) AS g(n)
  JOIN jsonb_to_recordset($1::jsonb) AS b(i int, lang text, title text, web_title text, market_type text, report_region text,
       page_num int, chart int, outline text, context text, directory text, scope text, charts text, price numeric)
    ON b.i = (g.n - 1) % $4
  CROSS JOIN LATERAL (SELECT 2019 + abs(hashint8extended(g.n, ${SALT.year}) % 8)::int AS year,
                             abs(hashint8extended(g.n, ${SALT.edition}) % ${ZH_EDITIONS.length})::int + 1 AS edition,
                             0.6 + abs(hashint8extended(g.n, ${SALT.factor}) % 1000000) / 1000000.0 * 1.2 AS factor) AS r
  CROSS JOIN LATERAL (SELECT r.year || '-' || (r.year + 5) AS span) AS s
  CROSS JOIN LATERAL (SELECT r.year, 1 + abs(hashint8extended(g.n, ${SALT.month}) % 12)::int AS month,
                             1 + abs(hashint8extended(g.n, ${SALT.day}) % 28)::int AS day,
                             round(b.price * r.factor / 100) * 100 AS price,
                             CASE WHEN b.title ~ '20[0-9][0-9]-20[0-9][0-9]' THEN regexp_replace(b.title, '20[0-9][0-9]-20[0-9][0-9]', s.span)
                                  WHEN b.lang = 'zh-CN' THEN s.span || '年' || b.title
                                  ELSE b.title || ', ' || s.span END
                             || (CASE b.lang WHEN 'zh-CN' THEN $5::text[] ELSE $6::text[] END)[r.edition] AS title) AS v
 ORDER BY g.n, b.lang DESC`

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
  await db.sequelize.query(`DELETE FROM research_report WHERE report_code LIKE '${SYNTHETIC_CODE_PREFIX}%'`)
  const bar = options.progress
    ? new cliProgress.SingleBar({ format: 'synthetic reports |{bar}| {value}/{total} {eta_formatted}' }, cliProgress.Presets.shades_classic)
    : undefined
  bar?.start(count, 0)
  // Each fixture edition once, cleaned as a save would clean it; the statement varies them.
  const editions = fixtures.flatMap((f, i) =>
    (['zh-CN', 'en-US'] as const).map((lang) => {
      const texts = lang === 'zh-CN' ? f.zh : f.en
      return {
        i,
        lang,
        title: toPlainText(texts.title),
        web_title: f.webTitle,
        market_type: f.marketType,
        report_region: f.reportRegion,
        page_num: f.pageNum,
        chart: f.chart,
        outline: toPlainText(texts.outline),
        context: sanitizeRichText(texts.context),
        directory: sanitizeRichText(texts.directory),
        scope: sanitizeRichText(texts.reportScope),
        charts: sanitizeRichText(texts.chartsHtml),
        price: texts.price,
      }
    }),
  )
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
    const json = JSON.stringify(editions)
    for (let first = 1; first <= count; first += CHUNK) {
      const last = Math.min(count, first + CHUNK - 1)
      await db.sequelize.query(INSERT_SYNTHETIC, { bind: [json, first, last, fixtures.length, ZH_EDITIONS, EN_EDITIONS] })
      bar?.update(last)
    }
  }
}
