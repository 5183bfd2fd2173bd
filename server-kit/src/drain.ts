import { Server as NetServer } from 'node:net'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

// Leaving a balancer's rotation without a failed request (SIGTERM in a
// rolling restart). Readiness fails at once and the listener stops taking
// connections, so the balancer's next connection goes to another instance
// (refused before any byte is sent: safe to pass on, even a POST). A
// connection it already keeps alive may still bring a request: that request
// is served and answered with Connection: close, so the balancer drops the
// connection after the answer instead of the instance closing it under a
// request being sent (the race that turns a POST into a 502). What is still
// idle at the end of the drain period is closed, requests in flight finish,
// then the process exits.

export interface DrainState {
  /** From the first moment of a shutdown: readiness answers not ready, every answer closes its connection */
  readonly draining: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: DrainState
  }
}

const state = Symbol('drain state')

async function drainPlugin(app: FastifyInstance) {
  const drain = { draining: false }
  app.decorate('drain', drain)
  ;(app as unknown as Record<symbol, typeof drain>)[state] = drain
  // onSend, not onRequest: a proxied answer copies its upstream's headers (Connection included) after onRequest.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.draining) reply.header('connection', 'close')
    done(null, payload)
  })
}

export const drainHooks = fp(drainPlugin, { name: 'drain' })

/**
 * Starts the drain: readiness fails, no new connection is accepted, and
 * kept-alive connections may bring requests for up to drainMs (ending sooner
 * once every connection has gone); then the idle ones are closed. Requests
 * still in flight are left to app.close(), which waits for them.
 */
export async function drain(app: FastifyInstance, drainMs: number): Promise<void> {
  const own = (app as unknown as Record<symbol, { draining: boolean } | undefined>)[state]
  if (!own) throw new Error('drain(): register drainHooks first')
  own.draining = true
  const server = app.server
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, drainMs)
    // 'close' comes once the listener is closed and the last connection has ended.
    server.once('close', () => {
      clearTimeout(timer)
      resolve()
    })
    // net's close, not http's: http.Server#close also closes the idle kept-alive connections at once.
    NetServer.prototype.close.call(server)
  })
  server.closeIdleConnections()
}

export interface ShutdownOptions {
  drainMs: number
  /** After the drain, how long requests in flight may take before the process exits anyway */
  inFlightMs?: number
}

/**
 * SIGTERM and SIGINT drain the server, close it (onClose hooks: pools,
 * queues) and exit; a shutdown that outlasts the drain and inFlightMs exits 1.
 */
export function exitOnSignals(app: FastifyInstance, { drainMs, inFlightMs = 10_000 }: ShutdownOptions): void {
  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal, drainMs }, 'shutting down: draining, then finishing in-flight requests')
    const timer = setTimeout(() => {
      app.log.error(`shutdown took longer than ${(drainMs + inFlightMs) / 1000} s; exiting`)
      process.exit(1)
    }, drainMs + inFlightMs)
    timer.unref()
    await drain(app, drainMs)
    await app.close()
    // A failure that asked for this shutdown (the embedded database gone) keeps its exit code for the supervisor.
    process.exit(process.exitCode ?? 0)
  }
  process.on('SIGTERM', () => void close('SIGTERM'))
  process.on('SIGINT', () => void close('SIGINT'))
}
