import { createReadStream, type ReadStream } from 'node:fs'
import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

// Files are addressed by keys the application makes (reports/ZY-2026-0001.pdf),
// never by anything a request sends; the key check is a second line of defence.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

export interface StoredFile {
  size: number
  modified: Date
}

/** Where purchased and sample files live; local disk now, an S3-compatible store can implement the same. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>
  stat(key: string): Promise<StoredFile | undefined>
  read(key: string, range?: { start: number; end: number }): ReadStream
}

export class InvalidFileKeyError extends Error {}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
      throw new InvalidFileKeyError(`invalid file key: ${key}`)
    }
    const full = path.resolve(this.root, key)
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new InvalidFileKeyError(`invalid file key: ${key}`)
    return full
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.resolve(key)
    await mkdir(path.dirname(full), { recursive: true })
    // Write then rename, so a reader never sees half a file.
    const temporary = `${full}.${process.pid}.${Date.now()}.tmp`
    await writeFile(temporary, data)
    await rename(temporary, full)
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

  read(key: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.resolve(key), range)
  }
}
