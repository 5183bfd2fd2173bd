import { pluginSet } from '@rpt/server-kit'
import auditPlugin from './audit.ts'
import cachesPlugin from './caches.ts'
import contentChangesPlugin from './content-changes.ts'
import coreClientPlugin from './core-client.ts'
import csrfPlugin from './csrf.ts'
import forwardedForCheck from './forwarded-for-check.ts'
import httpCachePlugin from './http-cache.ts'
import limitsPlugin from './limits.ts'
import metricsPlugin from './metrics.ts'
import pageFilesPlugin from './page-files.ts'
import opsAuthPlugin from './ops-auth.ts'
import opsStatsPlugin from './ops-stats.ts'
import pagesPlugin from './pages.ts'
import purgePlugin from './purge.ts'
import sessionPlugin from './session.ts'
import settingsPlugin from './settings.ts'

// Not encapsulated: routes, and tests, reach the services on the root instance.
export default pluginSet('app-plugins', [
  metricsPlugin,
  forwardedForCheck,
  sessionPlugin,
  csrfPlugin,
  // What ops may change at run time, before everything that reads it.
  settingsPlugin,
  httpCachePlugin,
  purgePlugin,
  // After http-cache: its onSend makes an answer that sets a cookie private first.
  pageFilesPlugin,
  auditPlugin,
  limitsPlugin,
  opsAuthPlugin,
  opsStatsPlugin,
  coreClientPlugin,
  cachesPlugin,
  pagesPlugin,
  // Purges what the core API says changed (publishing), on every instance.
  contentChangesPlugin,
])
