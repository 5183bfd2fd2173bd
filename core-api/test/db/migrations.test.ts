import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator } from '../../src/db/migrator.ts'
import { migrations } from '../../src/db/migrations/index.ts'
import { buildTestApp, type TestApp } from '../helpers/build-app.ts'

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
  const migrator = createMigrator(t.app.db.sequelize)
  expect((await migrator.executed()).map((m) => m.name)).toEqual(migrations.map((m) => m.name))
  expect(await tables()).toEqual(expect.arrayContaining(['research_report', 'research_brief_report', 'market_info', 'customer_info', 'sys_dict_data', 'sys_config', 'carousel', 'map_region', 'website_user', 'website_user_session', 'captcha_challenge', 'login_throttle', 'password_reset']))

  await migrator.down({ to: 0 })
  expect(await tables()).toEqual(['schema_migrations'])
  expect(await migrator.executed()).toEqual([])

  await migrator.up()
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
