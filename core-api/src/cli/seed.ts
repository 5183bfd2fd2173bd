import { parseArgs } from 'node:util'
import { createFileStore } from '../platform/files/create-file-store.ts'
import { openConfiguredDatabase } from '../platform/db/cli-database.ts'
import { migrateUp } from '../platform/db/migrator.ts'
import { loadFixtures, seed } from '../platform/db/seed.ts'
import { generateSyntheticCatalogue } from './synthetic-catalogue.ts'

// npm run seed                      (re)load the fixtures
// npm run seed -- --reports 100000  and grow the catalogue to 100,000 reports per language
const { values } = parseArgs({ options: { reports: { type: 'string' }, 'no-files': { type: 'boolean' } } })
const reports = values.reports === undefined ? undefined : Number(values.reports)
if (reports !== undefined && (!Number.isInteger(reports) || reports < 1 || reports > 2_000_000)) {
  console.error('--reports takes a whole number from 1 to 2000000')
  process.exit(2)
}

const { config, db } = await openConfiguredDatabase()
try {
  // Under the schema lock: instances starting meanwhile must not migrate or seed beside it.
  const summary = await db.withSchemaLock(async () => {
    await migrateUp(db.sequelize)
    return seed(db, {
      fixturesDir: config.FIXTURES_DIR,
      fileStore: values['no-files'] ? undefined : await createFileStore(config),
      log: (message) => console.log(message),
    })
  })
  console.log('fixtures loaded:', summary)
  if (reports !== undefined) {
    const { reports: fixtureReports } = await loadFixtures(config.FIXTURES_DIR)
    const added = await generateSyntheticCatalogue(db, fixtureReports, reports, {
      progress: process.stdout.isTTY || process.env.CI !== 'true',
    })
    console.log(`synthetic reports added: ${added} per language`)
  }
} finally {
  await db.close()
}
