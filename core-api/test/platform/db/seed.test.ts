import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadFixtures, seed } from '../../../src/platform/db/seed.ts'
import { generateSyntheticCatalogue, SYNTHETIC_CODE_PREFIX } from '../../../src/cli/synthetic-catalogue.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// The committed fixtures, loaded the way a first start loads them.
let t: TestApp
const count = async (sql: string) => {
  const [row] = await t.app.db.sequelize.query<{ n: string }>(sql, { type: QueryTypes.SELECT })
  return Number(row?.n ?? 0)
}

beforeAll(async () => {
  t = await buildTestApp({ AUTO_SEED: true })
}, 120_000)
afterAll(() => t?.close())

describe('fixture seed', () => {
  it('loads bilingual content of the promised size', async () => {
    const fixtures = await loadFixtures(t.app.config.FIXTURES_DIR)
    expect(fixtures.reports.length).toBeGreaterThanOrEqual(120)
    expect(await count(`SELECT count(*) AS n FROM research_report WHERE lang = 'zh-CN'`)).toBe(fixtures.reports.length)
    expect(await count(`SELECT count(*) AS n FROM research_report WHERE lang = 'en-US'`)).toBe(fixtures.reports.length)
    expect(await count(`SELECT count(*) AS n FROM market_info`)).toBeGreaterThanOrEqual(60)
    expect(await count(`SELECT count(*) AS n FROM research_brief_report`)).toBeGreaterThanOrEqual(40)
    expect(await count(`SELECT count(DISTINCT market_type) AS n FROM research_brief_report`)).toBe(2)
    for (const type of ['reports_category', 'reports_category_en']) {
      expect(await count(`SELECT count(*) AS n FROM sys_dict_data WHERE dict_type = '${type}'`)).toBeGreaterThanOrEqual(12)
    }
  })

  it('answers the two-character Chinese keyword and an English word from the seeded catalogue', async () => {
    for (const [lang, keyword] of [
      ['zh-CN', '锂电'],
      ['en-US', 'BATTERY'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/report/researchReport/pageList',
        payload: { lang, keyword, pageNo: 1, pageSize: 50 },
      })
      const { data } = body(res)
      expect(data.pageList.count).toBeGreaterThanOrEqual(3)
      for (const item of data.pageList.list) expect(item.title.toLowerCase()).toContain(keyword.toLowerCase())
    }
  })

  it('writes real PDFs for the reports and bulletins that have files', async () => {
    const fixtures = await loadFixtures(t.app.config.FIXTURES_DIR)
    const withFiles = fixtures.reports.filter((r) => r.hasFile).length * 2 + fixtures.bulletins.filter((b) => b.hasFile).length
    expect(withFiles).toBeGreaterThan(0)
    expect(
      await count(
        `SELECT (SELECT count(*) FROM research_report WHERE attachment_key IS NOT NULL) + (SELECT count(*) FROM research_brief_report WHERE attachment_key IS NOT NULL) AS n`,
      ),
    ).toBe(withFiles)
    const reportFiles = await readdir(path.join(t.dataDir, 'files', 'reports'))
    expect(reportFiles.length).toBe(fixtures.reports.filter((r) => r.hasFile).length * 2)
    const head = await (await t.app.files.open(`reports/${reportFiles[0]!}`, { start: 0, end: 4 })).toArray()
    expect(Buffer.concat(head).toString()).toBe('%PDF-')
    expect((await t.app.files.stat(`reports/${reportFiles[0]!}`))!.size).toBeGreaterThan(10_000)
  })

  it('reseeds idempotently, keeping every id', async () => {
    const ids = async () =>
      (
        await t.app.db.sequelize.query<{ key: string }>(
          `SELECT lang || ':' || web_title || '=' || id AS key FROM research_report
       UNION ALL SELECT lang || ':' || web_title || '=' || id FROM market_info
       UNION ALL SELECT lang || ':' || web_title || '=' || id FROM research_brief_report ORDER BY 1`,
          { type: QueryTypes.SELECT },
        )
      ).map((r) => r.key)
    const before = await ids()
    const summary = await seed(t.app.db, { fixturesDir: t.app.config.FIXTURES_DIR, fileStore: t.app.files })
    expect(summary.reports + summary.news + summary.bulletins).toBe(before.length)
    expect(await ids()).toEqual(before)
  })
})

describe('synthetic catalogue', () => {
  it('grows the catalogue to the asked size per language and can be regenerated', async () => {
    const { reports } = await loadFixtures(t.app.config.FIXTURES_DIR)
    const total = reports.length + 80
    await generateSyntheticCatalogue(t.app.db, reports, total)
    await generateSyntheticCatalogue(t.app.db, reports, total)
    for (const lang of ['zh-CN', 'en-US']) {
      expect(await count(`SELECT count(*) AS n FROM research_report WHERE lang = '${lang}'`)).toBe(total)
    }
    expect(await count(`SELECT count(*) AS n FROM research_report WHERE report_code LIKE '${SYNTHETIC_CODE_PREFIX}%'`)).toBe(160)
    // The plain list's kept counts (migration report-keyword-counts) say the same, folded to one row per bucket.
    for (const lang of ['zh-CN', 'en-US']) {
      expect(await count(`SELECT sum(n) AS n FROM research_report_keyword_count WHERE lang = '${lang}' AND keyword = ''`)).toBe(
        await count(`SELECT count(*) AS n FROM research_report WHERE lang = '${lang}' AND status = '0'`),
      )
    }
    expect(await count(`SELECT count(*) AS n FROM research_report_keyword_count`)).toBe(
      await count(`SELECT count(DISTINCT (lang, keyword, market_type, report_region, band, year)) AS n FROM research_report_keyword_count`),
    )
    const res = await t.app.inject({
      method: 'POST',
      url: '/report/researchReport/pageList',
      payload: { lang: 'zh-CN', keyword: '锂电', pageSize: 100 },
    })
    const { data } = body(res)
    expect(data.pageList.count).toBeGreaterThan(3)
    for (const item of data.pageList.list) expect(item.title).toContain('锂电')
  }, 60_000)
})
