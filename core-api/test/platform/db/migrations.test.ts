import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator, migrateUp } from '../../../src/platform/db/migrator.ts'
import { migrations } from '../../../src/platform/db/migrations/index.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

async function tables(): Promise<string[]> {
  const rows = await t.app.db.sequelize.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    { type: QueryTypes.SELECT },
  )
  return rows.map((row) => row.name)
}

it('applies every migration, undoes them all, and applies them again', async () => {
  const migrator = await createMigrator(t.app.db.sequelize)
  expect((await migrator.executed()).map((m) => m.name)).toEqual(migrations.map((m) => m.name))
  expect(await tables()).toEqual(
    expect.arrayContaining([
      'research_report',
      'research_brief_report',
      'market_info',
      'customer_info',
      'sys_dict_data',
      'sys_config',
      'carousel',
      'map_region',
      'website_user',
      'website_user_session',
      'captcha_challenge',
      'login_throttle',
      'password_reset',
    ]),
  )

  await migrator.down({ to: 0 })
  expect(await tables()).toEqual(['schema_migrations'])
  expect(await migrator.executed()).toEqual([])

  // A start migrates what is missing; with every migration recorded it has nothing to do (and loads no umzug).
  expect((await migrateUp(t.app.db.sequelize)).map((m) => m.name)).toEqual(migrations.map((m) => m.name))
  expect(await migrateUp(t.app.db.sequelize)).toEqual([])
  await migrator.down({ step: 1 })
  expect((await migrateUp(t.app.db.sequelize)).map((m) => m.name)).toEqual([migrations.at(-1)!.name])
  expect((await migrator.executed()).map((m) => m.name)).toEqual(migrations.map((m) => m.name))
  // The schema works after the round trip: a row goes in and its search columns are generated.
  await t.app.db.sequelize.query(
    `INSERT INTO research_report (lang, report_code, title, web_title, market_type, publish_date, outline) VALUES ('zh-CN', 'M-1', '锂电池', 'm-1', 'energy', '2026-01-01', 'Battery')`,
  )
  const [row] = await t.app.db.sequelize.query<{ search_text: string; has_gram: boolean }>(
    `SELECT search_text, search_grams @> ARRAY['锂电'] AS has_gram FROM research_report WHERE report_code = 'M-1'`,
    { type: QueryTypes.SELECT },
  )
  expect(row).toEqual({ search_text: '锂电池 battery', has_gram: true })
})

it('keeps the narrow search table in step with research_report', async () => {
  const q = <T extends object>(sql: string) => t.app.db.sequelize.query<T>(sql, { type: QueryTypes.SELECT })
  await t.app.db.sequelize.query(
    `INSERT INTO research_report (lang, report_code, title, web_title, market_type, publish_date, outline, price) VALUES ('zh-CN', 'S-1', '储能锂电池', 's-1', 'energy', '2026-02-01', 'Storage', 9800)`,
  )
  const [{ id }] = (await q<{ id: string }>(`SELECT id FROM research_report WHERE report_code = 'S-1'`)) as [{ id: string }]
  const searchRow = async () =>
    (
      await q<Record<string, unknown>>(
        `SELECT lang, status, market_type, price::float8 AS price, publish_date::text AS publish_date, search_text FROM research_report_search WHERE id = ${id}`,
      )
    )[0]
  expect(await searchRow()).toEqual({
    lang: 'zh-CN',
    status: '0',
    market_type: 'energy',
    price: 9800,
    publish_date: '2026-02-01',
    search_text: '储能锂电池 storage',
  })

  await t.app.db.sequelize.query(`UPDATE research_report SET title = '氢能报告', status = '1', price = NULL WHERE id = ${id}`)
  expect(await searchRow()).toMatchObject({ status: '1', price: null, search_text: '氢能报告 storage' })
  // Both search indexes answer from the narrow table.
  expect(await q(`SELECT id FROM research_report_search WHERE search_grams @> ARRAY['氢能'] AND id = ${id}`)).toHaveLength(1)
  expect(await q(`SELECT id FROM research_report_search WHERE search_text LIKE '%氢能报告%' AND id = ${id}`)).toHaveLength(1)

  await t.app.db.sequelize.query(`DELETE FROM research_report WHERE id = ${id}`)
  expect(await searchRow()).toBeUndefined()
})

it('saves and finds a report whose summary is far longer than a page', async () => {
  const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })
  const outline = `${'长篇摘要内容。'.repeat(3000)}结尾关键词`
  await t.app.db.sequelize.query(
    `INSERT INTO research_report (lang, report_code, title, web_title, market_type, publish_date, outline) VALUES ('zh-CN', 'L-1', '长摘要报告', 'l-1', 'energy', '2026-03-01', $1)`,
    { bind: [outline] },
  )
  const found = await q<{ report_code: string }>(
    `SELECT r.report_code FROM research_report_search s JOIN research_report r USING (id) WHERE s.search_text LIKE $1`,
    ['%结尾关键词%'],
  )
  expect(found).toEqual([{ report_code: 'L-1' }])
  await t.app.db.sequelize.query(`DELETE FROM research_report WHERE report_code = 'L-1'`)
  // Its grams and keyword counts take 15-20 s of the embedded database's time alone, and twice that beside the
  // other test files: a correctness test, so it gets the time (speed is the bench's).
}, 120_000)

it('bumps the catalogue version once per transaction, when it commits', async () => {
  const version = async () =>
    Number(
      (
        await t.app.db.sequelize.query<{ v: string }>(`SELECT version::text AS v FROM research_report_version`, { type: QueryTypes.SELECT })
      )[0]!.v,
    )
  const before = await version()
  await t.app.db.sequelize.transaction(async (transaction) => {
    for (const code of ['V-1', 'V-2', 'V-3']) {
      await t.app.db.sequelize.query(
        `INSERT INTO research_report (lang, report_code, title, web_title, market_type, publish_date) VALUES ('en-US', $1, 'Version test', $2, 'energy', '2026-04-01')`,
        { bind: [code, code.toLowerCase()], transaction },
      )
    }
    // Not yet: the row lock would otherwise be held until the commit.
    const [inside] = await t.app.db.sequelize.query<{ v: string }>(`SELECT version::text AS v FROM research_report_version`, {
      type: QueryTypes.SELECT,
      transaction,
    })
    expect(Number(inside!.v)).toBe(before)
  })
  expect(await version()).toBe(before + 1)
  await t.app.db.sequelize.query(`DELETE FROM research_report WHERE report_code IN ('V-1', 'V-2', 'V-3')`)
  expect(await version()).toBe(before + 2)
})
