import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator } from '../../../src/platform/db/migrator.ts'
import { migrations } from '../../../src/platform/db/migrations/index.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// The bank transfers' migration undone and applied again: its tables and
// settings go and come back (the settings empty, the deadline 7 days).
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const q = <T extends object>(sql: string) => t.app.db.sequelize.query<T>(sql, { type: QueryTypes.SELECT })
const tables = async () =>
  (
    await q<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_name IN ('bank_transfer', 'bank_statement') ORDER BY 1`,
    )
  ).map((row) => row.name)
const settings = () =>
  q<{ key: string; value: string }>(
    `SELECT config_key AS key, config_value AS value FROM sys_config WHERE config_key LIKE '%.bank.%' ORDER BY 1`,
  )

it('undoes and redoes the bank transfers’ tables and settings', async () => {
  const name = '2026.12.02T10.00.43.bank-transfers'
  expect(migrations.map((migration) => migration.name)).toContain(name)
  const migrator = await createMigrator(t.app.db.sequelize)
  expect(await tables()).toEqual(['bank_statement', 'bank_transfer'])
  expect(await settings()).toHaveLength(9)

  await migrator.down({ to: name })
  expect(await tables()).toEqual([])
  expect(await settings()).toEqual([])

  await migrator.up()
  expect(await tables()).toEqual(['bank_statement', 'bank_transfer'])
  expect(await settings()).toContainEqual({ key: 'cn.bank.deadlineDays.number', value: '7' })
  expect(await settings()).toContainEqual({ key: 'en.bank.account.no', value: '' })
})
