import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator } from '../../../src/platform/db/migrator.ts'
import { migrations } from '../../../src/platform/db/migrations/index.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// The invoicing migration undone and applied again: its tables and sequence go and come back.
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const present = async () =>
  (
    await t.app.db.sequelize.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c WHERE c.relname IN ('invoice_title', 'order_invoice', 'commercial_invoice_no') ORDER BY 1`,
      { type: QueryTypes.SELECT },
    )
  ).map((row) => row.name)

it('undoes and redoes the invoice tables', async () => {
  const name = '2026.12.02T10.00.42.invoicing'
  expect(migrations.map((migration) => migration.name)).toContain(name)
  const migrator = await createMigrator(t.app.db.sequelize)
  expect(await present()).toEqual(['commercial_invoice_no', 'invoice_title', 'order_invoice'])
  await migrator.down({ to: name })
  expect(await present()).toEqual([])
  await migrator.up()
  expect(await present()).toEqual(['commercial_invoice_no', 'invoice_title', 'order_invoice'])
})
