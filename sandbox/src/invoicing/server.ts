import path from 'node:path'
import { LogController } from 'fastify'
import { drainHooks, serve } from '@rpt/server-kit'
import { exportLines } from '../merchant-env.ts'
import invoiceSandbox from './app.ts'
import { InvoiceBooks } from './books.ts'
import { loadInvoiceSandboxConfig } from './config.ts'
import { invoiceProviderEnv, loadInvoiceKeys } from './keys.ts'

// The invoice sandbox as a process of its own: npm run sandbox:invoicing,
// started by npm start when no invoice provider is configured. With
// --print-env it prints the core API's INVOICE_* settings for it and exits.

if (process.argv.includes('--print-env')) {
  const config = loadInvoiceSandboxConfig()
  const env = invoiceProviderEnv(loadInvoiceKeys(config.dataDir), config.publicUrl)
  console.log(exportLines(env))
  process.exit(0)
}

serve({
  loadConfig: () => loadInvoiceSandboxConfig(),
  fastifyOptions: (config) => ({
    logger: { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
  }),
  register: async (server, config) => {
    await server.register(drainHooks)
    await server.register(invoiceSandbox, {
      keys: loadInvoiceKeys(config.dataDir),
      books: new InvoiceBooks(path.join(config.dataDir, 'invoices.json')),
    })
  },
  listen: (config) => ({ host: config.host, port: config.port }),
  listening: (server, config) =>
    server.log.info(`invoice sandbox: 数电票 API at ${config.publicUrl}/fapiao; keys and books in ${config.dataDir}`),
})
