import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMigrator } from '../../../src/platform/db/migrator.ts'
import { migrations } from '../../../src/platform/db/migrations/index.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// Expand, migrate, contract: during a rolling upgrade the previous release
// runs on the schema the new release's migrations leave, so a migration may
// only add what that release can ignore. Each migration is applied alone and
// the schema compared before and after: what it removes or changes that was
// there before must be stated in the migration itself (its contract field),
// and what it states must be what it does.

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

interface Column {
  table: string
  column: string
  type: string
  nullable: boolean
  hasDefault: boolean
}

async function schema(): Promise<{ tables: Set<string>; columns: Map<string, Column> }> {
  const q = <T extends object>(sql: string) => t.app.db.sequelize.query<T>(sql, { type: QueryTypes.SELECT })
  const tables = await q<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  )
  const columns = await q<{ table: string; column: string; type: string; nullable: string; def: string | null; generated: string }>(
    `SELECT table_name AS table, column_name AS column, data_type || coalesce('(' || character_maximum_length || ')', '') AS type,
            is_nullable AS nullable, column_default AS def, is_generated AS generated
       FROM information_schema.columns c
      WHERE table_schema = 'public' AND EXISTS (SELECT 1 FROM information_schema.tables t WHERE t.table_schema = 'public' AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE')`,
  )
  return {
    tables: new Set(tables.map((row) => row.name)),
    columns: new Map(
      columns.map((row) => [
        `${row.table}.${row.column}`,
        {
          table: row.table,
          column: row.column,
          type: row.type,
          nullable: row.nullable === 'YES',
          hasDefault: row.def !== null || row.generated === 'ALWAYS',
        },
      ]),
    ),
  }
}

/** What a migration did that the release before it may trip over, as table or table.column with the reason. */
function incompatible(before: Awaited<ReturnType<typeof schema>>, after: Awaited<ReturnType<typeof schema>>): Map<string, string> {
  const found = new Map<string, string>()
  for (const table of before.tables) if (!after.tables.has(table)) found.set(table, 'table dropped or renamed')
  for (const [key, was] of before.columns) {
    if (!after.tables.has(was.table)) continue
    const now = after.columns.get(key)
    if (!now) found.set(key, 'column dropped or renamed')
    else if (now.type !== was.type) found.set(key, `type ${was.type} -> ${now.type}`)
    else if (was.nullable && !now.nullable) found.set(key, 'made NOT NULL')
  }
  for (const [key, now] of after.columns) {
    if (before.tables.has(now.table) && !before.columns.has(key) && !now.nullable && !now.hasDefault)
      found.set(key, 'NOT NULL column without a default added: the running release inserts without it')
  }
  return found
}

it('every migration only adds what the release before it can ignore, or states what it removes', async () => {
  const migrator = await createMigrator(t.app.db.sequelize)
  await migrator.down({ to: 0 })
  const problems: string[] = []
  let before = await schema()
  for (const migration of migrations) {
    await migrator.up({ step: 1 })
    const after = await schema()
    const found = incompatible(before, after)
    const stated = new Set(migration.contract?.changes ?? [])
    for (const [object, what] of found) {
      if (!stated.has(object)) problems.push(`${migration.name}: ${object}: ${what}, not stated in its contract field`)
    }
    for (const object of stated)
      if (!found.has(object)) problems.push(`${migration.name}: states ${object} in its contract field, but does not remove or change it`)
    if (migration.contract && !migration.contract.reason.trim()) problems.push(`${migration.name}: its contract field gives no reason`)
    before = after
  }
  expect(problems).toEqual([])
  expect((await migrator.executed()).map((m) => m.name)).toEqual(migrations.map((m) => m.name))
})

it('catches a migration that drops, retypes or tightens what was there', async () => {
  // The check itself, on a scratch table: each kind of change is found.
  const sequelize = t.app.db.sequelize
  await sequelize.query('CREATE TABLE compat_probe (id int PRIMARY KEY, a text, b varchar(10), c text, d text)')
  try {
    const before = await schema()
    await sequelize.query('ALTER TABLE compat_probe DROP COLUMN a')
    await sequelize.query('ALTER TABLE compat_probe ALTER COLUMN b TYPE varchar(20)')
    await sequelize.query('ALTER TABLE compat_probe ALTER COLUMN c SET NOT NULL')
    await sequelize.query('ALTER TABLE compat_probe RENAME COLUMN d TO e')
    await sequelize.query('ALTER TABLE compat_probe ADD COLUMN f text NOT NULL')
    await sequelize.query("ALTER TABLE compat_probe ADD COLUMN g text NOT NULL DEFAULT '', ADD COLUMN h text")
    expect([...incompatible(before, await schema()).keys()].sort()).toEqual([
      'compat_probe.a',
      'compat_probe.b',
      'compat_probe.c',
      'compat_probe.d',
      'compat_probe.f',
    ])
  } finally {
    await sequelize.query('DROP TABLE compat_probe')
  }
})
