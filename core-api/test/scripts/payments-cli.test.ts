import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import app, { fastifyOptions } from '../../src/app.ts'
import { loadConfig, type ConfigOverrides } from '../../src/platform/config.ts'
import { repoRoot } from '../../src/platform/paths.ts'
import { registerUser } from '../helpers/accounts.ts'
import { body, createServerDatabase } from '../helpers/build-app.ts'
import { startGateway, type TestGateway } from '../helpers/gateway.ts'
import { authed, bulletinWithFile, pressCashier } from '../helpers/orders.ts'

// `npm run payments` as staff run it: against the configured database (a
// data folder of the embedded one here, or a server's database), listing
// cases and refunding a paid order by hand, with who ran it on record.
let dataDir = ''
let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined
let env: ConfigOverrides
let gateway: TestGateway

async function withApp<T>(fn: (instance: FastifyInstance) => Promise<T>): Promise<T> {
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_SEED: false, RECONCILE_INTERVAL_SECONDS: 0, ...gateway.settings, ...env },
  )
  const instance = Fastify(fastifyOptions(config))
  await instance.register(app, { config })
  await instance.listen({ port: 0, host: '127.0.0.1' })
  gateway.target = instance
  try {
    return await fn(instance)
  } finally {
    // The command opens the same embedded database alone: notifications meanwhile find no core API.
    gateway.target = undefined
    await instance.close()
  }
}

function cli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/payments.ts', ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...gateway.settings,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: env.DATABASE_URL ?? '',
        EMBEDDED_PG_MEMORY: 'false',
        PAYMENT_RETRY_DELAY_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    // 'close', not 'exit': only then has all of its output been read.
    child.on('close', (code) => resolve({ code, out }))
  })
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rpt-payments-cli-'))
  database = process.env.DATABASE_URL ? await createServerDatabase(process.env.DATABASE_URL) : undefined
  env = { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', EMBEDDED_PG_MEMORY: false }
  gateway = await startGateway()
})
afterAll(async () => {
  await gateway?.close()
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

it('refuses a malformed command with its usage', async () => {
  const answer = await cli(['refund', 'R123'])
  expect(answer.code).toBe(2)
  expect(answer.out).toContain('usage:')
  expect((await cli(['list', '--state', 'everything'])).code).toBe(2)
})

it('refunds a paid order by hand, lists it, and records who did it', async () => {
  // A paid WeChat order, made through the app on the same database the command will open.
  const orderNo = await withApp(async (instance) => {
    const user = await registerUser(instance)
    const { bulletin } = await bulletinWithFile(instance)
    const paying = body(
      await authed(instance, user.token).post('/report/websiteUserOrder/payOrder', {
        researchBriefReportId: String(bulletin.id),
        payMethod: 'wx',
        payPrice: 299,
      }),
    )
    await pressCashier(paying.data.orderPayUrl, 'success')
    return paying.data.orderNo as string
  })

  const refunded = await cli(['refund', orderNo, '--reason', 'Duplicate purchase', '--by', 'alice'])
  expect(refunded.out).toContain(`refund RF`)
  expect(refunded.out).toContain('staff:alice')
  expect(refunded.code, refunded.out).toBe(0)

  const listed = await cli(['list', '--state', 'refunded', '--json'])
  expect(listed.code, listed.out).toBe(0)
  const rows = JSON.parse(listed.out.slice(listed.out.indexOf('['))) as Array<{ orderNo: string; cause: string; requestedBy: string }>
  expect(rows.find((row) => row.orderNo === orderNo)).toMatchObject({ cause: 'staff', requestedBy: 'staff:alice' })

  // Refused the second time, with the reason.
  const again = await cli(['refund', orderNo, '--reason', 'again'])
  expect(again.code).toBe(1)
  expect(again.out).toContain('This order has been refunded already; it is never refunded twice.')

  await withApp(async (instance) => {
    const audit = await instance.db.sequelize.query<{ action: string; actor: string }>(
      `SELECT a.action, a.actor FROM payment_audit a JOIN website_order o ON o.id = a.order_id WHERE o.order_no = $1 AND a.actor LIKE 'staff:%' ORDER BY a.id`,
      { bind: [orderNo], type: QueryTypes.SELECT },
    )
    expect(audit).toEqual([
      { action: 'refund-queued', actor: 'staff:alice' },
      { action: 'staff-refund', actor: 'staff:alice' },
    ])
  })
}, 120_000)
