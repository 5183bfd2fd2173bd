import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { loadConfig, type Config, type ConfigOverrides } from '../config.ts'
import { openDatabase, type Database } from './database.ts'
import { isRunning, lockFileOf, portFileOf, type EmbeddedPortFile } from './embedded-options.ts'

/** The loopback URL of the embedded database a running site serves from this folder, if one does. */
async function runningEmbeddedUrl(dataDir: string): Promise<string | undefined> {
  const text = await readFile(portFileOf(dataDir), 'utf8').catch(() => undefined)
  if (!text) return undefined
  try {
    const { pid, port } = JSON.parse(text) as EmbeddedPortFile
    return Number.isInteger(pid) && Number.isInteger(port) && isRunning(pid) ? `postgres://postgres@127.0.0.1:${port}/postgres` : undefined
  } catch {
    return undefined
  }
}

/**
 * The process holding the embedded database's folder without serving its port
 * (a site still starting or already stopping), if one does: a tool would wait
 * for the folder in vain, and can say so at once instead.
 */
export async function embeddedHolderWithoutPort(config: Config): Promise<number | undefined> {
  if (config.DATABASE_URL || config.EMBEDDED_PG_MEMORY) return undefined
  const dataDir = path.join(config.DATA_DIR, 'pglite')
  const holder = Number((await readFile(lockFileOf(dataDir), 'utf8').catch(() => '')).trim())
  if (!Number.isInteger(holder) || holder <= 0 || !isRunning(holder)) return undefined
  return (await runningEmbeddedUrl(dataDir)) ? undefined : holder
}

/**
 * The settings of a command-line tool that boots the whole app (payments,
 * deliver): with the embedded database served by a running site, the app
 * joins it through its port, on one connection, as openConfiguredDatabase does.
 */
export async function cliConfig(overrides: ConfigOverrides): Promise<Config> {
  const config = loadConfig(process.env, overrides)
  if (config.DATABASE_URL || config.EMBEDDED_PG_MEMORY) return config
  const running = await runningEmbeddedUrl(path.join(config.DATA_DIR, 'pglite'))
  return running ? loadConfig(process.env, { ...overrides, DATABASE_URL: running, DATABASE_POOL_MAX: 1 }) : config
}

/**
 * Opens the configured database for a command-line tool. On the embedded
 * database, a running site's database process is joined through its port
 * (PGlite serves one process, so the tool cannot open the folder itself);
 * with no site running, the tool opens the folder.
 */
export async function openConfiguredDatabase(): Promise<{ config: Config; db: Database }> {
  const config = loadConfig()
  const dataDir = path.join(config.DATA_DIR, 'pglite')
  const running = !config.DATABASE_URL && !config.EMBEDDED_PG_MEMORY ? await runningEmbeddedUrl(dataDir) : undefined
  try {
    const db = await openDatabase({
      url: running ?? config.DATABASE_URL,
      embeddedDir: config.EMBEDDED_PG_MEMORY ? 'memory' : dataDir,
      // Joining a running site's embedded database: one connection, as the site's own.
      poolMax: running ? 1 : config.DATABASE_POOL_MAX,
      embeddedSharedBuffersMb: config.EMBEDDED_PG_SHARED_BUFFERS_MB,
      // A folder held by a process that serves no port (still starting or stopping): say so at once.
      embeddedLockWaitMs: 2000,
    })
    return { config, db }
  } catch (error) {
    if (!config.DATABASE_URL) {
      console.error(
        `Could not open the embedded database under ${config.DATA_DIR}: another process holds it and serves no port yet. Try again in a moment.`,
      )
    }
    throw error
  }
}
