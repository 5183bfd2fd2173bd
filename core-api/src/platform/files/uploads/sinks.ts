import type { Readable } from 'node:stream'
import type { FileStore } from '../file-store.ts'
import type { DetectedType } from './detect-type.ts'
import type { UploadSink } from './receive.ts'

/** Streams the upload into the file store under a key made once the type is known; a failure deletes it. */
export class StoreSink implements UploadSink {
  key: string | undefined

  constructor(
    private readonly store: FileStore,
    private readonly keyOf: (type: DetectedType) => string,
  ) {}

  async write(body: Readable, type: DetectedType): Promise<void> {
    this.key = this.keyOf(type)
    await this.store.put(this.key, body)
  }

  async discard(): Promise<void> {
    if (this.key) await this.store.delete(this.key)
  }
}

/** Keeps a small upload (an image, bounded by its 10 MB limit) in memory, to store it under its checksum once that is known. */
export class MemorySink implements UploadSink {
  private chunks: Buffer[] = []

  async write(body: Readable): Promise<void> {
    for await (const chunk of body) this.chunks.push(chunk as Buffer)
  }

  async discard(): Promise<void> {
    this.chunks = []
  }

  get bytes(): Buffer {
    return Buffer.concat(this.chunks)
  }
}
