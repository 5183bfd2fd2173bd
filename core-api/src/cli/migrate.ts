import { installJobSchema } from '../platform/jobs/job-queue.ts'
import { openConfiguredDatabase } from '../platform/db/cli-database.ts'
import { createMigrator } from '../platform/db/migrator.ts'

// npm run migrate -w core-api -- up | down [--to NAME | --all] | status
const [command = 'up', ...rest] = process.argv.slice(2)

const { db } = await openConfiguredDatabase()
try {
  const migrator = await createMigrator(db.sequelize, console)
  if (command === 'up') {
    // Under the schema lock, as a starting instance migrates: servers may be starting meanwhile.
    await db.withSchemaLock(async () => {
      await migrator.up()
      // pg-boss keeps its own versioned schema: installed or upgraded here, as at a start with AUTO_MIGRATE.
      await installJobSchema(db.sequelize)
    })
  } else if (command === 'down') {
    const toIndex = rest.indexOf('--to')
    await db.withSchemaLock(() =>
      migrator.down(rest.includes('--all') ? { to: 0 } : toIndex >= 0 ? { to: rest[toIndex + 1] as string } : undefined),
    )
  } else if (command === 'status') {
    console.log(
      'executed:',
      (await migrator.executed()).map((m) => m.name),
    )
    console.log(
      'pending:',
      (await migrator.pending()).map((m) => m.name),
    )
  } else {
    console.error(`unknown command ${command}; use up, down [--to NAME | --all] or status`)
    process.exitCode = 2
  }
} finally {
  await db.close()
}
