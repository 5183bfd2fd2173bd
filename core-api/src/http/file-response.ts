import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import { InvalidFileKeyError, type FileStore } from '../lib/file-store.ts'

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

/**
 * beforeSend runs once the file is known to exist and the range to be
 * satisfiable, before the first byte goes out, so the download is logged
 * even when the client disconnects mid-file.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: { key: string; name: string },
  beforeSend: (range: ByteRange | undefined) => Promise<void>,
): Promise<FastifyReply> {
  // A key that leaves the store (a corrupted or tampered row) is refused like a missing file, not a 500.
  const stat = await store.stat(file.key).catch((error: unknown) => {
    if (error instanceof InvalidFileKeyError) return undefined
    throw error
  })
  if (!stat) {
    request.log.error({ key: file.key }, 'a paid file is missing from storage')
    throw new AppError('ORDER_EMPTY', { 'zh-CN': '文件暂时无法下载，请联系客服', 'en-US': 'The file cannot be downloaded right now. Please contact us.' })
  }
  const range = parseRange(request.headers.range, stat.size)
  if (range === null) {
    reply.header('content-range', `bytes */${stat.size}`)
    throw new AppError('RANGE_NOT_SATISFIABLE')
  }
  reply.header('content-type', file.name.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream')
  reply.header('content-disposition', contentDisposition(file.name))
  reply.header('accept-ranges', 'bytes')
  reply.header('cache-control', 'private, no-store')
  reply.header('x-content-type-options', 'nosniff')
  await beforeSend(range)
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`).header('content-length', String(range.end - range.start + 1))
    return reply.send(store.read(file.key, range))
  }
  reply.header('content-length', String(stat.size))
  return reply.send(store.read(file.key))
}
