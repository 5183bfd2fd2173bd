import path from 'node:path'
import { fileURLToPath } from 'node:url'

// The sandbox's settings, read from the environment once, at boot.

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

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`Invalid configuration: ${name} must be an integer from ${min} to ${max}`)
  return value
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const port = integer(env, 'SANDBOX_PORT', 3002, 0, 65535)
  const publicUrl = (env.SANDBOX_PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, '')
  if (!/^https?:\/\/[^\s/]+$/.test(publicUrl)) throw new Error('Invalid configuration: SANDBOX_PUBLIC_URL must be an http(s) origin')
  const payBackUrl = env.SANDBOX_PAY_BACK_URL ?? ''
  if (payBackUrl && !/^https?:\/\/\S+$/.test(payBackUrl))
    throw new Error('Invalid configuration: SANDBOX_PAY_BACK_URL must be an http(s) URL')
  return {
    port,
    host: env.SANDBOX_HOST || '127.0.0.1',
    publicUrl,
    dataDir: path.resolve(env.SANDBOX_DATA_DIR || path.join(repoRoot, '.data', 'payment-sandbox')),
    payBackUrl,
    refundDelayMs: integer(env, 'SANDBOX_REFUND_DELAY_MS', 1000, 0, 600_000),
    logLevel: env.LOG_LEVEL || 'info',
  }
}
