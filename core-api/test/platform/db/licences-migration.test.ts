import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator } from '../../../src/platform/db/migrator.ts'
import { migrations } from '../../../src/platform/db/migrations/index.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// The licences' migration undone and applied again: its tables, columns and
// settings go and come back.
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const q = <T extends object>(sql: string) => t.app.db.sequelize.query<T>(sql, { type: QueryTypes.SELECT })
const TABLES = ['download_refusal', 'email_verification', 'licence_seat', 'licensed_copy', 'sample_download', 'sample_link']
const tables = async () =>
  (
    await q<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_name IN (${TABLES.map((n) => `'${n}'`).join(', ')}) ORDER BY 1`,
    )
  ).map((row) => row.name)
const columns = async () =>
  (
    await q<{ name: string }>(
      `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
        WHERE (table_name, column_name) IN (('website_user', 'email_verified_at'), ('website_order', 'seat_limit'),
              ('website_order', 'enterprise_domain'), ('download_log', 'copy_id')) ORDER BY 1`,
    )
  ).map((row) => row.name)
const settings = async () =>
  (await q<{ key: string }>(`SELECT config_key AS key FROM sys_config WHERE config_key LIKE 'licence.%' ORDER BY 1`)).map((row) => row.key)

it('undoes and redoes the licences’ tables, columns and settings', async () => {
  const name = '2026.12.02T16.00.00.licences'
  expect(migrations.map((migration) => migration.name)).toContain(name)
  const migrator = await createMigrator(t.app.db.sequelize)
  expect(await tables()).toEqual(TABLES)
  expect(await columns()).toHaveLength(4)
  expect(await settings()).toEqual(['licence.downloadsPerDay', 'licence.enterprise.seats', 'licence.multi.seats', 'licence.single.seats'])

  await migrator.down({ to: name })
  expect(await tables()).toEqual([])
  expect(await columns()).toEqual([])
  expect(await settings()).toEqual([])

  await migrator.up()
  expect(await tables()).toEqual(TABLES)
  expect(await columns()).toHaveLength(4)
  expect(await settings()).toHaveLength(4)
})
