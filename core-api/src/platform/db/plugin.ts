import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { openDatabase, type Database } from './database.ts'
import { migrateUp } from './migrator.ts'
import { seed } from './seed.ts'
import { createFileStore } from '../files/create-file-store.ts'
import type { FileStore } from '../files/file-store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    files: FileStore
  }
}

export const EMBEDDED_MEMORY = 'memory'

async function dbPlugin(app: FastifyInstance) {
  const { config } = app
  const db = await openDatabase({
    url: config.DATABASE_URL,
    embeddedDir: config.EMBEDDED_PG_MEMORY ? EMBEDDED_MEMORY : path.join(config.DATA_DIR, 'pglite'),
    poolMax: config.DATABASE_POOL_MAX,
    embeddedSharedBuffersMb: config.EMBEDDED_PG_SHARED_BUFFERS_MB,
    logger: app.log,
  })
  app.decorate('db', db)
  const files = await createFileStore(config)
  app.decorate('files', files)
  app.addHook('onClose', async () => {
    files.close?.()
    await db.close()
  })

  // Several instances may start at once on one database: one migrates and
  // seeds while the others wait for the lock, then find nothing to do.
  if (config.AUTO_MIGRATE || config.AUTO_SEED) {
    await db.withSchemaLock(async () => {
      if (config.AUTO_MIGRATE) {
        const applied = await migrateUp(db.sequelize)
        if (applied.length > 0) app.log.info({ migrations: applied.map((m) => m.name) }, 'migrations applied')
      }
      if (config.AUTO_SEED && (await db.models.ResearchReport.count()) === 0) {
        const summary = await seed(db, {
          fixturesDir: config.FIXTURES_DIR,
          fileStore: app.files,
          log: (message) => app.log.info(message),
        })
        app.log.info({ summary }, 'empty database seeded with the fixtures')
      }
    })
  }
}

export default fp(dbPlugin, { name: 'db', dependencies: ['config'] })
