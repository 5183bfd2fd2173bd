import Fastify from 'fastify'
import app from './app.ts'
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
    logger: { level: config.LOG_LEVEL, redact: { paths: ['req.headers.cookie', 'req.headers["website-token"]'], censor: '[redacted]' } },
    return503OnClosing: true,
  })
  await server.register(app, { config })

  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    server.log.info({ signal }, 'shutting down')
    setTimeout(() => process.exit(1), 10_000).unref()
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
