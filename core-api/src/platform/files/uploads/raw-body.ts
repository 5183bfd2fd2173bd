import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { AppError, type ErrorKey } from '../../errors.ts'
import { FileStoreUnavailableError } from '../file-store.ts'

// Upload routes take the file itself as the request body, of any content
// type. Within their plugin only, every body is handed over unread as its
// stream (wrapped, so that the hooks that tidy parsed bodies never touch the
// stream's own fields), and the route's bodyLimit is the upload's limit,
// enforced by the receiver as it counts.

/** A body left unread for the handler to stream. */
export class RawBody {
  constructor(readonly stream: Readable) {}
}

/** Registers, in the calling plugin's scope, the parser that hands every body over as a RawBody, and sets the routes' bodyLimit. */
export function acceptRawBodies(app: FastifyInstance, limits: Record<string, number>): void {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, new RawBody(payload)))
  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = limits[route.url]
    if (limit !== undefined) route.bodyLimit = limit
  })
  // Any answer before the body's end (a refused token, a bad parameter, a refused type) closes the
  // connection after it, rather than reading in the rest of a file nobody keeps.
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) void reply.header('connection', 'close')
  })
}

/** The body stream, or undefined for a request without a body. */
export function rawBodyOf(request: FastifyRequest): Readable | undefined {
  return request.body instanceof RawBody ? request.body.stream : undefined
}

/** Content-Length as a number, when the request declared one. */
export function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length']
  return header && /^[0-9]{1,16}$/.test(header) ? Number(header) : undefined
}

const STORE_UNAVAILABLE = {
  'zh-CN': '文件存储暂时不可用，请稍后再试',
  'en-US': 'File storage is unavailable right now. Please try again later.',
}

/** What a failed upload answers: a store that cannot be reached is 900001, logged; the rest as they are. */
export function uploadFailure(request: FastifyRequest, error: unknown): unknown {
  if (error instanceof FileStoreUnavailableError) {
    request.log.error({ reason: error.message }, 'the file store is unavailable')
    return new AppError('SYSTEM_EXCEPTION', STORE_UNAVAILABLE)
  }
  if (error instanceof AppError && error.key === 'UPLOAD_INTERRUPTED') request.log.warn('an upload broke off before its end')
  return error
}

/** A small upload read whole: at most `max` bytes (the route's bodyLimit says so too), else `tooLarge`; no body is `missing`. */
export async function readRawBody(
  request: FastifyRequest,
  max: number,
  errors: { missing: ErrorKey; tooLarge: ErrorKey },
): Promise<Buffer> {
  const stream = rawBodyOf(request)
  if (!stream) throw new AppError(errors.missing)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) throw new AppError(errors.tooLarge)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
