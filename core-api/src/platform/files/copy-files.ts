import { createHash } from 'node:crypto'
import { createReadStream, type Dirent } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { checkFileKey, FileStoreUnavailableError, InvalidFileKeyError } from './file-store.ts'
import type { StoredObject } from './s3-file-store.ts'

// Copies the local store (DATA_DIR/files) into an S3 store, for moving an
// installation to FILE_STORE=s3://…. Safe to run again: a file whose object is
// already there with the same size (and, for a plain-MD5 ETag, the same MD5)
// is skipped, and an interrupted run leaves nothing half-written (each object
// appears whole or not at all), so the next run simply copies what is missing.

/** What the copy needs of the target: S3FileStore fits. */
export interface CopyTarget {
  readonly location: string
  head(key: string): Promise<Pick<StoredObject, 'size' | 'etag'> | undefined>
  put(key: string, data: Buffer | Readable): Promise<void>
}

export interface CopyOptions {
  /** The local store's folder, DATA_DIR/files */
  sourceDir: string
  target: CopyTarget
  /** Compare only: count what would be copied, write nothing */
  dryRun?: boolean
  /** Files copied at a time */
  concurrency?: number
  /** Give up after this many files in a row found the store unavailable; the rest count as failed */
  maxUnavailableInARow?: number
  log?: (line: string) => void
}

export interface CopySummary {
  /** Copied, or with dryRun, that would be copied */
  copied: number
  skipped: number
  failed: number
  /** Not store files: temporary files of interrupted writes and names that are not file keys */
  ignored: number
  dryRun: boolean
}

// A single-part upload's ETag is the hex MD5 of the object; a multipart one ends in -N, and SSE-KMS ones are opaque.
const PLAIN_MD5_ETAG = /^"?([0-9a-f]{32})"?$/i

async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Every regular file under dir, as a store key (forward slashes), sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const keys: string[] = []
  async function walk(relative: string): Promise<void> {
    const entries: Dirent[] = await readdir(path.join(dir, relative), { withFileTypes: true })
    for (const entry of entries) {
      const key = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) await walk(key)
      else if (entry.isFile()) keys.push(key)
    }
  }
  try {
    await walk('')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return keys.sort()
}

type Outcome = 'copied' | 'skipped'

export async function copyFiles(options: CopyOptions): Promise<CopySummary> {
  const { sourceDir, target } = options
  const dryRun = options.dryRun ?? false
  const log = options.log ?? (() => {})
  const maxUnavailable = options.maxUnavailableInARow ?? 3
  const summary: CopySummary = { copied: 0, skipped: 0, failed: 0, ignored: 0, dryRun }

  const keys: string[] = []
  for (const key of await listFiles(sourceDir)) {
    // LocalFileStore writes to key.<pid>.<random>.tmp and renames; a leftover is an interrupted write, not a file.
    if (key.endsWith('.tmp')) {
      summary.ignored++
      continue
    }
    try {
      keys.push(checkFileKey(key))
    } catch (error) {
      if (!(error instanceof InvalidFileKeyError)) throw error
      summary.ignored++
      log(`ignored ${key}: not a file key the application makes`)
    }
  }
  log(`${dryRun ? 'comparing' : 'copying'} ${keys.length} files from ${sourceDir} to ${target.location}`)

  async function copyOne(key: string): Promise<Outcome> {
    const file = path.join(sourceDir, ...key.split('/'))
    const { size } = await stat(file)
    const existing = await target.head(key)
    if (existing && existing.size === size) {
      const md5 = PLAIN_MD5_ETAG.exec(existing.etag ?? '')?.[1]
      if (!md5 || md5.toLowerCase() === (await md5Of(file))) return 'skipped'
    }
    if (dryRun) return 'copied'
    const body = createReadStream(file)
    try {
      await target.put(key, body)
    } finally {
      // A failed upload stops reading; close the file rather than wait for the collector.
      body.destroy()
    }
    // Trust but verify: the object must now be there whole.
    const written = await target.head(key)
    if (written?.size !== size) throw new Error(`after the upload the object has ${written?.size ?? 'no'} bytes, not ${size}`)
    return 'copied'
  }

  let next = 0
  let unavailableInARow = 0
  let gaveUp = false
  async function worker(): Promise<void> {
    while (!gaveUp && next < keys.length) {
      const key = keys[next++]!
      try {
        const outcome = await copyOne(key)
        unavailableInARow = 0
        summary[outcome]++
        if (outcome === 'copied') log(`${dryRun ? 'would copy' : 'copied'} ${key}`)
      } catch (error) {
        summary.failed++
        log(`failed ${key}: ${(error as Error).message}`)
        // A store that is down would fail every remaining file one timeout at a time: stop, and let a later run resume.
        if (error instanceof FileStoreUnavailableError && ++unavailableInARow >= maxUnavailable) gaveUp = true
        else if (!(error instanceof FileStoreUnavailableError)) unavailableInARow = 0
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, () => worker()))

  if (gaveUp && next < keys.length) {
    const remaining = keys.length - next
    summary.failed += remaining
    log(`gave up: ${target.location} is unavailable; ${remaining} files not attempted`)
  }
  return summary
}
