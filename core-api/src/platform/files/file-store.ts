import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

// Files are addressed by keys the application makes (reports/ZY-2026-0001.pdf),
// never by anything a request sends; the key check is a second line of defence.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

export interface StoredFile {
  size: number
  modified: Date
}

/** Where purchased and sample files live: DATA_DIR/files, or an S3-compatible bucket (FILE_STORE). */
export interface FileStore {
  /** Where the files are, for logs: a folder or s3://bucket/prefix */
  readonly location: string
  put(key: string, data: Buffer | Readable): Promise<void>
  stat(key: string): Promise<StoredFile | undefined>
  /** The file's bytes, or one inclusive range of them; a missing file rejects with FileNotFoundError */
  open(key: string, range?: { start: number; end: number }): Promise<Readable>
  /** Removes a file; a key the store does not hold is no error (a refused upload deletes what it may have left) */
  delete(key: string): Promise<void>
  /** Lets go of connections held for the store, when the app closes */
  close?(): void
}

export class InvalidFileKeyError extends Error {}

/** The store could not be reached or did not answer in time (S3_TIMEOUT_MS). */
export class FileStoreUnavailableError extends Error {}

/** open() of a key the store does not hold; `code` matches what fs reports, for callers that test it. */
export class FileNotFoundError extends Error {
  readonly code = 'ENOENT'
}

/** Throws InvalidFileKeyError unless key is a relative path of plain segments (no `.`, `..`, empty or hidden parts). */
export function checkFileKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new InvalidFileKeyError(`invalid file key: ${key}`)
  }
  return key
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  get location(): string {
    return this.root
  }

  private resolve(key: string): string {
    checkFileKey(key)
    const full = path.resolve(this.root, key)
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new InvalidFileKeyError(`invalid file key: ${key}`)
    return full
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const full = this.resolve(key)
    await mkdir(path.dirname(full), { recursive: true })
    // Write then rename, so a reader never sees half a file; a failed write
    // (full disk, a source stream that errors) leaves no temporary file behind.
    const temporary = `${full}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    try {
      if (Buffer.isBuffer(data)) await writeFile(temporary, data, { flag: 'wx' })
      else await pipeline(data, createWriteStream(temporary, { flags: 'wx' }))
      await rename(temporary, full)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }

  async stat(key: string): Promise<StoredFile | undefined> {
    try {
      const info = await stat(this.resolve(key))
      return info.isFile() ? { size: info.size, modified: info.mtime } : undefined
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true })
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const stream = createReadStream(this.resolve(key), range)
    // Surface a missing file here, not as a stream error after the headers went out.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve())
      stream.once('error', (error: NodeJS.ErrnoException) => {
        reject(error.code === 'ENOENT' ? new FileNotFoundError(`no such file: ${key}`, { cause: error }) : error)
      })
    })
    return stream
  }
}
