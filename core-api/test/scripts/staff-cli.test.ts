import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Fastify, { type FastifyInstance } from 'fastify'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import app, { fastifyOptions } from '../../src/app.ts'
import { loadConfig, type ConfigOverrides } from '../../src/platform/config.ts'
import { repoRoot } from '../../src/platform/paths.ts'
import { body, createServerDatabase } from '../helpers/build-app.ts'
import { startGateway, type TestGateway } from '../helpers/gateway.ts'
import { secretOf, totpOf } from '../helpers/staff.ts'

// `npm run staff` as an admin runs it, against a data folder of the embedded
// database (or a server's database): the credentials it prints sign in.
/** The data folder, the server's database if tests run on one, their settings and the payment gateway the app's settings name. */
const site = {
  dataDir: '',
  database: undefined as Awaited<ReturnType<typeof createServerDatabase>> | undefined,
  settings: {} as ConfigOverrides,
  gateway: undefined as TestGateway | undefined,
}

/** The site, started on the database the command uses and stopped again (the embedded one serves one process). */
async function withSite<T>(fn: (instance: FastifyInstance) => Promise<T>): Promise<T> {
  const overrides = { NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_SEED: false, RECONCILE_INTERVAL_SECONDS: 0 } as const
  const config = loadConfig({}, { ...overrides, ...site.gateway!.settings, ...site.settings })
  const instance = Fastify(fastifyOptions(config))
  await instance.register(app, { config })
  await instance.ready()
  return fn(instance).finally(() => instance.close())
}

async function staffCli(args: string[]): Promise<{ code: number; out: string }> {
  const environment = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: site.dataDir,
    DATABASE_URL: site.settings.DATABASE_URL ?? '',
  }
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
      cwd: repoRoot,
      env: { ...environment, EMBEDDED_PG_MEMORY: 'false' },
    })
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, out: failed.stdout + failed.stderr }
  }
}

function credentialsOf(out: string): { password: string; secret: string } {
  const password = /^password: (\S+)$/m.exec(out)?.[1]
  const uri = /(otpauth:\/\/totp\/\S+)/.exec(out)?.[1]
  if (!password || !uri) throw new Error(`no credentials in: ${out}`)
  return { password, secret: secretOf(uri) }
}

const signIn = async (instance: FastifyInstance, name: string, password: string, secret: string, stepsAhead = 0) =>
  body(await instance.inject({ method: 'POST', url: '/staff/login', payload: { name, password, totp: await totpOf(secret, stepsAhead) } }))

beforeAll(async () => {
  site.dataDir = await mkdtemp(path.join(tmpdir(), 'rpt-staff-cli-'))
  site.database = process.env.DATABASE_URL ? await createServerDatabase(process.env.DATABASE_URL) : undefined
  site.settings = { DATA_DIR: site.dataDir, DATABASE_URL: site.database?.url ?? '', EMBEDDED_PG_MEMORY: false }
  site.gateway = await startGateway()
  // The site has run once: the database is migrated.
  await withSite(async () => undefined)
})
afterAll(async () => {
  await site.gateway?.close()
  await site.database?.drop()
  await rm(site.dataDir, { recursive: true, force: true })
})

it('refuses a malformed command with its usage', async () => {
  const answer = await staffCli(['add', 'alice', '--role', 'boss'])
  expect(answer.code).toBe(2)
  expect(answer.out).toContain('usage:')
})

it('adds, lists, resets and disables a staff account whose printed credentials sign in', async () => {
  const added = await staffCli(['add', 'alice', '--role', 'editor'])
  expect(added.code, added.out).toBe(0)
  expect(added.out).toMatch(/^password: \S{24}$/m)
  expect(added.out).toMatch(/otpauth:\/\/totp\/[^?\s]*alice\?[^\s]*secret=[A-Z2-7]+/)
  const first = credentialsOf(added.out)
  expect((await staffCli(['add', 'alice', '--role', 'admin'])).code).toBe(1)

  const listed = await staffCli(['list', '--json'])
  expect(JSON.parse(listed.out)).toEqual([{ name: 'alice', role: 'editor', status: 'active', createdAt: expect.any(String) }])

  await withSite(async (instance) => {
    expect(await signIn(instance, 'alice', first.password, first.secret)).toMatchObject({ code: 200, data: { staff: { role: 'editor' } } })
  })

  const reset = await staffCli(['reset', 'alice'])
  expect(reset.code, reset.out).toBe(0)
  const second = credentialsOf(reset.out)
  expect(second.password).not.toBe(first.password)
  await withSite(async (instance) => {
    expect((await signIn(instance, 'alice', first.password, first.secret, 1)).code).toBe(300001)
    expect((await signIn(instance, 'alice', second.password, second.secret)).code).toBe(200)
  })

  expect((await staffCli(['disable', 'alice'])).code).toBe(0)
  expect(JSON.parse((await staffCli(['list', '--json'])).out)).toMatchObject([{ name: 'alice', status: 'disabled' }])
  await withSite(async (instance) => {
    expect((await signIn(instance, 'alice', second.password, second.secret, 1)).code).toBe(300001)
    const audit = await instance.db.sequelize.query<{ actor: string; action: string }>(
      `SELECT actor, action FROM staff_audit WHERE actor LIKE 'cli:%' ORDER BY id`,
      { type: QueryTypes.SELECT },
    )
    expect(audit.map((row) => row.action)).toEqual(['staff.add', 'staff.reset', 'staff.disable'])
  })
}, 180_000)

it('adds an account while the site runs, on the embedded database too, and the running site signs it in', async () => {
  await withSite(async (instance) => {
    const added = await staffCli(['add', 'bob', '--role', 'admin'])
    expect(added.code, added.out).toBe(0)
    const { password, secret } = credentialsOf(added.out)
    expect(await signIn(instance, 'bob', password, secret)).toMatchObject({ code: 200, data: { staff: { name: 'bob', role: 'admin' } } })
    const listed = await staffCli(['list', '--json'])
    expect(listed.code, listed.out).toBe(0)
    expect((JSON.parse(listed.out) as { name: string }[]).map((row) => row.name)).toContain('bob')
  })
}, 180_000)
