import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { FileStore } from '../file-store.ts'
import { detectDocument, detectImage, type DetectedType } from './detect-type.ts'
import { sanitizeFileName } from './file-name.ts'
import { receiveUpload } from './receive.ts'
import { MemorySink, StoreSink } from './sinks.ts'

// The two kinds of upload of the staff API: a report's file,
// streamed to the file store under a new key, and an image, stored under its
// checksum (the same image twice is one object, and its URL never changes
// meaning, so it may be cached for good).

export { MAX_IMAGE_BYTES, MAX_UPLOAD_BYTES } from './limits.ts'
export { sanitizeFileName } from './file-name.ts'
export { receiveUpload, type ReceivedUpload, type UploadSink } from './receive.ts'
export type { DetectedType } from './detect-type.ts'

export interface UploadInput {
  /** The name the uploader gave (a query parameter): sanitized, and its extension made the detected type's */
  name: string
  maxBytes: number
  declaredBytes?: number
}

export interface StoredDocument {
  key: string
  name: string
  size: number
  sha256: string
  /** The media type found from the bytes */
  type: string
}

/** A report's file (PDF or Word), streamed under `${keyPrefix}/<random>.<ext>`. */
export async function receiveDocument(
  store: FileStore,
  source: Readable,
  input: UploadInput & { keyPrefix: string },
): Promise<StoredDocument> {
  const sink = new StoreSink(store, (type: DetectedType) => `${input.keyPrefix}/${randomUUID()}.${type.ext}`)
  const received = await receiveUpload(source, { ...input, sink, detect: (sample) => detectDocument(sample, input.name) })
  return {
    key: sink.key!,
    name: sanitizeFileName(input.name, received.type.ext),
    size: received.size,
    sha256: received.sha256,
    type: received.type.mime,
  }
}

export interface StoredImage {
  key: string
  /** The file name under the images' path: <sha256>.<ext> */
  file: string
  size: number
  sha256: string
  type: string
}

export const IMAGE_KEY_PREFIX = 'media/images'

/**
 * An image (PNG, JPEG, WebP, GIF; `detect` may allow fewer) under
 * `media/images/<sha256>.<ext>`; one already there is kept as it is.
 */
export async function receiveImage(
  store: FileStore,
  source: Readable,
  input: Omit<UploadInput, 'name'>,
  detect: (sample: Uint8Array) => Promise<DetectedType> = detectImage,
): Promise<StoredImage> {
  const sink = new MemorySink()
  const received = await receiveUpload(source, { ...input, sink, detect })
  const file = `${received.sha256}.${received.type.ext}`
  const key = `${IMAGE_KEY_PREFIX}/${file}`
  if (!(await store.stat(key))) await store.put(key, sink.bytes)
  return { key, file, size: received.size, sha256: received.sha256, type: received.type.mime }
}
