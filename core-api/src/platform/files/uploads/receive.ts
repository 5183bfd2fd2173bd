import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { AppError } from '../../errors.ts'
import type { DetectedType } from './detect-type.ts'
import { megabytes, SAMPLE_BYTES } from './limits.ts'

// Receives one upload from a request body stream: its first bytes are kept to
// find its type (refused before anything is stored), then the whole body
// flows through a SHA-256 and a byte counter into a sink (the file store's
// write stream) at the pace the sink takes it, so no more than the sample and
// a few chunks are ever held. Past the limit, or when the sender goes away,
// the sink's partial file is deleted.

/** Where the bytes go. */
export interface UploadSink {
  /** Consumes `body` to its end; rejects with the body's error when it fails */
  write(body: Readable, type: DetectedType): Promise<void>
  /** Removes whatever a failed write left behind */
  discard(): Promise<void>
}

export interface ReceiveOptions {
  maxBytes: number
  /** The request's Content-Length: over maxBytes, refused before a byte is read */
  declaredBytes?: number
  /** The type from the first bytes, or a refusal (AppError) */
  detect(sample: Buffer): Promise<DetectedType>
  sink: UploadSink
}

export interface ReceivedUpload {
  size: number
  /** Hex SHA-256 of every byte received */
  sha256: string
  type: DetectedType
}

/** The body went away before its end (the sender aborted, the connection broke). */
class SourceError extends Error {}
class TooLargeError extends Error {}

export function tooLarge(maxBytes: number): AppError {
  const limit = megabytes(maxBytes)
  return new AppError('UPLOAD_TOO_LARGE', { 'zh-CN': `文件超过 ${limit} 的上限`, 'en-US': `The file is larger than the ${limit} limit.` })
}

const asBuffer = (chunk: unknown): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))

export async function receiveUpload(source: Readable, options: ReceiveOptions): Promise<ReceivedUpload> {
  const { maxBytes, sink } = options
  if (options.declaredBytes !== undefined && options.declaredBytes > maxBytes) throw tooLarge(maxBytes)
  // Not destroyed when left unread: a refusal is still answered on the request's connection (the route closes it after).
  const chunks = source.iterator({ destroyOnReturn: false })
  const next = async (): Promise<Buffer | undefined> => {
    try {
      const step = await chunks.next()
      return step.done ? undefined : asBuffer(step.value)
    } catch (error) {
      throw new SourceError('the upload broke off before its end', { cause: error })
    }
  }

  const sample: Buffer[] = []
  let sampled = 0
  let ended = false
  try {
    while (sampled < SAMPLE_BYTES) {
      const chunk = await next()
      if (!chunk) {
        ended = true
        break
      }
      sample.push(chunk)
      sampled += chunk.length
      if (sampled > maxBytes) throw new TooLargeError()
    }
  } catch (error) {
    throw refusal(error, maxBytes)
  }
  if (sampled === 0) throw new AppError('UPLOAD_EMPTY')
  const head = Buffer.concat(sample, sampled)
  const type = await options.detect(head)

  const hash = createHash('sha256').update(head)
  let size = head.length
  async function* body(): AsyncGenerator<Buffer> {
    yield head
    if (ended) return
    for (let chunk = await next(); chunk; chunk = await next()) {
      size += chunk.length
      if (size > maxBytes) throw new TooLargeError()
      hash.update(chunk)
      yield chunk
    }
  }
  try {
    // Byte mode, so the stream buffers by bytes (its highWaterMark) rather than by chunk count.
    await sink.write(Readable.from(body(), { objectMode: false }), type)
  } catch (error) {
    // The failure is what the caller needs to hear; a delete that fails too leaves an object no record names.
    await sink.discard().catch(() => undefined)
    throw refusal(error, maxBytes)
  }
  return { size, sha256: hash.digest('hex'), type }
}

/** What the caller is told: the limit, an interrupted upload, or the store's own failure as it came. */
function refusal(error: unknown, maxBytes: number): unknown {
  if (error instanceof TooLargeError) return tooLarge(maxBytes)
  if (error instanceof SourceError) return new AppError('UPLOAD_INTERRUPTED')
  return error
}
