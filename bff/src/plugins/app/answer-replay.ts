import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { redactUrl } from '../../http/redact.ts'
import { AnswerReplay, replayKey, storableHeaders } from '../../lib/answer-replay.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may offer its answers for replay (AnswerReplay): it answers
     * a GET alike for the same URL, Accept-Encoding, X-No-Compression and
     * cookie language, without a session (replayKey).
     */
    replay?: true
  }
  interface FastifyRequest {
    /** Set by the route: this answer may be replayed while this says it is current */
    replayWhile: (() => boolean) | null
  }
  interface FastifyInstance {
    replay: {
      /** Offers the answer about to be sent for replay, for as long as stillCurrent() holds. */
      offer(request: FastifyRequest, stillCurrent: () => boolean): void
    }
  }
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void

/**
 * Answers a route offers (a kept home page) are stored with the exact
 * headers and bytes that went out, and later requests that could only get
 * the same answer are answered from them before Fastify parses anything:
 * there is nothing left to validate, route or compose, and the request
 * pipeline costs several times what writing the bytes does.
 *
 * What a stored answer skips, and why that is safe: routing and query
 * validation (the same URL passed them), the route's hooks (GET needs no
 * CSRF check; the offering routes have no rate limit), security and other
 * headers (stored as they were sent). Metrics still count every answer.
 */
async function answerReplayPlugin(app: FastifyInstance) {
  const { SESSION_COOKIE_NAME } = app.config
  const sessionCookies: ReadonlySet<string> = new Set([SESSION_COOKIE_NAME, `__Host-${SESSION_COOKIE_NAME}`])
  const parseCookies = (header: string) => app.parseCookie(header)
  // Stored bodies are copies of what the caches hold, so they get a share of the caches' bytes.
  const boundsOf = (values: typeof app.settings.values) => [Math.max(1, values.REPLAY_MAX_ENTRIES), Math.max(1024 * 1024, Math.floor(values.CACHE_MAX_BYTES / 4))] as const
  const replay = new AnswerReplay(...boundsOf(app.settings.values))
  // REPLAY_MAX_ENTRIES and CACHE_MAX_BYTES are ops settings: new bounds start an empty store, 0 turns replay off.
  let enabled = app.settings.values.REPLAY_MAX_ENTRIES > 0
  app.settings.onChange((values, previous) => {
    if (values.REPLAY_MAX_ENTRIES === previous.REPLAY_MAX_ENTRIES && values.CACHE_MAX_BYTES === previous.CACHE_MAX_BYTES) return
    enabled = values.REPLAY_MAX_ENTRIES > 0
    replay.resize(...boundsOf(values))
  })
  let closing = false

  // Replayed answers are counted per route and added to the metrics when they are read,
  // not per request: prom-client hashes its labels on every call.
  const tallies = new Map<string, { count: number }>()
  const tallyOf = (route: string) => {
    let tally = tallies.get(route)
    if (!tally) tallies.set(route, (tally = { count: 0 }))
    return tally
  }
  app.metrics.onScrape(() => {
    for (const [route, tally] of tallies) {
      if (tally.count === 0) continue
      app.metrics.requests.inc({ method: 'GET', route, status: '200', code: '200' }, tally.count)
      app.metrics.cacheEvents.inc({ cache: 'replay', result: 'HIT' }, tally.count)
      tally.count = 0
    }
  })

  app.decorateRequest('replayWhile', null)
  app.decorate('replay', {
    offer(request, stillCurrent) {
      if (enabled) request.replayWhile = stillCurrent
    },
  })

  // Run after every other onSend of the route (compression included), so what is stored is what is sent.
  const capture = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const stillCurrent = request.replayWhile
    if (stillCurrent && !closing && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const key = replayKey(request.raw, parseCookies, sessionCookies)
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload
      const headers = key === undefined ? undefined : storableHeaders(reply.raw.getHeaders(), reply.getHeaders(), body.length)
      if (key !== undefined && headers !== undefined) {
        const route = request.routeOptions.url ?? 'unmatched'
        replay.store(key, { status: 200, headers, body, route, stillCurrent, tally: tallyOf(route) })
      }
    }
    done(null, payload)
  }
  app.addHook('onRoute', (routeOptions: RouteOptions) => {
    if (routeOptions.config?.replay !== true) return
    const onSend = routeOptions.onSend
    routeOptions.onSend = [...(Array.isArray(onSend) ? onSend : onSend ? [onSend] : []), capture] as RouteOptions['onSend']
  })

  app.addHook('preClose', (done) => {
    // Closing answers 503 to new requests: Fastify must see them.
    closing = true
    replay.clear()
    done()
  })

  // Put in place even while replay is off: ops may turn it on without a restart.
  const server = app.server
  const listeners = server.listeners('request') as RequestListener[]
  if (listeners.length !== 1) {
    app.log.warn({ listeners: listeners.length }, 'answer replay is off: the HTTP server has no single request listener to put it before')
    return
  }
  // With a HOST naming several addresses (localhost) Fastify also listens on servers of its own
  // with its handler alone: requests there are answered as usual, just never replayed.
  const [fastifyHandler] = listeners as [RequestListener]
  // As Fastify's own request log: at info and below.
  const logReplays = ['info', 'debug', 'trace'].includes(app.log.level)
  server.removeListener('request', fastifyHandler)
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let replayed
    try {
      replayed = closing || !enabled ? undefined : replay.answer(replayKey(req, parseCookies, sessionCookies), res)
    } catch (error) {
      // Outside Fastify a throw would take the process down: the request goes to Fastify instead, if nothing went out yet.
      app.log.error({ err: error }, 'answer replay failed')
      replay.clear()
      if (res.headersSent) return void res.destroy()
    }
    if (replayed === undefined) return fastifyHandler(req, res)
    if (logReplays) app.log.info({ method: 'GET', url: redactUrl(req.url ?? ''), statusCode: replayed.status, replayed: true }, 'request replayed')
  })
}

export default fp(answerReplayPlugin, { name: 'answer-replay', dependencies: ['config', 'cookie', 'metrics', 'settings'] })
