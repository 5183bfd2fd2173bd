import Fastify from 'fastify'
import { exitOnSignals } from '@rpt/server-kit'
import app, { fastifyOptions, loggerOptions } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const server = Fastify({
    ...fastifyOptions(config),
    logger: loggerOptions(config),
  })
  await server.register(app, { config })

  // SIGTERM: readiness fails, the listener closes, kept-alive connections bring their last requests for DRAIN_MS, then exit.
  exitOnSignals(server, { drainMs: config.DRAIN_MS })

  await server.listen({ host: config.CORE_HOST, port: config.CORE_PORT })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
