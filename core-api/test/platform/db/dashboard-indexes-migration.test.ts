import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator } from '../../../src/platform/db/migrator.ts'
import { migrations } from '../../../src/platform/db/migrations/index.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// Migration 24 (the dashboard's index) undone and applied again: the index
// goes and comes back, and the dashboard's month of orders reads it.
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const q = <T extends object>(sql: string) => t.app.db.sequelize.query<T>(sql, { type: QueryTypes.SELECT })
const hasIndex = async () => (await q(`SELECT 1 FROM pg_indexes WHERE indexname = 'website_order_created'`)).length === 1

it('undoes and redoes the dashboard index; a month of orders is read through it', async () => {
  const name = '2026.11.28T10.00.24.dashboard-indexes'
  expect(migrations.map((migration) => migration.name)).toContain(name)
  const migrator = await createMigrator(t.app.db.sequelize)
  expect(await hasIndex()).toBe(true)

  await migrator.down({ to: name })
  expect(await hasIndex()).toBe(false)
  await migrator.up()
  expect(await hasIndex()).toBe(true)

  // The planner's choice on an empty table is a sequential scan; with it off, the index must serve the range.
  const plan = await t.app.db.sequelize.transaction(async (transaction) => {
    await t.app.db.sequelize.query('SET LOCAL enable_seqscan = off', { transaction })
    return t.app.db.sequelize.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT count(*) FROM website_order o WHERE o.created_at >= ('2026-11-01'::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`,
      { type: QueryTypes.SELECT, transaction },
    )
  })
  expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('website_order_created')
})
