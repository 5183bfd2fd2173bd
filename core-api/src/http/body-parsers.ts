import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received: payment notifications are verified over these bytes. */
    rawBody?: string
  }
}

/**
 * JSON and form bodies, kept as text beside the parsed value. Legacy clients
 * post an empty body to argument-less calls: it reads as {}. Alipay notifies
 * with a form post.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    request.rawBody = text
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
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    request.rawBody = text
    done(null, Object.fromEntries(new URLSearchParams(text)))
  })
}
