import type { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import { FileNotFoundError, FileStoreUnavailableError, InvalidFileKeyError, type FileStore, type StoredFile } from '../files/file-store.ts'

// Streams a stored file as a download: the UTF-8 name in Content-Disposition
// (RFC 6266 / 5987, with an ASCII fallback), single byte ranges, and no
// caching by shared proxies. The key comes from the database, never the request.

export interface ByteRange {
  start: number
  end: number
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range within size; null when unsatisfiable; undefined when absent or not one range. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  let start: number
  let end: number
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return null
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start > end || start >= size) return null
  return { start, end }
}

export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
}

// Uploads accept only these (lib/uploads checks the bytes), so the name's extension is the type.
const DOWNLOAD_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  // Invoices as the national platform issues them.
  ofd: 'application/ofd',
  xml: 'application/xml',
}

/** The media type a download is sent as: the viewer a buyer's browser should open it with. */
export function downloadType(fileName: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? ''
  return DOWNLOAD_TYPES[extension] ?? 'application/octet-stream'
}

/** What a buyer is told when the store lacks a file they may download. */
export const FILE_MISSING = {
  'zh-CN': '文件暂时无法下载，请联系客服',
  'en-US': 'The file cannot be downloaded right now. Please contact us.',
}
/** What a buyer is told while the store cannot be reached. */
export const STORE_UNAVAILABLE = {
  'zh-CN': '文件存储暂时不可用，请稍后再试',
  'en-US': 'File storage is unavailable right now. Please try again later.',
}

/**
 * The store's failures as the envelope answers them: a missing file (or a key
 * that leaves the store, a corrupted or tampered row) as 100004, a store that
 * cannot be reached or is too slow as 900001; both logged, never a stack trace.
 */
function storeFailure(request: FastifyRequest, store: FileStore, key: string, error: unknown): AppError {
  if (error instanceof InvalidFileKeyError || error instanceof FileNotFoundError) {
    request.log.error({ key }, 'a paid file is missing from storage')
    return new AppError('ORDER_EMPTY', FILE_MISSING)
  }
  if (error instanceof FileStoreUnavailableError) {
    request.log.error({ key, store: store.location, reason: error.message }, 'the file store is unavailable')
    return new AppError('SYSTEM_EXCEPTION', STORE_UNAVAILABLE)
  }
  throw error
}

/**
 * The object is opened before beforeSend, so a download is logged only once
 * the store has answered (its bytes are on their way) and the range is known
 * to be satisfiable; it is logged before the body goes out, so it counts
 * even when the client disconnects mid-file. The bytes always pass through
 * the API (no redirect to the store), which keeps ownership, logging and
 * ranges here and the store private.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: { key: string; name: string },
  beforeSend: (range: ByteRange | undefined) => Promise<void>,
): Promise<FastifyReply> {
  let stat: StoredFile | undefined
  try {
    stat = await store.stat(file.key)
  } catch (error) {
    throw storeFailure(request, store, file.key, error)
  }
  if (!stat) throw storeFailure(request, store, file.key, new FileNotFoundError(file.key))
  const range = parseRange(request.headers.range, stat.size)
  if (range === null) {
    reply.header('content-range', `bytes */${stat.size}`)
    throw new AppError('RANGE_NOT_SATISFIABLE')
  }
  let body: Readable
  try {
    body = await store.open(file.key, range)
  } catch (error) {
    throw storeFailure(request, store, file.key, error)
  }
  try {
    await beforeSend(range)
  } catch (error) {
    // Nothing will read the object: release its file handle or connection.
    body.destroy()
    throw error
  }
  reply.header('content-type', downloadType(file.name))
  reply.header('content-disposition', contentDisposition(file.name))
  reply.header('accept-ranges', 'bytes')
  reply.header('cache-control', 'private, no-store')
  reply.header('x-content-type-options', 'nosniff')
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('content-length', String(range.end - range.start + 1))
  } else {
    reply.header('content-length', String(stat.size))
  }
  return reply.send(body)
}
