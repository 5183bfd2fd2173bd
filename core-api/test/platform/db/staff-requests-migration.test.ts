import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator } from '../../../src/platform/db/migrator.ts'
import { migrations } from '../../../src/platform/db/migrations/index.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// Migration 21 (the requests inbox) undone and applied again: its columns
// and tables go and come back, and a request sent before it starts as new.
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
const WORKFLOW_COLUMNS = ['workflow_status', 'assignee_id', 'lost_reason', 'row_version']

it('undoes and redoes the requests migration; earlier requests start as new', async () => {
  const name = '2026.11.28T00.00.21.staff-requests'
  expect(migrations.map((migration) => migration.name)).toContain(name)
  const migrator = await createMigrator(t.app.db.sequelize)
  expect(await tables()).toEqual(expect.arrayContaining(['customer_info_note', 'customer_info_history']))
  expect(await columns('customer_info')).toEqual(expect.arrayContaining(WORKFLOW_COLUMNS))

  await migrator.down({ to: name })
  expect((await tables()).filter((table) => table.startsWith('customer_info_'))).toEqual([])
  expect((await columns('customer_info')).filter((column) => WORKFLOW_COLUMNS.includes(column))).toEqual([])
  // A request as the release before it stores one.
  await t.app.db.sequelize.query(
    `INSERT INTO customer_info (type, company_name, email, contact, name, demand, lang) VALUES ('2', 'Before Ltd', 'b@example.com', '1', 'B', 'Old demand', 'en-US')`,
  )

  await migrator.up()
  expect(await tables()).toEqual(expect.arrayContaining(['customer_info_note', 'customer_info_history']))
  const [row] = await q<Record<string, unknown>>(
    `SELECT workflow_status, assignee_id, lost_reason, row_version FROM customer_info WHERE company_name = 'Before Ltd'`,
  )
  expect(row).toEqual({ workflow_status: 'new', assignee_id: null, lost_reason: null, row_version: 1 })
  // Lost carries a reason, and only lost does.
  await expect(
    t.app.db.sequelize.query(`UPDATE customer_info SET workflow_status = 'lost' WHERE company_name = 'Before Ltd'`),
  ).rejects.toThrow()
  await expect(
    t.app.db.sequelize.query(`UPDATE customer_info SET lost_reason = 'price' WHERE company_name = 'Before Ltd'`),
  ).rejects.toThrow()
})
