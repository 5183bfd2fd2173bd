import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import auditPlugin from './audit.ts'
import cachesPlugin from './caches.ts'
import coreClientPlugin from './core-client.ts'
import csrfPlugin from './csrf.ts'
import forwardedForCheck from './forwarded-for-check.ts'
import httpCachePlugin from './http-cache.ts'
import limitsPlugin from './limits.ts'
import metricsPlugin from './metrics.ts'
import opsAuthPlugin from './ops-auth.ts'
import opsStatsPlugin from './ops-stats.ts'
import pagesPlugin from './pages.ts'
import purgePlugin from './purge.ts'
import sessionPlugin from './session.ts'
import settingsPlugin from './settings.ts'

async function appPlugins(app: FastifyInstance) {
  await app.register(metricsPlugin)
  await app.register(forwardedForCheck)
  await app.register(sessionPlugin)
  await app.register(csrfPlugin)
  // What ops may change at run time, before everything that reads it.
  await app.register(settingsPlugin)
  await app.register(httpCachePlugin)
  await app.register(purgePlugin)
  await app.register(auditPlugin)
  await app.register(limitsPlugin)
  await app.register(opsAuthPlugin)
  await app.register(opsStatsPlugin)
  await app.register(coreClientPlugin)
  await app.register(cachesPlugin)
  await app.register(pagesPlugin)
}

// Not encapsulated: routes, and tests, reach the services on the root instance.
export default fp(appPlugins, { name: 'app-plugins' })
