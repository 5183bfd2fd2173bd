// The drill's schema change, applied between the core APIs' and the BFFs'
// restarts while both releases' code may be running: an expand step, as
// deploy/README.md asks of every release (a nullable column the running
// code does not know, and an index built without blocking writes). Applied
// the way the core API applies its own: umzug, recording the name in
// schema_migrations. Test-only: the product needs no schema change here, and
// its readiness ignores a recorded name it does not know, as an older
// release must during an upgrade.
import { Sequelize } from 'sequelize'
import { SequelizeStorage, Umzug } from 'umzug'
import type { MigrationContext, MigrationModule } from '../../../core-api/src/platform/db/migrator.ts'

/** The column the drill adds; no answer of the running release may carry it. */
export const DRILL_COLUMN = 'drill_referral_note'

export const drillMigration: MigrationModule = {
  name: '2099.01.01T00.00.00.drill-expand-website-user',
  async up({ context }) {
    await context.sequelize.query(`ALTER TABLE website_user ADD COLUMN IF NOT EXISTS ${DRILL_COLUMN} varchar(200)`)
    await context.sequelize.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS website_user_${DRILL_COLUMN}_idx ON website_user (${DRILL_COLUMN}) WHERE ${DRILL_COLUMN} IS NOT NULL`,
    )
  },
  async down({ context }) {
    await context.sequelize.query(`DROP INDEX IF EXISTS website_user_${DRILL_COLUMN}_idx`)
    await context.sequelize.query(`ALTER TABLE website_user DROP COLUMN IF EXISTS ${DRILL_COLUMN}`)
  },
}

/** Applies the drill's migration to the database at url; answers the names applied. */
export async function applyDrillMigration(url: string): Promise<string[]> {
  const sequelize = new Sequelize(url, { logging: false })
  try {
    const umzug = new Umzug<MigrationContext>({
      migrations: [{ name: drillMigration.name, up: drillMigration.up, down: drillMigration.down }],
      context: { sequelize, queryInterface: sequelize.getQueryInterface() },
      storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
      logger: undefined,
    })
    return (await umzug.up()).map((m) => m.name)
  } finally {
    await sequelize.close()
  }
}
