import type { QueryInterface, Sequelize } from 'sequelize'
import { SequelizeStorage, Umzug, type MigrationParams } from 'umzug'
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
}

export function createMigrator(sequelize: Sequelize, logger: Console | undefined = undefined) {
  return new Umzug<MigrationContext>({
    migrations: migrations.map((m) => ({ name: m.name, up: m.up, down: m.down })),
    context: { sequelize, queryInterface: sequelize.getQueryInterface() },
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger,
  })
}

export async function migrateUp(sequelize: Sequelize) {
  return createMigrator(sequelize).up()
}
