import Fastify from 'fastify'
import { exitOnSignals } from '@rpt/server-kit'
import app, { fastifyOptions, loggerOptions } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { BuildMismatchError } from './ssr/bundle.ts'

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
  try {
    await server.register(app, { config })
    await server.ready()
  } catch (error) {
    if (error instanceof BuildMismatchError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  // SIGTERM: readiness fails, the listener closes, kept-alive connections bring their last requests for DRAIN_MS, then exit.
  exitOnSignals(server, { drainMs: config.DRAIN_MS })
  await server.listen({ host: config.HOST, port: config.PORT })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
