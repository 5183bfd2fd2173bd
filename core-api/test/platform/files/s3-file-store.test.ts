import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFileStore } from '../../../src/platform/files/create-file-store.ts'
import {
  FileNotFoundError,
  FileStoreUnavailableError,
  InvalidFileKeyError,
  LocalFileStore,
} from '../../../src/platform/files/file-store.ts'
import { S3FileStore, parseS3Location, s3FileStoreOptions } from '../../../src/platform/files/s3-file-store.ts'
import { closedPort, S3RVER_KEYS, silentServer, startS3rver, type RunningS3rver } from '../../helpers/s3rver.ts'

// The S3 store against a real S3-protocol server (s3rver), and against a
// store that is down: refused connections and a server that never answers.
let s3: RunningS3rver

beforeAll(async () => {
  s3 = await startS3rver()
})
afterAll(() => s3?.stop())

function storeAt(endpoint: string, prefix = 'files', timeoutMs = 2000): S3FileStore {
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

/** The object keys s3rver holds, read from its directory. */
async function storedKeys(): Promise<string[]> {
  const root = path.join(s3.directory, s3.bucket)
  const entries = await readdir(root, { recursive: true })
  return entries
    .filter((entry) => entry.endsWith('._S3rver_object'))
    .map((entry) =>
      entry
        .replace(/\._S3rver_object$/, '')
        .split(path.sep)
        .join('/'),
    )
    .sort()
}

describe('configuration', () => {
  it('parses s3://bucket[/prefix] and maps the config', async () => {
    expect(parseS3Location('s3://bucket')).toEqual({ bucket: 'bucket', prefix: '' })
    expect(parseS3Location('s3://bucket/a//b/')).toEqual({ bucket: 'bucket', prefix: 'a/b' })
    const options = s3FileStoreOptions({
      FILE_STORE: 's3://b/p',
      S3_ENDPOINT: '',
      S3_TIMEOUT_MS: 1234,
      AWS_REGION: '',
      AWS_ACCESS_KEY_ID: '',
      AWS_SECRET_ACCESS_KEY: '',
    })
    expect(options).toEqual({ bucket: 'b', prefix: 'p', endpoint: undefined, region: 'us-east-1', credentials: undefined, timeoutMs: 1234 })
    const store = await createFileStore({
      DATA_DIR: '/tmp',
      FILE_STORE: 's3://b/p/q',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_TIMEOUT_MS: 500,
      ...S3RVER_KEYS,
    })
    expect(store).toBeInstanceOf(S3FileStore)
    expect(store.location).toBe('s3://b/p/q')
  })
})

describe('S3FileStore on s3rver', () => {
  it('puts, stats and opens a file, whole and by range, under the prefix', async () => {
    const store = storeAt(s3.endpoint, 'tenant/files')
    const bytes = randomBytes(70_000)
    await store.put('reports/ZY-2026-0001.zh-CN.pdf', bytes)

    const stat = await store.stat('reports/ZY-2026-0001.zh-CN.pdf')
    expect(stat?.size).toBe(bytes.length)
    expect(stat?.modified).toBeInstanceOf(Date)
    expect((await store.head('reports/ZY-2026-0001.zh-CN.pdf'))?.etag).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`)
    expect((await read(await store.open('reports/ZY-2026-0001.zh-CN.pdf'))).equals(bytes)).toBe(true)
    expect(
      (await read(await store.open('reports/ZY-2026-0001.zh-CN.pdf', { start: 100, end: 199 }))).equals(bytes.subarray(100, 200)),
    ).toBe(true)
    expect(
      (await read(await store.open('reports/ZY-2026-0001.zh-CN.pdf', { start: bytes.length - 1, end: bytes.length - 1 }))).equals(
        bytes.subarray(-1),
      ),
    ).toBe(true)

    expect(await storedKeys()).toContain('tenant/files/reports/ZY-2026-0001.zh-CN.pdf')
    // Another prefix is another store.
    expect(await storeAt(s3.endpoint, 'other').stat('reports/ZY-2026-0001.zh-CN.pdf')).toBeUndefined()
  })

  it('streams a Readable body, multipart above 5 MiB, and replaces an object', async () => {
    const store = storeAt(s3.endpoint)
    const bytes = randomBytes(6 * 1024 * 1024 + 123)
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536))
    await store.put('bulletins/large.pdf', Readable.from(chunks))
    expect((await store.stat('bulletins/large.pdf'))?.size).toBe(bytes.length)
    expect((await read(await store.open('bulletins/large.pdf'))).equals(bytes)).toBe(true)

    await store.put('bulletins/large.pdf', Buffer.from('small now'))
    expect((await read(await store.open('bulletins/large.pdf'))).toString()).toBe('small now')
  })

  it('leaves no object when the source fails mid-upload, and reports the source error', async () => {
    const store = storeAt(s3.endpoint)
    const failing = new Readable({
      read() {},
    })
    failing.push(randomBytes(6 * 1024 * 1024))
    setTimeout(() => failing.destroy(new Error('disk read failed')), 50)
    await expect(store.put('reports/broken.pdf', failing)).rejects.toThrow('disk read failed')
    expect(await store.stat('reports/broken.pdf')).toBeUndefined()
  })

  it('reports a missing object: stat undefined, open rejects with FileNotFoundError', async () => {
    const store = storeAt(s3.endpoint)
    expect(await store.stat('reports/none.pdf')).toBeUndefined()
    await expect(store.open('reports/none.pdf')).rejects.toBeInstanceOf(FileNotFoundError)
    await expect(store.open('reports/none.pdf', { start: 0, end: 9 })).rejects.toBeInstanceOf(FileNotFoundError)
  })

  it('refuses keys that LocalFileStore refuses', async () => {
    const store = storeAt(s3.endpoint)
    for (const key of ['../x.pdf', '/abs.pdf', 'a/../b.pdf', 'a//b.pdf', '.hidden', 'a b.pdf', '']) {
      await expect(store.stat(key), key).rejects.toBeInstanceOf(InvalidFileKeyError)
      await expect(store.open(key), key).rejects.toBeInstanceOf(InvalidFileKeyError)
      await expect(store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidFileKeyError)
    }
  })

  it('treats a missing bucket as an unavailable store, not a missing file', async () => {
    const store = new S3FileStore({
      bucket: 'no-such-bucket',
      prefix: '',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      timeoutMs: 2000,
    })
    await expect(store.open('reports/a.pdf')).rejects.toBeInstanceOf(FileStoreUnavailableError)
  })
})

describe('a store that is down', () => {
  const TIMEOUT = 500

  it('answers FileStoreUnavailableError quickly when the connection is refused', async () => {
    const store = storeAt(`http://127.0.0.1:${await closedPort()}`, '', TIMEOUT)
    for (const call of [
      () => store.stat('reports/a.pdf'),
      () => store.open('reports/a.pdf'),
      () => store.put('reports/a.pdf', Buffer.from('x')),
    ]) {
      const started = Date.now()
      await expect(call()).rejects.toBeInstanceOf(FileStoreUnavailableError)
      expect(Date.now() - started).toBeLessThan(TIMEOUT * 6)
    }
  })

  it('answers FileStoreUnavailableError within the timeout when the server never answers', async () => {
    const silent = await silentServer()
    try {
      const store = storeAt(silent.endpoint, '', TIMEOUT)
      for (const call of [() => store.stat('reports/a.pdf'), () => store.open('reports/a.pdf', { start: 0, end: 9 })]) {
        const started = Date.now()
        await expect(call()).rejects.toBeInstanceOf(FileStoreUnavailableError)
        const elapsed = Date.now() - started
        expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT - 50)
        expect(elapsed).toBeLessThan(TIMEOUT + 400)
      }
      // An upload has no overall deadline (large files take their time), but a
      // silent server is given up after the idle timeout on each of its attempts.
      const started = Date.now()
      await expect(store.put('reports/a.pdf', Buffer.from('x'))).rejects.toBeInstanceOf(FileStoreUnavailableError)
      expect(Date.now() - started).toBeLessThan(TIMEOUT * 3 + 1500)
    } finally {
      await silent.stop()
    }
  })
})

describe('LocalFileStore, the same contract on disk', () => {
  it('streams a Readable, leaves no temporary file when the write fails, and rejects a missing file with FileNotFoundError', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'rpt-local-'))
    try {
      const store = new LocalFileStore(root)
      const bytes = randomBytes(200_000)
      await store.put('reports/a.pdf', Readable.from([bytes.subarray(0, 70_000), bytes.subarray(70_000)]))
      expect((await readFile(path.join(root, 'reports', 'a.pdf'))).equals(bytes)).toBe(true)

      const failing = new Readable({ read() {} })
      failing.push(randomBytes(1000))
      setTimeout(() => failing.destroy(new Error('source failed')), 20)
      await expect(store.put('reports/b.pdf', failing)).rejects.toThrow('source failed')
      expect(await readdir(path.join(root, 'reports'))).toEqual(['a.pdf'])

      expect(await store.stat('reports/b.pdf')).toBeUndefined()
      await expect(store.open('reports/b.pdf')).rejects.toBeInstanceOf(FileNotFoundError)
      expect((await read(await store.open('reports/a.pdf', { start: 5, end: 9 }))).equals(bytes.subarray(5, 10))).toBe(true)
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})
