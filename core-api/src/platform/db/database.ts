import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { Sequelize } from 'sequelize'
import { CORE_API_NODE_FLAGS } from '../node-flags.ts'
import { embeddedStartParams, type EmbeddedOptions } from './embedded-options.ts'
import type { EmbeddedServerMessage } from './embedded-server.ts'
import { initModels, type Models } from './models/index.ts'

// A publish date is a calendar day, not an instant: keep it as its text
// rather than a Date at local midnight. (Sequelize installs its own NUMERIC
// parser, so raw queries cast amounts to float8 where they want numbers.)
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)

/** Errors of a connection that died while idle in the pool; the statement never ran. */
export const RETRYABLE_CONNECTION_ERRORS = [
  /Connection terminated/i,
  /terminating connection due to administrator command/i,
  /server closed the connection unexpectedly/i,
  /Client has encountered a connection error and is not queryable/i,
  /ECONNRESET/,
  /Connection lost/i,
]

export interface DatabaseOptions {
  /** A PostgreSQL server's URL; empty opens the embedded PGlite */
  url: string
  /** Embedded data folder; 'memory' keeps everything in memory (tests) */
  embeddedDir: string
  poolMax: number
  logger?: Pick<FastifyBaseLogger, 'info' | 'debug' | 'warn'>
  /** How long to wait for another process to let go of the embedded data folder (default 30 s) */
  embeddedLockWaitMs?: number
  /** shared_buffers of the embedded database in MB (PGlite's own default is 128) */
  embeddedSharedBuffersMb?: number
}

export interface Database {
  sequelize: Sequelize
  models: Models
  embedded: boolean
  /**
   * Runs fn while holding the cluster-wide schema lock, so that of several
   * instances starting at once on one database exactly one migrates and
   * seeds while the others wait, then find nothing left to do.
   */
  withSchemaLock<T>(fn: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** The advisory lock of migrations and seeding: two int4 keys, the project's own. */
const SCHEMA_LOCK = [20261125, 1] as const
/** How long an instance waits for another's migrations before giving up (a first seed renders PDFs). */
const SCHEMA_LOCK_WAIT_MS = 10 * 60_000

/**
 * A session-level advisory lock held on a connection of its own, outside the
 * pool, so the migrations and the seed can use the pool meanwhile. If the
 * holder dies, PostgreSQL ends its session and the lock passes on.
 */
async function withAdvisoryLock<T>(url: string, logger: DatabaseOptions['logger'], fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'rpt-core-api schema lock' })
  await client.connect()
  try {
    const [first, second] = SCHEMA_LOCK
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [first, second])
    if (!rows[0]?.locked) {
      logger?.info('another instance holds the schema lock (migrations, seed or job queues); waiting for it')
      await client.query(`SET lock_timeout = ${SCHEMA_LOCK_WAIT_MS}`)
      await client.query('SELECT pg_advisory_lock($1, $2)', [first, second])
    }
    try {
      return await fn()
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [first, second]).catch(() => undefined)
    }
  } finally {
    await client.end().catch(() => undefined)
  }
}

interface EmbeddedServer {
  url: string
  close(): Promise<void>
}

/**
 * Starts PGlite with pg_trgm and serves it on a loopback port, so Sequelize
 * and pg talk to it exactly as to a PostgreSQL server. A data folder is served
 * from a child process (embedded-server.ts), so the database's memory is not
 * the API's; the in-memory database of the tests stays in this process.
 * Loaded lazily: a deployment on a real server never pays for the
 * WebAssembly build.
 */
async function startEmbedded(dir: string, options: EmbeddedOptions, logger?: DatabaseOptions['logger']): Promise<EmbeddedServer> {
  if (dir !== 'memory') return startEmbeddedProcess(dir, options, logger)
  const [{ PGlite }, { pg_trgm }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite-socket'),
  ])
  const db = await PGlite.create({
    dataDir: 'memory://',
    extensions: { pg_trgm },
    startParams: embeddedStartParams(PGlite.defaultStartParams, options),
  })
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1' })
  await server.start()
  const address = (server as unknown as { server: { address(): { port: number } } }).server.address()
  logger?.info({ dataDir: dir }, 'embedded PostgreSQL (PGlite) started')
  return {
    url: `postgres://postgres@127.0.0.1:${address.port}/postgres`,
    async close() {
      await server.stop()
      await db.close()
    },
  }
}

