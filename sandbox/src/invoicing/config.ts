import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Type } from 'typebox'
import { LogLevel, readSettings } from '@rpt/server-kit'

// The invoice sandbox's settings, read once at boot as the payment sandbox
// reads its own.

export interface InvoiceSandboxConfig {
  port: number
  host: string
  /** Where the core API reaches this server */
  publicUrl: string
  /** Its keys and books */
  dataDir: string
  logLevel: string
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

const Settings = Type.Object({
  INVOICE_SANDBOX_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3003 }),
  INVOICE_SANDBOX_HOST: Type.String({ default: '127.0.0.1' }),
  /** Where the core API reaches this server; empty: http://127.0.0.1:INVOICE_SANDBOX_PORT */
  INVOICE_SANDBOX_PUBLIC_URL: Type.String({ default: '', pattern: '^(https?://[^\\s/]+/*)?$', refusal: 'must be an http(s) origin' }),
  INVOICE_SANDBOX_DATA_DIR: Type.String({ default: path.join(repoRoot, '.data', 'invoice-sandbox') }),
  LOG_LEVEL: LogLevel,
})

export function loadInvoiceSandboxConfig(env: NodeJS.ProcessEnv = process.env): InvoiceSandboxConfig {
  const settings = readSettings(Settings, env)
  return {
    port: settings.INVOICE_SANDBOX_PORT,
    host: settings.INVOICE_SANDBOX_HOST,
    publicUrl: (settings.INVOICE_SANDBOX_PUBLIC_URL || `http://127.0.0.1:${settings.INVOICE_SANDBOX_PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(settings.INVOICE_SANDBOX_DATA_DIR),
    logLevel: settings.LOG_LEVEL,
  }
}
