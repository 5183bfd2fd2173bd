import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Type } from 'typebox'
import { LogLevel, readSettings } from '@rpt/server-kit'

// The sandbox's settings, read from the environment once, at boot, as the
// core API and the BFF read theirs (@rpt/server-kit): a bad value stops it
// with one line naming the setting.

export interface SandboxConfig {
  port: number
  host: string
  /** Where browsers (and the core API) reach this server */
  publicUrl: string
  /** Its keys and books */
  dataDir: string
  /** Where the WeChat cashier sends the payer, {orderNo} replaced; empty: nowhere */
  payBackUrl: string
  refundDelayMs: number
  logLevel: string
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

const SandboxSettings = Type.Object({
  SANDBOX_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3002 }),
  SANDBOX_HOST: Type.String({ default: '127.0.0.1' }),
  /** Where browsers (and the core API) reach this server; empty: http://127.0.0.1:SANDBOX_PORT */
  SANDBOX_PUBLIC_URL: Type.String({ default: '', pattern: '^(https?://[^\\s/]+/*)?$', refusal: 'must be an http(s) origin' }),
  SANDBOX_DATA_DIR: Type.String({ default: path.join(repoRoot, '.data', 'payment-sandbox') }),
  SANDBOX_PAY_BACK_URL: Type.String({ default: '', pattern: '^(https?://\\S+)?$', refusal: 'must be an http(s) URL' }),
  /** How long a WeChat refund stays PROCESSING */
  SANDBOX_REFUND_DELAY_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 1000 }),
  LOG_LEVEL: LogLevel,
})

export function loadConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const settings = readSettings(SandboxSettings, env)
  return {
    port: settings.SANDBOX_PORT,
    host: settings.SANDBOX_HOST,
    publicUrl: (settings.SANDBOX_PUBLIC_URL || `http://127.0.0.1:${settings.SANDBOX_PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(settings.SANDBOX_DATA_DIR),
    payBackUrl: settings.SANDBOX_PAY_BACK_URL,
    refundDelayMs: settings.SANDBOX_REFUND_DELAY_MS,
    logLevel: settings.LOG_LEVEL,
  }
}
