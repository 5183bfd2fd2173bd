import Fastify from 'fastify'
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

  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    server.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const timer = setTimeout(() => {
      server.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    timer.unref()
    await server.close()
    // A failure that asked for this shutdown (the embedded database gone) keeps its exit code for the supervisor.
    process.exit(process.exitCode ?? 0)
  }
  process.on('SIGTERM', () => void close('SIGTERM'))
  process.on('SIGINT', () => void close('SIGINT'))

  await server.listen({ host: config.CORE_HOST, port: config.CORE_PORT })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
