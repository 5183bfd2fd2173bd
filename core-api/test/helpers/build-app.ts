import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import pg from 'pg'
import app, { fastifyOptions, loggerOptions } from '../../src/app.ts'
import { loadConfig, type ConfigOverrides } from '../../src/platform/config.ts'
import { startGateway, type TestGateway } from './gateway.ts'

export interface TestApp {
  app: FastifyInstance
  dataDir: string
  /** The payment gateway (the payment sandbox) this app's merchant settings name */
  gateway: TestGateway
  close(): Promise<void>
}

/**
 * A PostgreSQL server's URL for this test file: a database of its own,
 * created on the server named by DATABASE_URL and dropped afterwards, so
 * files run in parallel without seeing each other's rows.
 */
export async function createServerDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rpt_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

/**
 * Builds the real app on a fresh database: the embedded one in memory, or a
 * new database on DATABASE_URL's server. The reconciliation timer is off;
 * tests call it. With listen, the app also serves on a loopback port. Its
 * payments go to a payment sandbox of its own, over HTTP; overrides may
 * point a provider elsewhere.
 */
export async function buildTestApp(
  overrides: ConfigOverrides = {},
  options: { listen?: boolean; logStream?: NodeJS.WritableStream; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rpt-core-'))
  const serverUrl = process.env.DATABASE_URL
  const database = serverUrl ? await createServerDatabase(serverUrl) : undefined
  const gateway = await startGateway({ siteUrl: overrides.SITE_URL ?? 'http://localhost:3000' })
  const config = loadConfig(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    EMBEDDED_PG_MEMORY: true,
    AUTO_SEED: false,
    RECONCILE_INTERVAL_SECONDS: 0,
    // Lists right after a write are compared with the database's answer; test/modules/search/recent-pages.test.ts tests the busy path.
    SEARCH_STALE_MS: 0,
    ...gateway.settings,
    ...overrides,
  })
  // With a log stream, the production logger (its redaction included) writes to it.
  const logger = options.logStream
    ? { ...loggerOptions(config), level: config.LOG_LEVEL === 'silent' ? 'info' : config.LOG_LEVEL, stream: options.logStream }
    : config.LOG_LEVEL === 'silent'
      ? false
      : { level: config.LOG_LEVEL }
  const instance = Fastify({ ...fastifyOptions(config), logger })
  // Sees every route as it is added (its schemas included), before the app registers any.
  if (options.onRoute) instance.addHook('onRoute', options.onRoute)
  await instance.register(app, { config })
  await instance.ready()
  gateway.target = instance
  if (options.listen) await instance.listen({ port: 0, host: '127.0.0.1' })
  return {
    app: instance,
    dataDir,
    gateway,
    async close() {
      await instance.close()
      await gateway.close()
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export function body<T = any>(response: { body: string }): { code: number; msg: string; data: T } {
  return JSON.parse(response.body)
}
