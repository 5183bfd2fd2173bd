import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator } from '../../../src/platform/db/migrator.ts'
import { migrations } from '../../../src/platform/db/migrations/index.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// Migration 16 (staff publishing) undone and applied again: its tables and
// columns go and come back, and rows written before it stay published.
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const q = <T extends object>(sql: string) => t.app.db.sequelize.query<T>(sql, { type: QueryTypes.SELECT })
const columns = async (table: string) =>
  (await q<{ name: string }>(`SELECT column_name AS name FROM information_schema.columns WHERE table_name = '${table}'`)).map((r) => r.name)
const tables = async () =>
  (await q<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`)).map((r) => r.name)

it('undoes and redoes the publishing migration', async () => {
  const name = '2026.11.27T00.00.16.staff-publishing'
  expect(migrations.map((migration) => migration.name)).toContain(name)
  const migrator = await createMigrator(t.app.db.sequelize)
  expect(await tables()).toEqual(expect.arrayContaining(['content_revision', 'content_slug_redirect', 'content_change']))
  for (const table of ['research_report', 'research_brief_report', 'market_info'])
    expect(await columns(table)).toEqual(expect.arrayContaining(['version', 'publish_at', 'seo_title', 'updated_by', 'ever_published']))

  // Down to it (the later migrations first), then up again.
  await migrator.down({ to: name })
  expect(await tables()).not.toEqual(expect.arrayContaining(['content_revision']))
  expect((await tables()).filter((name) => name.startsWith('content_'))).toEqual([])
  for (const table of ['research_report', 'research_brief_report', 'market_info']) {
    const names = await columns(table)
    expect(
      names.filter((n) => ['version', 'publish_at', 'seo_title', 'ever_published', 'sample_key', 'attachment_sha256'].includes(n)),
    ).toEqual([])
  }
  await t.app.db.sequelize.query(
    `INSERT INTO research_report (lang, report_code, title, web_title, market_type, publish_date) VALUES ('zh-CN', 'MIG-16', '迁移', 'mig-16', 'energy', '2026-01-01')`,
  )

  await migrator.up()
  expect(await tables()).toEqual(expect.arrayContaining(['content_revision', 'content_slug_redirect', 'content_change']))
  const [row] = await q<{ status: string; version: number; ever_published: boolean }>(
    `SELECT status, version, ever_published FROM research_report WHERE report_code = 'MIG-16'`,
  )
  expect(row).toEqual({ status: '0', version: 1, ever_published: true })
})
