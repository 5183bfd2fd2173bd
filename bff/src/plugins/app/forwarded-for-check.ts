import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Behind a balancer that TRUST_PROXY does not name, every visitor arrives
 * from the balancer's address: they share one rate-limit bucket and the logs
 * name nobody. A request that carries X-Forwarded-For from a peer this
 * gateway does not believe says so, once per process, naming the peer. (A
 * visitor forging the header directly gets the same one line; it changes
 * nothing else.)
 */
async function forwardedForCheck(app: FastifyInstance) {
  let warned = false
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined && request.ip === request.socket.remoteAddress) {
      warned = true
      request.log.warn(
        { peer: request.socket.remoteAddress, trustProxy: app.config.TRUST_PROXY },
        'X-Forwarded-For from a peer TRUST_PROXY does not trust is ignored; if a balancer is in front, set TRUST_PROXY to its address or network, or every visitor shares its rate limits',
      )
    }
    done()
  })
}

export default fp(forwardedForCheck, { name: 'forwarded-for-check', dependencies: ['config'] })
