import { QueryTypes, type Sequelize } from 'sequelize'
import type { MigrationMeta, Umzug } from 'umzug'
import { migrations } from './migrations/index.ts'
import type { MigrationContext } from './migration-types.ts'

export type { Migration, MigrationContext, MigrationModule } from './migration-types.ts'

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
