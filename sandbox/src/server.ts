import path from 'node:path'
import { LogController } from 'fastify'
import { drainHooks, serve } from '@rpt/server-kit'
import sandbox, { payBackTemplate } from './app.ts'
import { Books } from './books.ts'
import { loadConfig } from './config.ts'
import { loadKeys } from './keys.ts'
import { merchantEnv, shellLines } from './merchant-env.ts'

// The payment sandbox as a process of its own: npm run sandbox, started and
// stopped as the core API and the BFF are (@rpt/server-kit; with no DRAIN_MS,
// behind no balancer, SIGTERM closes it at once). With
// --print-env it prints the core API's merchant settings for it and exits.

if (process.argv.includes('--print-env')) {
  const config = loadConfig()
  console.log(shellLines(merchantEnv(loadKeys(config.dataDir), config.publicUrl)))
  process.exit(0)
}

serve({
  loadConfig: () => loadConfig(),
  fastifyOptions: (config) => ({
    // Its own events are logged; each request would drown the start script's one log stream.
    logger: { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
  }),
  register: async (server, config) => {
    await server.register(drainHooks)
    await server.register(sandbox, {
      keys: loadKeys(config.dataDir),
      publicUrl: config.publicUrl,
      books: new Books(path.join(config.dataDir, 'books.json')),
      payBackUrl: payBackTemplate(config.payBackUrl),
      refundDelayMs: config.refundDelayMs,
    })
  },
  listen: (config) => ({ host: config.host, port: config.port }),
  listening: (server, config) =>
    server.log.info(`payment sandbox: cashier and gateways at ${config.publicUrl}; keys and books in ${config.dataDir}`),
})
