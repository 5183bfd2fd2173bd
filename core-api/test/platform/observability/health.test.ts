import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'

// Liveness and readiness, as a balancer and a supervisor read them.
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

it('is live and ready once migrated, and reports the job queue and the mail backlog', async () => {
  const live = await t.app.inject({ url: '/health/live' })
  expect(live.statusCode).toBe(200)
  expect(body(live).data).toEqual({ status: 'live' })

  const ready = await t.app.inject({ url: '/health/ready?lang=en-US' })
  expect(ready.statusCode).toBe(200)
  expect(body(ready).data).toMatchObject({
    status: 'ready',
    jobs: { 'mail.send': { queued: 0, active: 0, failed: 0 }, 'orders.reconcile': { queued: 0, active: 0, failed: 0 } },
    mails: { unsent: 0, rejected: 0, oldestUnsentSeconds: null },
  })
})

it("is not ready while a migration is missing, and says so in the asker's language", async () => {
  const [last] = await t.app.db.sequelize.query<{ name: string }>(
    `DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name`,
    { type: QueryTypes.SELECT },
  )
  try {
    const notReady = await t.app.inject({ url: '/health/ready?lang=en-US' })
    expect(notReady.statusCode).toBe(503)
    expect(body(notReady)).toEqual({ code: 503, msg: '1 database migrations are not applied', data: null })
    // Still live: restarting it would not apply the migration.
    expect((await t.app.inject({ url: '/health/live' })).statusCode).toBe(200)
  } finally {
    await t.app.db.sequelize.query(`INSERT INTO schema_migrations (name) VALUES ($1)`, { bind: [last!.name] })
  }
  expect((await t.app.inject({ url: '/health/ready' })).statusCode).toBe(200)
})
