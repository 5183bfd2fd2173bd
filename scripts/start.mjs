#!/usr/bin/env node
// Starts the core API and the BFF from their builds, with one log stream and
// one lifetime: a signal stops all, and if one dies the others are stopped.
// Without a provider's merchant credentials (and outside production) the
// payment sandbox (sandbox/) is started first and the core API is given its
// merchant settings, so payments work at its cashier. Likewise, with no
// invoice provider configured (INVOICE_PROVIDER unset) the invoice sandbox
// (sandbox/src/invoicing) is started and the core API issues 数电票 there.
import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { withAllocatorEnv } from '../server-kit/dist/allocator-env.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const corePort = process.env.CORE_PORT ?? '3001'
// CORE_API_URL names a core API running elsewhere (another host, or the
// fixtures' stub: npm run stub-core): only the BFF is started then.
const externalCore = Boolean(process.env.CORE_API_URL)
const coreUrl = process.env.CORE_API_URL || `http://127.0.0.1:${corePort}`

const children = new Map()
let stopping = false

function run(name, entry, env = {}, nodeFlags = []) {
  // NODE_ENV is passed through as set; a real deployment sets NODE_ENV=production and the merchant credentials.
  // glibc's allocator settings (server-kit/src/allocator-env.ts), unless set in the environment already.
  const child = spawn(process.execPath, [...nodeFlags, entry], {
    cwd: root,
    env: withAllocatorEnv({ ...process.env, ...env }),
    stdio: 'inherit',
  })
  children.set(name, child)
  child.on('exit', (code, signal) => {
    children.delete(name)
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping the rest`)
      stop(code ?? 1)
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0)
    }
  })
  return child
}

function stop(code = 0) {
  if (stopping) return
  stopping = true
  process.exitCode = code
  if (children.size === 0) process.exit(code)
  for (const child of children.values()) child.kill('SIGTERM')
}

process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

async function waitHealthy(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return true
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return false
}

/** Whether nothing listens on the loopback port yet. */
function portFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** A port the OS says is free. */
function anyPort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts the payment sandbox for the providers that have no merchant
 * credentials, and answers the core API's settings for it (empty when every
 * provider has its own, or in production).
 */
async function paymentSandbox() {
  if (process.env.NODE_ENV === 'production') return {}
  const { ALIPAY_SETTINGS, WECHATPAY_SETTINGS, merchantEnv } = await import('../sandbox/dist/merchant-env.js')
  const { loadKeys } = await import('../sandbox/dist/keys.js')
  const unset = (names) => names.every((name) => !process.env[name])
  const missing = { alipay: unset(ALIPAY_SETTINGS.slice(0, 3)), wechatpay: unset(WECHATPAY_SETTINGS.slice(0, 7)) }
  if (!missing.alipay && !missing.wechatpay) return {}
  // 3002 when free, so its cashier keeps one address from start to start; another port when it is taken.
  const port = process.env.SANDBOX_PORT ?? String((await portFree(3002)) ? 3002 : await anyPort())
  const publicUrl = process.env.SANDBOX_PUBLIC_URL || `http://127.0.0.1:${port}`
  const dataDir = process.env.SANDBOX_DATA_DIR || path.join(process.env.DATA_DIR || path.join(root, '.data'), 'payment-sandbox')
  // The site this script starts (PORT): where the cashier sends the buyer back, and the gateway's notifications go.
  const siteUrl = process.env.SITE_URL || `http://localhost:${process.env.PORT ?? 3000}`
  const env = merchantEnv(loadKeys(dataDir), publicUrl)
  run('payment-sandbox', 'sandbox/dist/server.js', {
    SANDBOX_PORT: port,
    SANDBOX_PUBLIC_URL: publicUrl,
    SANDBOX_DATA_DIR: dataDir,
    SANDBOX_PAY_BACK_URL: process.env.SANDBOX_PAY_BACK_URL || `${siteUrl}/personalCenter/payBack?orderNo={orderNo}`,
  })
  if (!(await waitHealthy(`${publicUrl}/health`, 60_000))) return undefined
  const providers = Object.keys(missing).filter((name) => missing[name])
  console.log(`[start] payment sandbox (${providers.join(', ')}, no merchant credentials set): ${publicUrl}`)
  return Object.assign(
    // Notifications reach the core API as a gateway's do, through the site, even when PORT moves it from SITE_URL's default.
    process.env.PAYMENT_NOTIFY_URL ? {} : { PAYMENT_NOTIFY_URL: `${siteUrl}/api/report/websiteUserResearchOrder/pay/asyncNotify` },
    ...providers.map((name) => env[name]),
  )
}

/**
 * Starts the invoice sandbox when no invoice provider is configured (outside
 * production), and answers the core API's INVOICE_* settings for it.
 */
async function invoiceSandbox() {
  if (process.env.NODE_ENV === 'production' || process.env.INVOICE_PROVIDER) return {}
  const { invoiceProviderEnv, loadInvoiceKeys } = await import('../sandbox/dist/invoicing/keys.js')
  // 3003 when free, else any free port.
  const port = process.env.INVOICE_SANDBOX_PORT ?? String((await portFree(3003)) ? 3003 : await anyPort())
  const publicUrl = process.env.INVOICE_SANDBOX_PUBLIC_URL || `http://127.0.0.1:${port}`
  const dataDir = process.env.INVOICE_SANDBOX_DATA_DIR || path.join(process.env.DATA_DIR || path.join(root, '.data'), 'invoice-sandbox')
  const env = invoiceProviderEnv(loadInvoiceKeys(dataDir), publicUrl)
  run('invoice-sandbox', 'sandbox/dist/invoicing/server.js', {
    INVOICE_SANDBOX_PORT: port,
    INVOICE_SANDBOX_PUBLIC_URL: publicUrl,
    INVOICE_SANDBOX_DATA_DIR: dataDir,
  })
  if (!(await waitHealthy(`${publicUrl}/health`, 60_000))) return undefined
  console.log(`[start] invoice sandbox (no INVOICE_PROVIDER set): ${publicUrl}/fapiao`)
  return env
}

let ready = true
if (!externalCore) {
  const gateways = await paymentSandbox()
  const invoicing = gateways === undefined ? undefined : await invoiceSandbox()
  if (gateways === undefined || invoicing === undefined) {
    if (!stopping) console.error(`[start] the ${gateways === undefined ? 'payment' : 'invoice'} sandbox did not become healthy within 60 s`)
    ready = false
    stop(1)
  } else {
    // The core API's V8 flags are defined once, in its build (core-api/src/platform/node-flags.ts).
    const { CORE_API_NODE_FLAGS } = await import('../core-api/dist/platform/node-flags.js')
    run('core-api', 'core-api/dist/server.js', { CORE_PORT: corePort, ...gateways, ...invoicing }, CORE_API_NODE_FLAGS)
  }
}
// The first start migrates and seeds the embedded database, which takes a while.
if (ready && (await waitHealthy(`${coreUrl}/health`, 180_000))) {
  // The BFF's V8 flags likewise (bff/src/node-flags.ts).
  const { BFF_NODE_FLAGS } = await import('../bff/dist/node-flags.js')
  run('bff', 'bff/dist/server.js', { CORE_API_URL: coreUrl }, BFF_NODE_FLAGS)
  console.log(
    `[start] site: http://127.0.0.1:${process.env.PORT ?? 3000}  core API: ${coreUrl}${externalCore ? ' (CORE_API_URL; not started here)' : `  API docs: ${coreUrl}/docs`}`,
  )
} else if (ready && !stopping) {
  console.error(`[start] the core API ${externalCore ? `at CORE_API_URL=${coreUrl} ` : ''}did not become healthy within 180 s`)
  stop(1)
}
