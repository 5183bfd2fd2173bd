import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

const brotliCompressOnce = promisify(brotliCompress)
const gzipOnce = promisify(gzip)

/** Brotli's quality per response: its default (11) is meant for build-time compression and costs too much CPU here. */
export const BROTLI_QUALITY = 4

/**
 * Brotli's quality for a body compressed for one request alone (a page
 * rendered for it, a payload not kept): on a 75 KB report page quality 3
 * takes 0.4 ms of CPU against 1.5 ms for quality 4, for 7 % more bytes
 * (16.7 against 15.5 KB). A kept body is compressed once and keeps quality 4.
 */
export const BROTLI_ONCE_QUALITY = 3

/**
 * Brotli's window for an answer of unknown length (the compression plugin's
 * streams): 256 KB. Its default, 4 MB, is a ring buffer of that size and hash
 * tables beside it for every answer being compressed, on the thread pool's
 * threads, whose freed memory the allocator kept: with 20 answers at once
 * the BFF's resident memory grew by some 100 MB (docs/benchmarks.md,
 * "2026-12-03: memory bounded"). The site's answers are smaller than the window, so they
 * compress as well.
 */
export const BROTLI_STREAM_WINDOW_BITS = 18

/** Brotli's settings for a body of known length: a window just large enough for it (2^10 to 2^22 bytes, brotli's bounds). */
export function brotliParams(byteLength: number, quality = BROTLI_QUALITY): Record<number, number> {
  const windowBits = Math.min(22, Math.max(10, Math.ceil(Math.log2(Math.max(1, byteLength)))))
  return {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: byteLength,
    [constants.BROTLI_PARAM_LGWIN]: windowBits,
  }
}

export type Encoding = 'br' | 'gzip' | 'identity'

/** Smaller answers are not worth compressing (the compression plugin uses the same bar). */
export const COMPRESS_THRESHOLD_BYTES = 1024

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else
 * gzip, else none. A coding with q=0 is refused, as is everything a
 * `*;q=0` refuses; `*` alone allows brotli.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return 'identity'
  const text = Array.isArray(header) ? header.join(',') : header
  if (text === '') return 'identity'
  // Browsers send a handful of distinct headers: each is parsed once (a bounded memo), not per request.
  const known = encodingMemo.get(text)
  if (known !== undefined) return known
  const encoding = parseEncoding(text)
  if (encodingMemo.size >= ENCODING_MEMO_MAX) encodingMemo.clear()
  encodingMemo.set(text, encoding)
  return encoding
}

const ENCODING_MEMO_MAX = 64
const encodingMemo = new Map<string, Encoding>()

function parseEncoding(text: string): Encoding {
  const weights = new Map<string, number>()
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    if (name === '') continue
    let q = 1
    for (const param of params) {
      const [key, value] = param.trim().split('=')
      if (key === 'q') q = Number(value)
    }
    weights.set(name, Number.isFinite(q) ? q : 0)
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0
  const br = weight('br')
  const gzip = weight('gzip')
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return 'identity'
}

/**
 * A weak validator of a body's content: weak because one tag stands for
 * every encoding of it (a strong one would have to differ per encoding).
 */
export function weakEtag(content: Buffer | string): string {
  return `W/"${createHash('sha1').update(content).digest('base64url')}"`
}

/** One serialized answer and, once asked for, its compressed forms and its ETag. */
export class EncodedBody {
  private br?: Buffer
  private gzip?: Buffer
  private tag?: string
  readonly byteLength: number

  /** identity: the bytes, or text kept as it is (a cached page's own string, not a copy of it) */
  constructor(readonly identity: Buffer | string) {
    this.byteLength = typeof identity === 'string' ? Buffer.byteLength(identity) : identity.length
  }

  /** Its weak ETag, worked out once */
  get etag(): string {
    return (this.tag ??= weakEtag(this.identity))
  }

  /** The bytes for an encoding, compressed once and kept; identity when compression would not pay. */
  encoded(encoding: Encoding): { encoding: Encoding; bytes: Buffer | string } {
    if (encoding === 'identity' || this.byteLength < COMPRESS_THRESHOLD_BYTES) return { encoding: 'identity', bytes: this.identity }
    if (encoding === 'br') {
      // This runs on the request path the first time.
      this.br ??= brotliCompressSync(this.identity, { params: brotliParams(this.byteLength) })
      return { encoding, bytes: this.br }
    }
    this.gzip ??= gzipSync(this.identity)
    return { encoding, bytes: this.gzip }
  }
}

/**
 * Serialized bodies by the answer object they were made from. Entries live
 * exactly as long as the answer object does (the cache entry it came from),
 * so nothing here needs its own bound or expiry.
 */
export class EncodedBodies<K extends object> {
  private readonly bodies = new WeakMap<K, EncodedBody>()

  get(key: K, serialize: () => string | Buffer | ArrayBuffer): EncodedBody {
    let body = this.bodies.get(key)
    if (!body) {
      const text = serialize()
      body = new EncodedBody(typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.isBuffer(text) ? text : Buffer.from(text))
      this.bodies.set(key, body)
    }
    return body
  }
}

/**
 * Answers with a body's bytes in the encoding the request prefers, compressed
 * once per body rather than per request. The Content-Encoding is set before
 * onSend, so the compression plugin leaves the bytes as they are.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, contentType: string): FastifyReply {
  const { encoding, bytes } = body.encoded(wantedEncoding(request))
  return sendBytes(reply, encoding, bytes, contentType)
}

/**
 * Answers with a body made for this request alone (a page rendered for it),
 * compressed in one piece on libuv's thread pool: the event loop goes on
 * rendering the next page meanwhile, and none of the compression plugin's
 * stream machinery (a Readable, a Transform and a chunk per write) runs for it.
 */
export async function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  contentType: string,
): Promise<FastifyReply> {
  const wanted = wantedEncoding(request)
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  if (wanted === 'identity' || bytes.length < COMPRESS_THRESHOLD_BYTES) return sendBytes(reply, 'identity', bytes, contentType)
  const compressed =
    wanted === 'br' ? await brotliCompressOnce(bytes, { params: brotliParams(bytes.length, BROTLI_ONCE_QUALITY) }) : await gzipOnce(bytes)
  return sendBytes(reply, wanted, compressed, contentType)
}

function wantedEncoding(request: FastifyRequest): Encoding {
  return request.headers['x-no-compression'] !== undefined ? 'identity' : preferredEncoding(request.headers['accept-encoding'])
}

/** The Content-Encoding is set before onSend, so the compression plugin leaves the bytes as they are. */
function sendBytes(reply: FastifyReply, encoding: Encoding, bytes: Buffer | string, contentType: string): FastifyReply {
  reply.header('content-type', contentType)
  reply.header('vary', 'accept-encoding')
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  return reply.send(bytes)
}
