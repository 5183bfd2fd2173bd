import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/db/database.ts'

// The embedded database on a data folder runs in a child process of its own
// (src/db/embedded-server.ts), so its memory is not the API's.

let dir: string
let db: Database | undefined

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rpt-embedded-'))
})

afterAll(async () => {
  await db?.close()
  await rm(dir, { recursive: true, force: true })
})

function childrenOf(pid: number): Promise<number[]> {
  return import('node:fs/promises')
    .then(({ readFile }) => readFile(`/proc/${pid}/task/${pid}/children`, 'utf8'))
    .then((text) => text.trim().split(/\s+/).filter(Boolean).map(Number), () => [])
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

it('serves a data folder from a child process, with pg_trgm, and keeps the data across a restart', async () => {
  const before = await childrenOf(process.pid)
  db = await openDatabase({ url: '', embeddedDir: path.join(dir, 'pglite'), poolMax: 1 })
  const started = (await childrenOf(process.pid)).filter((pid) => !before.includes(pid))
  if (process.platform === 'linux') expect(started).toHaveLength(1)

  await db.sequelize.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`)
  await db.sequelize.query(`CREATE TABLE kept (word text)`)
  await db.sequelize.query(`INSERT INTO kept VALUES ('lithium battery')`)
  const [similar] = await db.sequelize.query<{ s: number }>(`SELECT similarity(word, 'battery') AS s FROM kept`, { type: QueryTypes.SELECT })
  expect(similar!.s).toBeGreaterThan(0)

  await db.close()
  db = undefined
  // Closing stops the database process, not just the connection.
  for (const pid of started) expect(alive(pid)).toBe(false)

  db = await openDatabase({ url: '', embeddedDir: path.join(dir, 'pglite'), poolMax: 1 })
  const rows = await db.sequelize.query<{ word: string }>(`SELECT word FROM kept`, { type: QueryTypes.SELECT })
  expect(rows).toEqual([{ word: 'lithium battery' }])
}, 120_000)
