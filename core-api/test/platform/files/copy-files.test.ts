import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyFiles } from '../../../src/platform/files/copy-files.ts'
import { LocalFileStore } from '../../../src/platform/files/file-store.ts'
import { S3FileStore } from '../../../src/platform/files/s3-file-store.ts'
import { closedPort, startS3rver, type RunningS3rver } from '../../helpers/s3rver.ts'

// The copy from DATA_DIR/files into an S3 store, against a real s3rver:
// copies everything once, then nothing; honours the prefix; skips temporary
// files; re-copies a changed file; counts failures.
let s3: RunningS3rver
let dataDir: string

beforeAll(async () => {
  s3 = await startS3rver()
  dataDir = await mkdtemp(path.join(tmpdir(), 'rpt-copy-'))
})
afterAll(async () => {
  await s3?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

function s3Store(prefix: string, endpoint = s3.endpoint, timeoutMs = 2000): S3FileStore {
  return new S3FileStore({
    bucket: s3.bucket,
    prefix,
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    timeoutMs,
  })
}

async function read(stream: Readable): Promise<Buffer> {
  return Buffer.concat(await stream.toArray())
}

describe('copyFiles', () => {
  it('copies every file under the prefix, and a second run copies nothing', async () => {
    const sourceDir = path.join(dataDir, 'files')
    const local = new LocalFileStore(sourceDir)
    const files: Record<string, Buffer> = {
      'reports/ZY-2026-0001.zh-CN.pdf': randomBytes(40_000),
      'reports/ZY-2026-0001.en-US.pdf': randomBytes(30_000),
      'bulletins/zh-CN/weekly-12.pdf': randomBytes(1_000),
      'orders/R2026/1700000000000.pdf': randomBytes(6 * 1024 * 1024 + 7),
    }
    for (const [key, bytes] of Object.entries(files)) await local.put(key, bytes)
    // What an interrupted LocalFileStore.put leaves, and a stray file the application never names.
    await writeFile(path.join(sourceDir, 'reports', 'ZY-2026-0002.zh-CN.pdf.123.abcd.tmp'), 'half')
    await writeFile(path.join(sourceDir, 'reports', '.DS_Store'), 'junk')

    const target = s3Store('site/files')
    const lines: string[] = []
    const dry = await copyFiles({ sourceDir, target, dryRun: true, log: (line) => lines.push(line) })
    expect(dry).toEqual({ copied: 4, skipped: 0, failed: 0, ignored: 2, dryRun: true })
    expect(await target.stat('reports/ZY-2026-0001.zh-CN.pdf')).toBeUndefined()

    const first = await copyFiles({ sourceDir, target, log: (line) => lines.push(line) })
    expect(first).toEqual({ copied: 4, skipped: 0, failed: 0, ignored: 2, dryRun: false })
    for (const [key, bytes] of Object.entries(files)) {
      expect((await read(await target.open(key))).equals(bytes), key).toBe(true)
    }
    // The prefix is honoured: the same keys are not at the bucket's root.
    expect(await s3Store('').stat('reports/ZY-2026-0001.zh-CN.pdf')).toBeUndefined()
    expect((await s3Store('site').stat('files/reports/ZY-2026-0001.zh-CN.pdf'))?.size).toBe(40_000)
    expect(await target.stat('reports/ZY-2026-0002.zh-CN.pdf.123.abcd.tmp')).toBeUndefined()

    const second = await copyFiles({ sourceDir, target })
    expect(second).toEqual({ copied: 0, skipped: 4, failed: 0, ignored: 2, dryRun: false })

    // Same size, other bytes: the MD5 of the single-part ETag tells them apart.
    const changed = randomBytes(1_000)
    await local.put('bulletins/zh-CN/weekly-12.pdf', changed)
    const third = await copyFiles({ sourceDir, target, log: (line) => lines.push(line) })
    expect(third).toMatchObject({ copied: 1, skipped: 3, failed: 0 })
    expect((await read(await target.open('bulletins/zh-CN/weekly-12.pdf'))).equals(changed)).toBe(true)
    expect(lines).toContain('copied bulletins/zh-CN/weekly-12.pdf')
  })

  it('copies nothing from a missing folder', async () => {
    expect(await copyFiles({ sourceDir: path.join(dataDir, 'none'), target: s3Store('x') })).toEqual({
      copied: 0,
      skipped: 0,
      failed: 0,
      ignored: 0,
      dryRun: false,
    })
  })

  it('counts failures and gives up on a store that is down', async () => {
    const sourceDir = path.join(dataDir, 'down')
    for (let i = 0; i < 8; i++) {
      await mkdir(path.join(sourceDir, 'reports'), { recursive: true })
      await writeFile(path.join(sourceDir, 'reports', `R${i}.pdf`), `file ${i}`)
    }
    const lines: string[] = []
    const summary = await copyFiles({
      sourceDir,
      target: s3Store('p', `http://127.0.0.1:${await closedPort()}`, 500),
      concurrency: 1,
      log: (line) => lines.push(line),
    })
    expect(summary).toMatchObject({ copied: 0, skipped: 0, failed: 8 })
    expect(lines.filter((line) => line.startsWith('failed '))).toHaveLength(3)
    expect(lines.at(-1)).toMatch(/gave up: .* 5 files not attempted/)
  })
})
