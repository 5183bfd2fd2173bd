import { serve } from '@rpt/server-kit'
import app, { fastifyOptions, loggerOptions } from './app.ts'
import { loadConfig } from './config.ts'
import { BuildMismatchError } from './ssr/bundle.ts'

serve({
  loadConfig: () => loadConfig(),
  fastifyOptions: (config) => ({ ...fastifyOptions(config), logger: loggerOptions(config) }),
  register: (server, config) => server.register(app, { config }),
  listen: (config) => ({ host: config.HOST, port: config.PORT }),
  // A server build that does not match the client build it would render: its message says which and what to do.
  setupErrors: [BuildMismatchError],
})
