import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize'
import { servicePlugin } from '../lib/service-plugin.ts'

// Background work on a PostgreSQL job queue (pg-boss), so that it runs once
// per cluster, survives a crash and is retried with backoff. pg-boss rather
// than graphile-worker: it talks to the database only through the
// executeSql adapter it is given, so it shares Sequelize's pool (the embedded
// PGlite serves one connection) and a job can be sent on the connection of
// an open transaction, committing or rolling back with the change that caused
// it; graphile-worker needs a connection of its own held in LISTEN. pg-boss 10
// is the last major line that runs on Node 20.

export const JOB_SCHEMA = 'pgboss'

export interface QueueDefinition {
  /** 'stately': at most one job waiting and one running (periodic sweeps); 'standard' otherwise */
  policy: 'standard' | 'stately'
  retryLimit: number
  /** Seconds before the first retry; with backoff, each retry waits about twice as long */
  retryDelay: number
  retryBackoff: boolean
  /** A running job not finished by then is failed (and retried): a worker that died with it frees it */
  expireInSeconds: number
}

export interface SendOptions {
  /** Send on this transaction's connection: the job exists only if it commits */
  transaction?: Transaction
  /** Not before this time (scheduled work: a scheduled publish) */
  startAfter?: Date
}

export interface JobQueueStats {
  /** Per queue: jobs waiting (created or retry), running, and failed for good */
  queues: Record<string, { queued: number; active: number; failed: number }>
}

export interface JobFailures {
  /** Per queue with any, by name: jobs failed for good, and jobs whose last attempt failed waiting for their next */
  byQueue: Array<{ queue: string; failed: number; retrying: number }>
  /** The last jobs failed for good, newest first; never their data. message: the error's, as thrown (unmasked) */
  recent: Array<{ id: string; queue: string; failedAt: Date; attempts: number; message: string }>
}

export interface JobQueue {
  /** Creates or updates a queue; call before send or work */
  define(name: string, definition: QueueDefinition): Promise<void>
  send(name: string, data: object, options?: SendOptions): Promise<string | null>
  /** Runs handler for this queue's jobs in this process; a throw fails the attempt, to be retried */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): Promise<void>
  /**
   * Runs the queue's job every `seconds` somewhere in the cluster: every
   * instance offers one per time slot, and the queue keeps one per slot.
   */
  every(name: string, seconds: number, data?: object): void
  stats(): Promise<JobQueueStats>
  /** Failed and retrying jobs still in the queue's table (a failed one is archived 12 hours after its last attempt) */
  failures(recent: number): Promise<JobFailures>
}

interface RawConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
}

interface ConnectionManager {
  getConnection(options: { type: 'read' | 'write' }): Promise<RawConnection>
  releaseConnection(connection: RawConnection): void | Promise<void>
}

/**
 * pg-boss's statements on a connection of Sequelize's pool, for as long as
 * each takes. Once closed (the queue stopped, the pool about to close), a
 * straggling statement is dropped: pg-boss settles some of its calls without
 * awaiting them, and one failing on a closed pool would be an unhandled
 * rejection. A job whose completion is dropped that way expires and is retried.
 */
