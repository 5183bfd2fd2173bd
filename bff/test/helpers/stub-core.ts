import Fastify, { type FastifyInstance } from 'fastify'

export interface Seen {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface StubCore {
  url: string
  app: FastifyInstance
  seen: Seen[]
  close(): Promise<void>
}

/**
 * A stand-in for the core API where a test needs to see exactly what the BFF
 * sends upstream or needs an answer the real one would not give on demand.
 */
export async function startStubCore(setup: (app: FastifyInstance) => void): Promise<StubCore> {
  const app = Fastify({ logger: false })
  const seen: Seen[] = []
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, payload, done) => done(null, payload))
  app.addHook('preHandler', async (request) => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: { ...request.headers },
      body: typeof request.body === 'string' ? request.body : '',
    })
  })
  setup(app)
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return { url: address, app, seen, close: () => app.close() }
}

export const envelope = (data: unknown, code = 200, msg = 'success') => ({ code, msg, data })
