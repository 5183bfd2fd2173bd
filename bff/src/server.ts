import Fastify from 'fastify'
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
    process.exit(0)
  }
  process.on('SIGTERM', () => void close('SIGTERM'))
  process.on('SIGINT', () => void close('SIGINT'))
  await server.listen({ host: config.HOST, port: config.PORT })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