function poolAdapter(sequelize: Sequelize, log: Pick<FastifyBaseLogger, 'debug'>) {
  const manager = sequelize.connectionManager as unknown as ConnectionManager
  const state = { closed: false, running: 0 }
  const adapter: PgBoss.Db = {
    async executeSql(text, values) {
      if (state.closed) {
        log.debug({ sql: text.slice(0, 80) }, 'job queue closed; statement dropped')
        return { rows: [] }
      }
      state.running++
      try {
        const connection = await manager.getConnection({ type: 'write' })
        try {
          return await connection.query(text, values)
        } finally {
          await manager.releaseConnection(connection)
        }
      } finally {
        state.running--
      }
    },
  }
  return { adapter, state }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** pg-boss's statements on the connection an open transaction holds. */
function transactionAdapter(transaction: Transaction): PgBoss.Db {
  const connection = (transaction as unknown as { connection?: RawConnection }).connection
  if (!connection) throw new Error('the transaction has no connection yet')
  return { executeSql: (text, values) => connection.query(text, values) }
}

export interface JobQueueOptions {
  sequelize: Sequelize
  log: FastifyBaseLogger
  pollIntervalSeconds: number
  /** Install or upgrade pg-boss's own schema (under the schema lock), or only check it */
  migrate: boolean
  withSchemaLock<T>(fn: () => Promise<T>): Promise<T>
}

/** Installs or upgrades pg-boss's schema, for `npm run migrate` (a server started with AUTO_MIGRATE does it itself). */
export async function installJobSchema(sequelize: Sequelize): Promise<void> {
  const boss = new PgBoss({
    db: poolAdapter(sequelize, { debug: () => undefined }).adapter,
    schema: JOB_SCHEMA,
    migrate: true,
    schedule: false,
    supervise: false,
  })
  await boss.start()
  await boss.stop({ graceful: false, wait: true })
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue & { stop(): Promise<void> }> {
  const { sequelize, log } = options
  const pool = poolAdapter(sequelize, log)
  const boss = new PgBoss({
    db: pool.adapter,
    schema: JOB_SCHEMA,
    migrate: options.migrate,
    // Periodic work is sent by `every`, not by pg-boss's cron, whose minute grain is too coarse.
    schedule: false,
    supervise: true,
    // Frees the jobs of an instance that died while running them.
    maintenanceIntervalSeconds: 30,
    pollingIntervalSeconds: options.pollIntervalSeconds,
  })
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'))
  await options
    .withSchemaLock(() => boss.start())
    .catch((error: Error) => {
      if (!options.migrate && /not installed|requires migrations/.test(error.message)) {
        throw new Error(
          `the job queue's tables (schema ${JOB_SCHEMA}) are missing or out of date: run npm run migrate, or start with AUTO_MIGRATE=true`,
        )
      }
      throw error
    })

  const workers = new Map<string, string>()
  const timers = new Set<NodeJS.Timeout>()
  let stopping = false
  let runningJobs = 0

  const wake = (name: string) => {
    const worker = workers.get(name)
    if (worker && !stopping) boss.notifyWorker(worker)
  }

  const queue: JobQueue & { stop(): Promise<void> } = {
    async define(name, definition) {
      const settings = { name, ...definition }
      // Under the schema lock: creating a queue creates its partition, and
      // two instances doing that at once deadlock.
      await options.withSchemaLock(async () => {
        if (await boss.getQueue(name)) await boss.updateQueue(name, settings)
        else await boss.createQueue(name, settings)
      })
    },

    async send(name, data, sendOptions = {}) {
      const { transaction, startAfter } = sendOptions
      const id = await boss.send(name, data, {
        ...(transaction ? { db: transactionAdapter(transaction) } : {}),
        ...(startAfter ? { startAfter } : {}),
      })
      // A job sent here is usually worked here: wake the worker instead of waiting for its next poll.
      if (transaction) transaction.afterCommit(() => wake(name))
      else wake(name)
      return id
    },

    async work(name, handler) {
      const id = await boss.work<object>(name, { batchSize: 1 }, async ([job]) => {
        if (!job) return
        // Fetched while the queue was stopping: failed now, so it is retried (here after a restart, or elsewhere).
        if (stopping) throw new Error('the job queue is stopping')
        runningJobs++
        // One job at a time, and the next one fetched at once while there are any (not a poll interval later).
        try {
          await handler(job.data as Parameters<typeof handler>[0])
        } finally {
          runningJobs--
          wake(name)
        }
      })
      workers.set(name, id)
    },

    every(name, seconds, data = {}) {
      const offer = () => {
        boss
          .sendThrottled(name, data, {}, seconds, name)
          .then((id) => {
            if (id) wake(name)
          })
          .catch((error: unknown) => log.warn({ err: error, queue: name }, 'could not offer a periodic job'))
      }
      offer()
      const timer = setInterval(offer, seconds * 1000)
      timer.unref()
      timers.add(timer)
    },

    async stats() {
      const rows = await sequelize.query<{ name: string; state: string; count: number }>(
        `SELECT name, state::text AS state, count(*)::int AS count FROM ${JOB_SCHEMA}.job GROUP BY name, state`,
        { type: QueryTypes.SELECT },
      )
      const queues: JobQueueStats['queues'] = {}
      for (const name of (await boss.getQueues()).map((q) => q.name)) queues[name] = { queued: 0, active: 0, failed: 0 }
      for (const row of rows) {
        const entry = (queues[row.name] ??= { queued: 0, active: 0, failed: 0 })
        if (row.state === 'created' || row.state === 'retry') entry.queued += row.count
        else if (row.state === 'active') entry.active += row.count
        else if (row.state === 'failed') entry.failed += row.count
      }
      return { queues }
    },

    async failures(recent) {
      const select = <T extends object>(sql: string, bind: unknown[] = []) => sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })
      const [byQueue, last] = await Promise.all([
        select<JobFailures['byQueue'][number]>(
          `SELECT name AS queue, count(*) FILTER (WHERE state = 'failed')::int AS failed, count(*) FILTER (WHERE state = 'retry')::int AS retrying
             FROM ${JOB_SCHEMA}.job WHERE state IN ('failed', 'retry') GROUP BY name ORDER BY name`,
        ),
        // pg-boss stores a thrown error serialized (message, stack…), an expiry as {value: {message}}.
        select<JobFailures['recent'][number]>(
          `SELECT id::text AS id, name AS queue, completed_on AS "failedAt", retry_count + 1 AS attempts,
                  left(COALESCE(output->>'message', output->'value'->>'message', ''), 2000) AS message
             FROM ${JOB_SCHEMA}.job WHERE state = 'failed' ORDER BY completed_on DESC NULLS LAST, id LIMIT $1`,
          [recent],
        ),
      ])
      return { byQueue, recent: last }
    },

    async stop() {
      stopping = true
      for (const timer of timers) clearInterval(timer)
      // Running jobs get a few seconds to finish (the server's whole shutdown
      // has 10); pg-boss's own wait does not see a job still being fetched, so
      // wait for our handlers and its statements to settle too.
      await boss.stop({ graceful: true, wait: true, timeout: 3000 })
      const deadline = Date.now() + 4000
      let quiet = 0
      while (quiet < 2 && Date.now() < deadline) {
        await sleep(50)
        quiet = runningJobs === 0 && pool.state.running === 0 ? quiet + 1 : 0
      }
      pool.state.closed = true
    },
  }
  return queue
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue
  }
}

export default servicePlugin({ name: 'job-queue', decorates: 'jobs', dependencies: ['config', 'db'] }, async (app) => {
  const jobs = await startJobQueue({
    sequelize: app.db.sequelize,
    log: app.log,
    pollIntervalSeconds: app.config.JOB_POLL_INTERVAL_SECONDS,
    migrate: app.config.AUTO_MIGRATE,
    withSchemaLock: (fn) => app.db.withSchemaLock(fn),
  })
  // Before the database closes (the db plugin's onClose runs after this one's).
  app.addHook('onClose', async () => {
    await jobs.stop()
  })
  return jobs
})
