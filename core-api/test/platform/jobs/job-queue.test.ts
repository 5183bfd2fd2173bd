import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startJobQueue, type JobQueue } from '../../../src/platform/jobs/job-queue.ts'
import { buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// The queue on the real database (embedded, or the server with
// DATABASE_URL): jobs commit with their transaction, failures are retried,
// and periodic work runs once per slot however many instances offer it.

let t: TestApp
const extraQueues: Array<JobQueue & { stop(): Promise<void> }> = []

beforeAll(async () => {
  t = await buildTestApp({ JOB_POLL_INTERVAL_SECONDS: 0.5 })
})
afterAll(async () => {
  for (const queue of extraQueues) await queue.stop()
  await t?.close()
})

/** A second queue on the same database, as another instance would run it. */
async function anotherInstance() {
  const queue = await startJobQueue({
    sequelize: t.app.db.sequelize,
    log: t.app.log,
    pollIntervalSeconds: 0.5,
    migrate: true,
    withSchemaLock: (fn) => t.app.db.withSchemaLock(fn),
  })
  extraQueues.push(queue)
  return queue
}

async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const define = (queue: JobQueue, name: string, retryLimit = 3) =>
  queue.define(name, { policy: 'standard', retryLimit, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 })

it('sends a job with the transaction that caused it: a rollback leaves none, a commit runs it', async () => {
  const seen: number[] = []
  await define(t.app.jobs, 'test.transactional')
  await t.app.jobs.work<{ n: number }>('test.transactional', async ({ n }) => {
    seen.push(n)
  })

  await expect(
    t.app.db.sequelize.transaction(async (transaction) => {
      await t.app.jobs.send('test.transactional', { n: 1 }, { transaction })
      throw new Error('the change failed')
    }),
  ).rejects.toThrow('the change failed')
  await t.app.db.sequelize.transaction(async (transaction) => {
    await t.app.jobs.send('test.transactional', { n: 2 }, { transaction })
  })

  await until(() => seen.length > 0)
  // Woken at commit, not a poll interval later; and job 1 never existed.
  await new Promise((resolve) => setTimeout(resolve, 700))
  expect(seen).toEqual([2])
  const rows = await t.app.db.sequelize.query<{ n: number }>(
    `SELECT (data->>'n')::int AS n FROM pgboss.job WHERE name = 'test.transactional'`,
    { type: QueryTypes.SELECT },
  )
  expect(rows.map((r) => r.n)).toEqual([2])
})

it('retries a failed job until it succeeds, and counts what is queued and failed', async () => {
  let attempts = 0
  await define(t.app.jobs, 'test.flaky')
  await define(t.app.jobs, 'test.hopeless', 1)
  await t.app.jobs.work('test.flaky', async () => {
    attempts++
    if (attempts < 3) throw new Error(`attempt ${attempts} fails`)
  })
  await t.app.jobs.work('test.hopeless', async () => {
    throw new Error('never works')
  })
  await t.app.jobs.send('test.flaky', {})
  await t.app.jobs.send('test.hopeless', {})

  await until(async () => (await t.app.jobs.stats()).queues['test.hopeless']?.failed === 1, 15_000)
  // The third attempt counts as it starts; the job is active until its handler returns and the queue records it done.
  await until(async () => attempts === 3 && (await t.app.jobs.stats()).queues['test.flaky']?.active === 0, 15_000)
  const stats = await t.app.jobs.stats()
  expect(stats.queues['test.flaky']).toEqual({ queued: 0, active: 0, failed: 0 })
  expect(stats.queues['test.hopeless']).toEqual({ queued: 0, active: 0, failed: 1 })
  // The health check reports the same counts.
  const ready = JSON.parse((await t.app.inject({ url: '/health/ready' })).body)
  expect(ready.data.jobs['test.hopeless']).toEqual({ queued: 0, active: 0, failed: 1 })
}, 30_000)

it('runs periodic work once per slot, however many instances offer it', async () => {
  const runs: string[] = []
  const second = await anotherInstance()
  for (const [label, queue] of [
    ['first', t.app.jobs],
    ['second', second],
  ] as const) {
    await queue.define('test.sweep', { policy: 'stately', retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 30 })
    await queue.work('test.sweep', async () => {
      runs.push(label)
    })
  }
  const started = Date.now()
  t.app.jobs.every('test.sweep', 1)
  second.every('test.sweep', 1)
  await new Promise((resolve) => setTimeout(resolve, 3500))
  const slots = Math.floor(Date.now() / 1000) - Math.floor(started / 1000) + 1
  const created = await t.app.db.sequelize.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'test.sweep'`,
    { type: QueryTypes.SELECT },
  )
  // Two instances offering every second: still one job per one-second slot.
  expect(created[0]!.count).toBeLessThanOrEqual(slots)
  expect(created[0]!.count).toBeGreaterThanOrEqual(3)
  await until(async () => (await t.app.jobs.stats()).queues['test.sweep']!.queued === 0)
  expect(runs.length).toBeLessThanOrEqual(slots)
}, 20_000)
