import path from 'node:path'
import { loadConfig, type Config } from '../config.ts'
import { openDatabase, type Database } from './database.ts'

/** Opens the configured database for a command-line tool (the server must not hold the embedded one). */
export async function openConfiguredDatabase(): Promise<{ config: Config; db: Database }> {
  const config = loadConfig()
  try {
    const db = await openDatabase({
      url: config.DATABASE_URL,
      embeddedDir: config.EMBEDDED_PG_MEMORY ? 'memory' : path.join(config.DATA_DIR, 'pglite'),
      poolMax: config.DATABASE_POOL_MAX,
      embeddedSharedBuffersMb: config.EMBEDDED_PG_SHARED_BUFFERS_MB,
      // A running server holds the folder until it stops: say so at once rather than wait for it.
      embeddedLockWaitMs: 2000,
    })
    return { config, db }
  } catch (error) {
    if (!config.DATABASE_URL) {
      console.error(
        `Could not open the embedded database under ${config.DATA_DIR}. Is the server running? Stop it first: PGlite serves one process at a time.`,
      )
    }
    throw error
  }
}
