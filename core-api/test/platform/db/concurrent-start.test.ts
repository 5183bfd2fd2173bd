import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { QueryTypes } from 'sequelize'
import { afterAll, describe, expect, it } from 'vitest'
import app, { fastifyOptions } from '../../../src/app.ts'
import { loadConfig } from '../../../src/platform/config.ts'
import { migrations } from '../../../src/platform/db/migrations/index.ts'
import { createServerDatabase } from '../../helpers/build-app.ts'

// Several instances started at the same moment on one empty PostgreSQL
// database, each with AUTO_MIGRATE and AUTO_SEED: one migrates and seeds
// under the advisory lock, the others wait and find nothing left to do.
// (The embedded database serves one process, so this needs a server.)
const serverUrl = process.env.DATABASE_URL
const instances: FastifyInstance[] = []
const dirs: string[] = []
let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined

afterAll(async () => {
  for (const instance of instances) await instance.close()
  await database?.drop()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function start(url: string): Promise<FastifyInstance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rpt-concurrent-'))
  dirs.push(dataDir)
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      AUTO_MIGRATE: true,
      AUTO_SEED: true,
      RECONCILE_INTERVAL_SECONDS: 0,
    },
  )
  const instance = Fastify(fastifyOptions(config))
  instances.push(instance)
  await instance.register(app, { config })
  await instance.ready()
  return instance
}

describe.skipIf(!serverUrl)('simultaneous starts on one database', () => {
  it('migrates and seeds once and starts every instance', async () => {
    database = await createServerDatabase(serverUrl!)
    const [first, second, third] = await Promise.all([start(database.url), start(database.url), start(database.url)])
    const q = <T extends object>(sql: string) => first.db.sequelize.query<T>(sql, { type: QueryTypes.SELECT })

    const applied = await q<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
    expect(applied.map((row) => row.name)).toEqual(migrations.map((m) => m.name))
    // Seeded once: each fixture report exists once per language.
    const [dupes] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT lang, web_title FROM research_report GROUP BY 1, 2 HAVING count(*) > 1) d`,
    )
    expect(dupes!.n).toBe(0)
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM research_report'))[0]!.n).toBeGreaterThan(0)

    for (const instance of [first, second, third]) expect((await instance.inject({ url: '/health/ready' })).statusCode).toBe(200)
  }, 180_000)
})
