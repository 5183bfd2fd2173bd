import { QueryTypes, type QueryInterface, type Sequelize } from 'sequelize'
import type { MigrationMeta, MigrationParams, Umzug } from 'umzug'
import { migrations } from './migrations/index.ts'

export interface MigrationContext {
  sequelize: Sequelize
  queryInterface: QueryInterface
}

export type Migration = (params: MigrationParams<MigrationContext>) => Promise<void>

export interface MigrationModule {
  name: string
  up: Migration
  down: Migration
  /**
   * Expand, migrate, contract (deploy/README.md): a migration only adds what
   * the release before it can ignore, since both run side by side during a
   * rolling upgrade. One that drops, renames or retypes a table or column, makes
   * one NOT NULL, or adds a NOT NULL column without a default to an existing
   * table states it here, with why no running release reads or writes it any
   * more (test/db/migration-compatibility.test.ts holds every migration to this).
   */
  contract?: { changes: string[]; reason: string }
}

/** The table umzug records applied migrations in (one row per name). */
const MIGRATIONS_TABLE = 'schema_migrations'

export async function createMigrator(sequelize: Sequelize, logger: Console | undefined = undefined): Promise<Umzug<MigrationContext>> {
  const { SequelizeStorage, Umzug } = await import('umzug')
  return new Umzug<MigrationContext>({
    migrations: migrations.map((m) => ({ name: m.name, up: m.up, down: m.down })),
    context: { sequelize, queryInterface: sequelize.getQueryInterface() },
    storage: new SequelizeStorage({ sequelize, tableName: MIGRATIONS_TABLE }),
    logger,
  })
}

/** Whether the table records every migration this build has; false when it is missing or cannot be read. */
async function allApplied(sequelize: Sequelize): Promise<boolean> {
  try {
    const [table] = await sequelize.query<{ present: boolean }>(`SELECT to_regclass('${MIGRATIONS_TABLE}') IS NOT NULL AS present`, {
      type: QueryTypes.SELECT,
    })
    if (!table?.present) return false
    const rows = await sequelize.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`, { type: QueryTypes.SELECT })
    const applied = new Set(rows.map((row) => row.name))
    return migrations.every((m) => applied.has(m.name))
  } catch {
    return false
  }
}

/**
 * Applies the pending migrations and answers them. umzug, with the
 * command-line libraries it loads (some 3 MB of heap kept for the life of
 * the process), is loaded only when one is pending: a start after the
 * release's first finds every name recorded and has nothing to apply.
 */
export async function migrateUp(sequelize: Sequelize): Promise<MigrationMeta[]> {
  if (await allApplied(sequelize)) return []
  return (await createMigrator(sequelize)).up()
}
