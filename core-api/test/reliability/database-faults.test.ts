import pg from 'pg'
import { ConnectionRefusedError, QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser, waitForMail } from '../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { logCapture } from '../helpers/logs.ts'
import { authed, bulletinWithFile, orderStatus, postNotification, signedAlipayNotification } from '../helpers/orders.ts'

// The database goes away and comes back; the API must not need a restart,
// and a payment that arrives meanwhile must be refused (so the provider
// retries it) rather than lost, then applied when it is retried.
const SERVER = process.env.DATABASE_URL
let t: TestApp
let dbName = ''
const logs = logCapture()

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'warn' }, { logStream: logs.stream })
  const [row] = await t.app.db.sequelize.query<{ name: string }>('SELECT current_database() AS name', { type: QueryTypes.SELECT })
  dbName = row!.name
})
afterAll(() => t?.close())

/** A superuser connection to the app's own database on DATABASE_URL's server. */
async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(SERVER!)
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const terminateAppConnections = (client: pg.Client) =>
  client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [dbName])

/**
 * Takes the database away from the app. On a server: it stops accepting
 * connections and the open ones are killed. Embedded: the pool cannot hand
 * out a connection (PGlite cannot be stopped under a live app).
 */
async function databaseDown(): Promise<() => Promise<void>> {
  if (SERVER) {
    await admin(async (client) => {
      await client.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS false`)
      await terminateAppConnections(client)
    })
    return () =>
      admin(async (client) => {
        await client.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`)
      })
  }
  const manager = t.app.db.sequelize.connectionManager as unknown as { getConnection: (...args: unknown[]) => Promise<unknown> }
  const original = manager.getConnection
  manager.getConnection = async () => {
    throw new ConnectionRefusedError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
  }
  return async () => {
    manager.getConnection = original
  }
}

async function listReports() {
  return t.app.inject({ method: 'POST', url: '/report/researchReport/pageList', payload: { lang: 'zh-CN' } })
}

describe('a payment notification while the database is down', () => {
  it('is refused so the provider retries, and applied when retried after recovery', async () => {
    const user = await registerUser(t.app)
    const { bulletin } = await bulletinWithFile(t.app)
    const order = body(
      await authed(t.app, user.token).post('/report/websiteUserOrder/payOrder', {
        researchBriefReportId: String(bulletin.id),
        payMethod: 'zfb',
        payPrice: 299,
      }),
    ).data
    const form = await signedAlipayNotification({ orderNo: order.orderNo, amount: 29900 })

    const restore = await databaseDown()
    let refused
    try {
      refused = await postNotification(t.app, form)
      // The other routes answer the contract's server-error envelope (HTTP 200, as the legacy backend did), not a hang or a stack.
      const other = await listReports()
      expect(other.statusCode).toBe(200)
      expect([5002, 900001]).toContain(body(other).code)
      expect(body(other)).toMatchObject({ data: null })
    } finally {
      await restore()
    }
    expect(refused.body).not.toBe('success')
    expect(refused.statusCode).toBeGreaterThanOrEqual(400)
    expect(logs.find('provider will retry').length).toBeGreaterThanOrEqual(1)

    const retried = await postNotification(t.app, form)
    expect(retried.statusCode).toBe(200)
    expect(retried.body).toBe('success')
    expect(await orderStatus(t.app, order.id)).toBe('1')
    // The confirmation mail is written after the reply; let it land before the data folder goes.
    await waitForMail(t.dataDir, user.email)
  })
})

describe.runIf(SERVER)('PostgreSQL connections killed under the app', () => {
  it('are replaced by the pool: the next requests succeed without a restart', async () => {
    // Fill the pool with several live connections first.
    await Promise.all(Array.from({ length: 6 }, () => listReports()))
    const killed = await admin(terminateAppConnections)
    expect(killed.rowCount).toBeGreaterThanOrEqual(1)
    const sequential = []
    for (let i = 0; i < 5; i++) sequential.push((await listReports()).statusCode)
    expect(sequential).toEqual([200, 200, 200, 200, 200])

    await admin(terminateAppConnections)
    const concurrent = await Promise.all(Array.from({ length: 12 }, () => listReports()))
    expect(concurrent.map((r) => r.statusCode)).toEqual(Array(12).fill(200))
  })

  it('recovers after the database refused connections for a while', async () => {
    const restore = await databaseDown()
    try {
      expect((await t.app.inject({ url: '/health' })).statusCode).toBe(500)
    } finally {
      await restore()
    }
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200)
    expect((await listReports()).statusCode).toBe(200)
  })
})
