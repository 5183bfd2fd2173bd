import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { Readable } from 'node:stream'
import type { Config } from '../config.ts'
import {
  checkFileKey,
  FileNotFoundError,
  FileStoreUnavailableError,
  InvalidFileKeyError,
  type FileStore,
  type StoredFile,
} from './file-store.ts'

// Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, s3rver), so that
// several core API instances serve the same files. Every failure of the store
// itself (refused, unreachable, too slow, 5xx, refused credentials) surfaces as
// FileStoreUnavailableError, a missing object as FileNotFoundError, so callers
// never see the SDK's own errors.

export interface S3FileStoreOptions {
  bucket: string
  /** Keys live under this prefix ('' for the bucket's root), without leading or trailing slash */
  prefix: string
  /** Another service than AWS, addressed path-style; undefined for AWS */
  endpoint?: string
  region: string
  /** Explicit keys; undefined lets the SDK's default chain (env, profile, instance role) find them */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** Bound of every stat and open (retries included), and of each request's connect and idle time */
  timeoutMs: number
  /** Attempts per request, the first included */
  maxAttempts?: number
}

/** What HeadObject tells: size, time and the ETag (a quoted MD5 for single-part uploads). */
export interface StoredObject extends StoredFile {
  etag: string | undefined
}

/** s3://bucket[/prefix] → its bucket and normalised prefix */
export function parseS3Location(location: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(location)
  if (!match) throw new Error(`not an s3:// location: ${location}`)
  const prefix = (match[2] ?? '').split('/').filter(Boolean).join('/')
  return { bucket: match[1]!, prefix }
}

export function s3FileStoreOptions(
  config: Pick<Config, 'FILE_STORE' | 'S3_ENDPOINT' | 'S3_TIMEOUT_MS' | 'AWS_REGION' | 'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY'>,
): S3FileStoreOptions {
  return {
    ...parseS3Location(config.FILE_STORE),
    endpoint: config.S3_ENDPOINT || undefined,
    region: config.AWS_REGION || 'us-east-1',
    credentials:
      config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: config.AWS_ACCESS_KEY_ID, secretAccessKey: config.AWS_SECRET_ACCESS_KEY }
        : undefined,
    timeoutMs: config.S3_TIMEOUT_MS,
  }
}

interface SdkError {
  name?: string
  message?: string
  $metadata?: { httpStatusCode?: number }
}

function isMissingObject(error: unknown): boolean {
  const e = error as SdkError | undefined
  if (!e || typeof e !== 'object') return false
  // HeadObject has no body, so a missing key is only a bare 404 ("NotFound"); a missing bucket is a fault of the store.
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || (e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket')
}

/** Stored with the object, for anything that reads the bucket directly; the API itself answers types of its own. */
const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
}

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream'
}

export class S3FileStore implements FileStore {
  readonly location: string
  readonly bucket: string
  readonly prefix: string
  private readonly client: S3Client
  private readonly timeoutMs: number

  constructor(options: S3FileStoreOptions) {
    this.bucket = options.bucket
    this.prefix = options.prefix.split('/').filter(Boolean).join('/')
    this.location = `s3://${this.bucket}${this.prefix ? `/${this.prefix}` : ''}`
    this.timeoutMs = options.timeoutMs
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: Boolean(options.endpoint),
      credentials: options.credentials,
      // A few quick retries for a dropped connection or a 503; stat and open
      // stay within one timeout in all (see withDeadline).
      maxAttempts: options.maxAttempts ?? 3,
      retryMode: 'standard',
      // Connect and idle bounds on every request, uploads included: a part
      // that keeps moving is never cut short, a silent server is after timeoutMs.
      requestHandler: { connectionTimeout: options.timeoutMs, socketTimeout: options.timeoutMs },
      // Other S3 implementations lag behind AWS's newer default checksums (aws-chunked trailers).
      ...(options.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
        : {}),
    })
  }

  /** The object key of a file key: validated like LocalFileStore's, then put under the prefix. */
  objectKey(key: string): string {
    checkFileKey(key)
    return this.prefix ? `${this.prefix}/${key}` : key
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const objectKey = this.objectKey(key)
    // An error of the source (a file that cannot be read) is the caller's, not the store's.
    let sourceError: Error | undefined
    if (data instanceof Readable)
      data.once('error', (error: Error) => {
        sourceError = error
      })
    // Upload sends one PUT up to 5 MiB and a multipart upload above; on any
    // failure it aborts the multipart upload, so no partial object or parts remain.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: objectKey, Body: data, ContentType: contentTypeOf(key) },
      queueSize: 2,
      leavePartsOnError: false,
    })
    try {
      await upload.done()
    } catch (error) {
      if (sourceError) throw sourceError
      throw this.translate(error, 'put', key)
    }
  }

  async stat(key: string): Promise<StoredFile | undefined> {
    const head = await this.head(key)
    return head && { size: head.size, modified: head.modified }
  }

  /** stat with the ETag, for the copy command's comparison */
  async head(key: string): Promise<StoredObject | undefined> {
    const objectKey = this.objectKey(key)
    try {
      const answer = await this.withDeadline('stat', key, (abortSignal) =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }), { abortSignal }),
      )
      return { size: answer.ContentLength ?? 0, modified: answer.LastModified ?? new Date(0), etag: answer.ETag }
    } catch (error) {
      if (error instanceof FileNotFoundError) return undefined
      throw error
    }
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const objectKey = this.objectKey(key)
    // The deadline covers the wait for the answer's headers; the body then
    // streams for as long as it keeps moving (the handler's idle timeout).
    const answer = await this.withDeadline('open', key, (abortSignal) =>
      this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
        { abortSignal },
      ),
    )
    if (!(answer.Body instanceof Readable)) throw new FileStoreUnavailableError(`${this.location}: open ${key} answered without a body`)
    return answer.Body
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key)
    // S3 answers a missing key with success, so a second delete is harmless.
    await this.withDeadline('delete', key, (abortSignal) =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }), { abortSignal }),
    )
  }

  /** Closes the client's idle connections. */
  close(): void {
    this.client.destroy()
  }

  /**
   * Runs one SDK call, its retries included, within timeoutMs: when the time
   * is up the request is aborted and the caller gets FileStoreUnavailableError
   * at once, whatever the SDK's backoff would still do.
   */
  private async withDeadline<T>(operation: string, key: string, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const error = new FileStoreUnavailableError(`${this.location}: ${operation} ${key} did not answer within ${this.timeoutMs} ms`)
        controller.abort(error)
        reject(error)
      }, this.timeoutMs)
    })
    try {
      return await Promise.race([call(controller.signal), deadline])
    } catch (error) {
      throw this.translate(error, operation, key)
    } finally {
      clearTimeout(timer)
    }
  }

  private translate(error: unknown, operation: string, key: string): Error {
    if (error instanceof FileStoreUnavailableError || error instanceof FileNotFoundError || error instanceof InvalidFileKeyError)
      return error
    if (isMissingObject(error)) return new FileNotFoundError(`${this.location}: no such object: ${key}`, { cause: error })
    const e = error as SdkError
    const status = e?.$metadata?.httpStatusCode
    const reason = `${e?.name ?? 'Error'}${status ? ` (HTTP ${status})` : ''}: ${e?.message ?? String(error)}`
    return new FileStoreUnavailableError(`${this.location}: ${operation} ${key} failed: ${reason}`, { cause: error })
  }
}
