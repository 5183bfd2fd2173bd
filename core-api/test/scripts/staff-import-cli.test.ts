import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import app, { fastifyOptions } from '../../src/app.ts'
import { loadConfig, type ConfigOverrides } from '../../src/platform/config.ts'
import { repoRoot } from '../../src/platform/paths.ts'
import { writeSyntheticCsv } from '../../src/modules/publishing/imports/synthetic.ts'
import { freePort } from '../../../scripts/testkit/ports.ts'
import { createServerDatabase } from '../helpers/build-app.ts'
import { createDict } from '../helpers/factories.ts'

// `npm run staff -- import` as an editor runs it while the site is up: on the
// embedded database the site's database process holds the data folder, and
// the command joins it through the port it serves, as add and list do. What
// the command cannot do, it says in one line of the caller's language.

const ROWS = 1000

let dataDir = ''
let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined
let settings: ConfigOverrides
let site: FastifyInstance
let sheet = ''

function staffImport(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', 'import', ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: settings.DATABASE_URL ?? '',
        EMBEDDED_PG_MEMORY: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    // 'close', not 'exit': only then has all of its output been read.
    child.on('close', (code) => resolve({ code, out, err }))
  })
}

/** No stack trace, no log record: what a person reads. */
function expectPlain(text: string): void {
  expect(text).not.toMatch(/^\s+at /m)
  expect(text).not.toMatch(/^\{"level"/m)
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rpt-staff-import-cli-'))
  database = process.env.DATABASE_URL ? await createServerDatabase(process.env.DATABASE_URL) : undefined
  settings = { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', EMBEDDED_PG_MEMORY: false }
  // The site, running for the whole file: on the embedded database it holds the data folder.
  const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_SEED: false, RECONCILE_INTERVAL_SECONDS: 0, ...settings })
  site = Fastify(fastifyOptions(config))
  await site.register(app, { config })
  await site.listen({ port: 0, host: '127.0.0.1' })
  await createDict(site, 'reports_category', [['energy', '能源电力']])
  await createDict(site, 'reports_category_en', [['energy', 'Energy & Power']])
  sheet = path.join(dataDir, 'reports.csv')
  await writeSyntheticCsv(sheet, { rows: ROWS, category: 'energy', prefix: 'cli' })
})
afterAll(async () => {
  await site?.close()
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

it(`imports a ${ROWS}-row sheet while the site runs, and the running site has the reports`, async () => {
  const checked = await staffImport([sheet, '--dry-run'])
  expect(checked.code, checked.out + checked.err).toBe(0)
  expect(checked.out).toContain(`${ROWS} rows checked`)

  // The site keeps answering its public lists while the command imports on its database.
  const answers: number[] = []
  let importing = true
  const visitor = (async () => {
    while (importing) {
      const list = await site.inject({ method: 'POST', url: '/report/researchReport/pageList', payload: { lang: 'zh-CN' } })
      answers.push((JSON.parse(list.body) as { code: number }).code)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })()
  const imported = await staffImport([sheet]).finally(() => {
    importing = false
  })
  await visitor
  expect(answers.length).toBeGreaterThan(0)
  expect(answers.every((code) => code === 200)).toBe(true)
  expect(imported.code, imported.out + imported.err).toBe(0)
  expect(imported.out).toMatch(new RegExp(`import \\d+ done: ${ROWS}/${ROWS} rows, ${ROWS} created, 0 updated`))
  expectPlain(imported.out + imported.err)

  const [counted] = await site.db.sequelize.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM research_report WHERE web_title LIKE 'cli-%'`,
    { type: QueryTypes.SELECT },
  )
  expect(counted?.count).toBe(ROWS * 2)
  const audit = await site.db.sequelize.query<{ actor: string; action: string }>(
    `SELECT actor, action FROM staff_audit WHERE action LIKE 'reports.import%' ORDER BY id`,
    { type: QueryTypes.SELECT },
  )
  expect(audit.map((row) => row.action)).toEqual(['reports.import.check', 'reports.import', 'reports.import.done'])
  expect(audit.every((row) => row.actor.startsWith('cli:'))).toBe(true)
}, 300_000)

it('says in one line, in the chosen language, when the sheet cannot be read', async () => {
  const folder = path.join(dataDir, 'not-a-sheet')
  await mkdir(folder, { recursive: true })
  const refused = await staffImport([folder, '--lang', 'zh-CN'])
  expect(refused.code).not.toBe(0)
  expectPlain(refused.out + refused.err)
  expect(refused.err.trim().split('\n')).toHaveLength(1)
  expect(refused.err).toMatch(/[\u4e00-\u9fff]/)

  const missing = await staffImport([path.join(dataDir, 'missing.csv')])
  expect(missing.code).not.toBe(0)
  expect(missing.err.trim()).toMatch(/^Cannot read .*missing\.csv/)
}, 120_000)

it('says in one line when no database answers', async () => {
  const port = await freePort()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const answer = await staffImport([sheet, '--dry-run'], { DATABASE_URL: url })
  expect(answer.code).toBe(1)
  expectPlain(answer.out + answer.err)
  expect(answer.err.trim().split('\n')).toHaveLength(1)
  expect(answer.err).toContain(`127.0.0.1:${port}`)
}, 120_000)

it('says in one line when the embedded database is held by a process that serves no port', async () => {
  if (settings.DATABASE_URL) return
  // A data folder locked by a live process (this one) with no port file: a site starting or stopping.
  const held = await mkdtemp(path.join(tmpdir(), 'rpt-staff-import-held-'))
  try {
    await writeFile(path.join(held, 'pglite.lock'), String(process.pid))
    const answer = await staffImport([sheet, '--dry-run'], { DATA_DIR: held })
    expect(answer.code).toBe(1)
    expectPlain(answer.out + answer.err)
    expect(answer.err.trim().split('\n')).toHaveLength(1)
    // Said at once, not after the database process's own wait for the folder ("stop that process first").
    expect(answer.err).toMatch(/in use by process \d+, which serves no port yet .*try again in a moment/)
  } finally {
    await rm(held, { recursive: true, force: true })
  }
}, 120_000)
