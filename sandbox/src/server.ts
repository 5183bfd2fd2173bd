import path from 'node:path'
import Fastify, { LogController } from 'fastify'
import sandbox, { payBackTemplate } from './app.ts'
import { Books } from './books.ts'
import { loadConfig } from './config.ts'
import { loadKeys } from './keys.ts'
import { merchantEnv, shellLines } from './merchant-env.ts'

// The payment sandbox as a process of its own: npm run sandbox. With
// --print-env it prints the core API's merchant settings for it and exits.

const config = loadConfig()
const keys = loadKeys(config.dataDir)

if (process.argv.includes('--print-env')) {
  console.log(shellLines(merchantEnv(keys, config.publicUrl)))
  process.exit(0)
}

// Its own events are logged; each request would drown the start script's one log stream.
const app = Fastify({
  logger: { level: config.logLevel },
  logController: new LogController({ disableRequestLogging: true }),
  forceCloseConnections: true,
})
await app.register(sandbox, {
  keys,
  publicUrl: config.publicUrl,
  books: new Books(path.join(config.dataDir, 'books.json')),
  payBackUrl: payBackTemplate(config.payBackUrl),
  refundDelayMs: config.refundDelayMs,
})

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'payment sandbox: closing')
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'payment sandbox: close failed')
        process.exit(1)
      },
    )
  })
}

await app.listen({ port: config.port, host: config.host })
app.log.info(`payment sandbox: cashier and gateways at ${config.publicUrl}; keys and books in ${config.dataDir}`)
