import { serve } from '@rpt/server-kit'
import app, { fastifyOptions, loggerOptions } from './app.ts'
import { loadConfig } from './platform/config.ts'

serve({
  loadConfig: () => loadConfig(),
  fastifyOptions: (config) => ({ ...fastifyOptions(config), logger: loggerOptions(config) }),
  register: (server, config) => server.register(app, { config }),
  listen: (config) => ({ host: config.CORE_HOST, port: config.CORE_PORT }),
})
