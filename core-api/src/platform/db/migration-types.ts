import type { QueryInterface, Sequelize } from 'sequelize'
import type { MigrationParams } from 'umzug'

// What a migration is, apart from the migrator that runs the ordered list of
// them, so that the migrations need not import the migrator.

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
