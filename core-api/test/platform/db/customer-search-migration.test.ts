import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator } from '../../../src/platform/db/migrator.ts'
import { migrations } from '../../../src/platform/db/migrations/index.ts'
import { customerConditions, CUSTOMER_FROM } from '../../../src/modules/desk/customers/customer-query.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// Migration 23 (the customers desk's indexes) undone and applied again; the
// desk's search is one its trigram indexes serve (the expressions match).
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const NAME = '2026.11.28T10.00.23.customer-search'
const INDEXES = ['customer_info_email', 'website_user_newest', 'website_user_phone_digits', 'website_user_search']
const indexes = async () =>
  (
    await t.app.db.sequelize.query<{ name: string }>(
      `SELECT indexname AS name FROM pg_indexes WHERE indexname = ANY($1::text[]) ORDER BY indexname`,
      { bind: [INDEXES], type: QueryTypes.SELECT },
    )
  ).map((row) => row.name)

/** The plan of the desk's search for q, with sequential scans priced out (a test table is too small to want an index). */
async function searchPlan(q: string): Promise<string> {
  const where = customerConditions({ q })
  return t.app.db.sequelize.transaction(async (transaction) => {
    await t.app.db.sequelize.query(`SET LOCAL enable_seqscan = off`, { transaction })
    const rows = await t.app.db.sequelize.query<Record<string, string>>(`EXPLAIN SELECT u.id FROM ${CUSTOMER_FROM} ${where.where}`, {
      bind: where.params,
      type: QueryTypes.SELECT,
      transaction,
    })
    return rows.map((row) => Object.values(row).join(' ')).join('\n')
  })
}

it('undoes and redoes the customers migration; the search uses its indexes', async () => {
  const [migrator, names] = [await createMigrator(t.app.db.sequelize), migrations.map((migration) => migration.name)]
  expect([names.indexOf(NAME) >= 0, await indexes()]).toEqual([true, INDEXES])

  // Undone (with the dashboard's after it), its indexes go.
  await migrator.down({ to: NAME })
  expect(await indexes()).toEqual([])
  // The accounts a release before it kept are still there and still signed in by the same columns.
  await t.app.db.sequelize.query(
    `INSERT INTO website_user (login_code, password_hash, email, company_name, contact) VALUES ('before1', 'x', 'b@example.com', 'Before Ltd', '021-58881234')`,
  )

  await migrator.up()
  expect(await indexes()).toEqual(INDEXES)
  expect(await searchPlan('before ltd')).toContain('website_user_search')
  expect(await searchPlan('(021) 5888')).toContain('website_user_phone_digits')
})
