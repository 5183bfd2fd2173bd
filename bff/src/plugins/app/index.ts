import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import answerReplayPlugin from './answer-replay.ts'
import cachesPlugin from './caches.ts'
import coreClientPlugin from './core-client.ts'
import csrfPlugin from './csrf.ts'
import forwardedForCheck from './forwarded-for-check.ts'
import limitsPlugin from './limits.ts'
import metricsPlugin from './metrics.ts'
import pagesPlugin from './pages.ts'
import sessionPlugin from './session.ts'

async function appPlugins(app: FastifyInstance) {
  await app.register(metricsPlugin)
  await app.register(forwardedForCheck)
  await app.register(sessionPlugin)
  await app.register(csrfPlugin)
  await app.register(limitsPlugin)
  await app.register(coreClientPlugin)
  await app.register(cachesPlugin)
  await app.register(pagesPlugin)
  await app.register(answerReplayPlugin)
}

// Not encapsulated: routes, and tests, reach the services on the root instance.
export default fp(appPlugins, { name: 'app-plugins' })