/** How long the embedded database may take to open its folder (recovery after a crash included). */
const EMBEDDED_START_TIMEOUT_MS = 120_000
const EMBEDDED_STOP_TIMEOUT_MS = 30_000

async function startEmbeddedProcess(dir: string, options: EmbeddedOptions, logger?: DatabaseOptions['logger']): Promise<EmbeddedServer> {
  const source = import.meta.url.endsWith('.ts')
  const entry = fileURLToPath(new URL(source ? './embedded-server.ts' : './embedded-server.js', import.meta.url))
  // Running from source (tests, tsx), the child needs the same TypeScript loader.
  // The API's own V8 flags (node-flags.ts) are not the child's: it has its own.
  const own = process.execArgv.filter((arg) => !CORE_API_NODE_FLAGS.includes(arg))
  const inherited = source && !own.some((arg) => arg.includes('tsx')) ? [...own, '--import', 'tsx'] : own
  // The child's JavaScript only relays protocol messages between its socket and
  // PGlite: short-lived buffers, for which V8's default young generation (16 MB
  // semi-spaces) kept some 20 MB more resident at 100,000 reports, and bought
  // no speed (npm run bench:search measured the same with 1 MB).
  const execArgv = [...inherited, '--max-semi-space-size=1']
  const child = fork(entry, [dir, JSON.stringify(options)], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  })
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('the embedded database did not start in time')), EMBEDDED_START_TIMEOUT_MS)
    const fail = (error: Error) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(error)
    }
    child.on('message', (message: EmbeddedServerMessage) => {
      if (message.ready) {
        clearTimeout(timer)
        resolve(message.ready.port)
      } else if (message.error) fail(new Error(`the embedded database could not start: ${message.error}`))
    })
    child.once('exit', (code, signal) => fail(new Error(`the embedded database exited while starting (${signal ?? code})`)))
    child.once('error', fail)
  })
  let closing = false
  child.once('exit', (code, signal) => {
    // Without its database the API can only fail every request: stop, and let the supervisor restart both.
    if (!closing) {
      logger?.warn({ code, signal }, 'embedded PostgreSQL (PGlite) exited; stopping')
      process.exitCode = 1
      process.kill(process.pid, 'SIGTERM')
    }
  })
  logger?.info({ dataDir: dir, pid: child.pid }, 'embedded PostgreSQL (PGlite) started')
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async close() {
      closing = true
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.send({ stop: true })
      const timer = setTimeout(() => child.kill('SIGKILL'), EMBEDDED_STOP_TIMEOUT_MS)
      await exited
      clearTimeout(timer)
    },
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded =
    options.url === ''
      ? await startEmbedded(
          options.embeddedDir,
          {
            ...(options.embeddedLockWaitMs === undefined ? {} : { lockWaitMs: options.embeddedLockWaitMs }),
            ...(options.embeddedSharedBuffersMb === undefined ? {} : { sharedBuffersMb: options.embeddedSharedBuffersMb }),
          },
          options.logger,
        )
      : undefined
  const sequelize = new Sequelize(embedded?.url ?? options.url, {
    dialect: 'postgres',
    logging: options.logger ? (sql: string) => options.logger?.debug({ sql }, 'sql') : false,
    // PGlite answers one connection at a time; more would only queue there.
    pool: { max: embedded ? 1 : options.poolMax, min: 0, idle: 10_000, acquire: 30_000 },
    // A pooled connection the server has closed (restart, failover,
    // pg_terminate_backend) fails its next query before running it; the pool
    // drops it, and the query is tried once more on a fresh connection.
    retry: { max: 3, backoffBase: 50, match: RETRYABLE_CONNECTION_ERRORS },
    define: { underscored: true, freezeTableName: true },
    benchmark: false,
  })
  try {
    await sequelize.authenticate()
  } catch (error) {
    await sequelize.close().catch(() => undefined)
    await embedded?.close().catch(() => undefined)
    throw error
  }
  const models = initModels(sequelize)
  return {
    sequelize,
    models,
    embedded: embedded !== undefined,
    // The embedded database serves one process (its folder is locked), so there is nobody to wait for.
    withSchemaLock: embedded ? (fn) => fn() : (fn) => withAdvisoryLock(options.url, options.logger, fn),
    async close() {
      await sequelize.close()
      await embedded?.close()
    },
  }
}
