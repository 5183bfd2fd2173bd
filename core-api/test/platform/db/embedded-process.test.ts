import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../../src/platform/db/database.ts'

// The embedded database on a data folder runs in a child process of its own
// (src/platform/db/embedded-server.ts), so its memory is not the API's.

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
    .then(
      (text) => text.trim().split(/\s+/).filter(Boolean).map(Number),
      () => [],
    )
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
  const [similar] = await db.sequelize.query<{ s: number }>(`SELECT similarity(word, 'battery') AS s FROM kept`, {
    type: QueryTypes.SELECT,
  })
  expect(similar!.s).toBeGreaterThan(0)

  await db.close()
  db = undefined
  // Closing stops the database process, not just the connection.
  for (const pid of started) expect(alive(pid)).toBe(false)

  db = await openDatabase({ url: '', embeddedDir: path.join(dir, 'pglite'), poolMax: 1 })
  const rows = await db.sequelize.query<{ word: string }>(`SELECT word FROM kept`, { type: QueryTypes.SELECT })
  expect(rows).toEqual([{ word: 'lithium battery' }])
}, 120_000)

it('refuses a second process on a folder in use, naming the holder, and takes over a lock its holder left behind', async () => {
  const folder = path.join(dir, 'locked')
  const first = await openDatabase({ url: '', embeddedDir: folder, poolMax: 1 })
  try {
    const [holder] = (await import('node:fs/promises').then(({ readFile }) => readFile(`${folder}.lock`, 'utf8'))).trim().split(/\s+/)
    await expect(openDatabase({ url: '', embeddedDir: folder, poolMax: 1, embeddedLockWaitMs: 300 })).rejects.toThrow(
      new RegExp(`in use by process ${holder}`),
    )
    // The first one was not disturbed.
    const [row] = await first.sequelize.query<{ one: number }>(`SELECT 1 AS one`, { type: QueryTypes.SELECT })
    expect(row).toEqual({ one: 1 })
  } finally {
    await first.close()
  }
  // Closed cleanly: the lock is gone.
  await expect(import('node:fs/promises').then(({ stat }) => stat(`${folder}.lock`))).rejects.toThrow()

  // A crashed holder leaves its pid file behind; a process id that is not running gives it up.
  const { writeFile } = await import('node:fs/promises')
  await writeFile(`${folder}.lock`, '2147483646')
  const again = await openDatabase({ url: '', embeddedDir: folder, poolMax: 1, embeddedLockWaitMs: 300 })
  await again.close()
}, 120_000)

it("starts with the configured shared_buffers, in its process and in memory, and with PGlite's own 128 MB when none is given", async () => {
  const show = async (database: Database) =>
    (await database.sequelize.query<{ shared_buffers: string }>(`SHOW shared_buffers`, { type: QueryTypes.SELECT }))[0]!.shared_buffers
  const inProcess = await openDatabase({ url: '', embeddedDir: path.join(dir, 'buffers'), poolMax: 1, embeddedSharedBuffersMb: 48 })
  try {
    expect(await show(inProcess)).toBe('48MB')
  } finally {
    await inProcess.close()
  }
  const inMemory = await openDatabase({ url: '', embeddedDir: 'memory', poolMax: 1, embeddedSharedBuffersMb: 24 })
  try {
    expect(await show(inMemory)).toBe('24MB')
  } finally {
    await inMemory.close()
  }
  const unset = await openDatabase({ url: '', embeddedDir: path.join(dir, 'buffers'), poolMax: 1 })
  try {
    expect(await show(unset)).toBe('128MB')
  } finally {
    await unset.close()
  }
}, 180_000)
