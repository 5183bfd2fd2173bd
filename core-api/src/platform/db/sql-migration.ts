import type { MigrationModule } from './migration-types.ts'

export interface SqlMigrationOptions {
  /** What the migration drops or retypes, and why no running release reads it (see MigrationModule.contract). */
  contract?: MigrationModule['contract']
  /** Runs the up script in one transaction, so its locks hold until all of it is in. */
  upInTransaction?: boolean
}

/**
 * A migration made of one SQL script each way. Its own module keeps the
 * migrations free of the migrator, which imports them all.
 */
export function sqlMigration(name: string, up: string, down: string, options: SqlMigrationOptions = {}): MigrationModule {
  return {
    name,
    ...(options.contract ? { contract: options.contract } : {}),
    async up({ context }) {
      if (options.upInTransaction) {
        await context.sequelize.transaction(async (transaction) => {
          await context.sequelize.query(up, { transaction })
        })
      } else {
        await context.sequelize.query(up)
      }
    },
    async down({ context }) {
      await context.sequelize.query(down)
    },
  }
}
