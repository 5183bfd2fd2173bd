import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, where it is kept: payment notifications are verified over these bytes. */
    rawBody?: string
  }
}

const asText = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'))

/**
 * JSON bodies, read leniently as the legacy backend read them: an empty body
 * (legacy clients post one to argument-less calls) is {}; one that does not
 * parse fails as Fastify's own parser fails it, so the envelope says so.
 */
export function jsonBodies(app: FastifyInstance, options: { keepRaw?: boolean } = {}): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = asText(body)
    if (options.keepRaw) request.rawBody = text
    if (text.trim() === '') return done(null, {})
    try {
      done(null, JSON.parse(text))
    } catch {
      const error = new SyntaxError('malformed JSON') as SyntaxError & { statusCode: number; code: string }
      error.statusCode = 400
      error.code = 'FST_ERR_CTP_INVALID_JSON_BODY'
      done(error, undefined)
    }
  })
}

/** Form posts (Alipay's notifications and cashier) as a record of their fields, the text kept as rawBody. */
export function formBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const text = asText(body)
    request.rawBody = text
    done(null, Object.fromEntries(new URLSearchParams(text)))
  })
}
