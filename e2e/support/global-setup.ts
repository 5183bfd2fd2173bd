// Builds the workspaces, starts the product from scratch (a fresh DATA_DIR,
// the payment sandbox, the core API with the sandbox's merchant settings, and
// two BFF instances, on free loopback ports) and one Chromium server every
// test file connects to. Everything is stopped in the teardown. The second BFF
// is there for the publishing journey (a published change reaches every
// instance); every other test uses the first.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { invoiceProviderEnv, loadInvoiceKeys, loadKeys, merchantEnv } from '@rpt/payment-sandbox'
import { chromium, type BrowserServer } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { ARTIFACTS_DIR, CAPTCHA_CODE, CHROMIUM_ARGS, CHROMIUM_PATH, CREDENTIAL_KEY, REPO_ROOT } from './constants.ts'
import { freePort } from '../../scripts/testkit/ports.ts'
import { shippingEnv } from './shipping-env.ts'

async function waitHealthy(url: string, child: ChildProcess, name: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was healthy; see ${ARTIFACTS_DIR}/logs/${name}.log`)
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s; see ${ARTIFACTS_DIR}/logs/${name}.log`)
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

function build(): void {
  if (process.env.E2E_SKIP_BUILD === '1') {
    console.log('[e2e] E2E_SKIP_BUILD=1: using the existing dist folders')
    return
  }
  const started = Date.now()
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(npm, ['run', 'build'], {
    // The root build: the contract and the server kit once, then the rest (a workspace's own build would redo them).
    cwd: REPO_ROOT,
    encoding: 'utf8',
    // Vitest sets NODE_ENV=test and VITEST; the client must be built as it ships (React's
    // production build, and the module aliases client/vite.config.ts leaves out under Vitest).
    env: { ...shippingEnv(), NODE_ENV: 'production', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  })
  if (result.status !== 0) {
    throw new Error(
      `building the workspaces failed (${result.status}):\n${(result.stdout ?? '').slice(-4000)}\n${(result.stderr ?? '').slice(-4000)}`,
    )
  }
  console.log(`[e2e] built the workspaces in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

export default async function setup(project: TestProject) {
  await mkdir(path.join(ARTIFACTS_DIR, 'logs'), { recursive: true })
  build()

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rpt-e2e-'))
  const corePort = await freePort()
  const sitePort = await freePort()
  const site2Port = await freePort()
  const sandboxPort = await freePort()
  const coreUrl = `http://127.0.0.1:${corePort}`
  const siteUrl = `http://127.0.0.1:${sitePort}`
  const siteUrl2 = `http://127.0.0.1:${site2Port}`
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`
  const sandboxDir = path.join(dataDir, 'payment-sandbox')
  // The core API is the sandbox's merchant, configured as for a real one (what npm start does).
  const gateways = merchantEnv(loadKeys(sandboxDir), sandboxUrl)
  // And the invoice sandbox's seller (INVOICE_*), as npm start makes it.
  const invoiceSandboxPort = await freePort()
  const invoiceSandboxUrl = `http://127.0.0.1:${invoiceSandboxPort}`
  const invoiceSandboxDir = path.join(dataDir, 'invoice-sandbox')
  const invoicing = invoiceProviderEnv(loadInvoiceKeys(invoiceSandboxDir), invoiceSandboxUrl)
  const generous = '100000'
  const opsToken = randomBytes(24).toString('base64url')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    CORE_PORT: String(corePort),
    CORE_HOST: '127.0.0.1',
    PORT: String(sitePort),
    HOST: '127.0.0.1',
    CORE_API_URL: coreUrl,
    SITE_URL: siteUrl,
    CAPTCHA_TEST_CODE: CAPTCHA_CODE,
    CREDENTIAL_KEY,
    RECONCILE_INTERVAL_SECONDS: '0',
    RATE_LIMIT_LOGIN_MAX: generous,
    RATE_LIMIT_LOGIN_ACCOUNT_MAX: generous,
    RATE_LIMIT_REGISTER_MAX: generous,
    RATE_LIMIT_CAPTCHA_MAX: generous,
    RATE_LIMIT_FORGET_PWD_MAX: generous,
    RATE_LIMIT_FORGET_PWD_ACCOUNT_MAX: generous,
    RATE_LIMIT_CUSTOMER_INFO_MAX: generous,
    RATE_LIMIT_CUSTOMER_INFO_ACCOUNT_MAX: generous,
    RATE_LIMIT_NOT_FOUND_MAX: generous,
    // The ops journey signs in as this operator.
    OPS_TOKENS: `e2e:${opsToken}`,
    ...gateways.alipay,
    ...gateways.wechatpay,
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_PUBLIC_URL: sandboxUrl,
    SANDBOX_DATA_DIR: sandboxDir,
    SANDBOX_PAY_BACK_URL: `${siteUrl}/personalCenter/payBack?orderNo={orderNo}`,
    ...invoicing,
    INVOICE_SANDBOX_PORT: String(invoiceSandboxPort),
    INVOICE_SANDBOX_PUBLIC_URL: invoiceSandboxUrl,
    INVOICE_SANDBOX_DATA_DIR: invoiceSandboxDir,
  }
  // A developer's own settings must not leak into the stack under test.
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'CACHE_STORE', 'OPS_TOKEN']) delete env[key]

  const children: ChildProcess[] = []
  let browserServer: BrowserServer | undefined
  const start = (name: string, entry: string, extra: NodeJS.ProcessEnv = {}) => {
    const log = createWriteStream(path.join(ARTIFACTS_DIR, 'logs', `${name}.log`))
    const child = spawn(process.execPath, [entry], { cwd: REPO_ROOT, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout?.pipe(log)
    child.stderr?.pipe(log)
    children.push(child)
    return child
  }

  const teardown = async () => {
    await browserServer?.close().catch(() => undefined)
    // The BFF first, so nothing calls a core API that is going away.
    for (const child of [...children].reverse()) await stopChild(child)
    if (process.env.E2E_KEEP_DATA === '1') console.log(`[e2e] DATA_DIR kept at ${dataDir}`)
    else await rm(dataDir, { recursive: true, force: true })
  }

  try {
    const started = Date.now()
    const sandbox = start('payment-sandbox', 'sandbox/dist/server.js')
    await waitHealthy(`${sandboxUrl}/health`, sandbox, 'payment-sandbox', 60_000)
    const invoiceSandbox = start('invoice-sandbox', 'sandbox/dist/invoicing/server.js')
    await waitHealthy(`${invoiceSandboxUrl}/health`, invoiceSandbox, 'invoice-sandbox', 60_000)
    const core = start('core-api', 'core-api/dist/server.js')
    // The first start migrates the embedded database and loads the fixtures.
    await waitHealthy(`${coreUrl}/health`, core, 'core-api', 170_000)
    const bff = start('bff', 'bff/dist/server.js')
    // The second instance differs only in its port: the BFF writes nothing under DATA_DIR, and
    // PAGE_FILES_DIR is unset (no page files), so the two share nothing but the core API, as
    // instances behind one load balancer do. SITE_URL stays the public origin of both.
    const bff2 = start('bff-2', 'bff/dist/server.js', { PORT: String(site2Port) })
    await Promise.all([
      waitHealthy(`${siteUrl}/bff/health`, bff, 'bff', 60_000),
      waitHealthy(`${siteUrl2}/bff/health`, bff2, 'bff-2', 60_000),
    ])
    console.log(
      `[e2e] stack up in ${((Date.now() - started) / 1000).toFixed(1)} s: site ${siteUrl} (second BFF ${siteUrl2}), core API ${coreUrl}, payment sandbox ${sandboxUrl}, DATA_DIR ${dataDir}`,
    )

    browserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
  } catch (error) {
    await teardown()
    throw error
  }

  project.provide('siteUrl', siteUrl)
  project.provide('siteUrl2', siteUrl2)
  project.provide('coreUrl', coreUrl)
  project.provide('sandboxUrl', sandboxUrl)
  project.provide('dataDir', dataDir)
  project.provide('wsEndpoint', browserServer.wsEndpoint())
  project.provide('opsToken', opsToken)
  return teardown
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string
    /** A second BFF instance on the same core API (its SITE_URL is siteUrl's, as behind one load balancer) */
    siteUrl2: string
    coreUrl: string
    /** The payment sandbox's cashier and gateways */
    sandboxUrl: string
    dataDir: string
    wsEndpoint: string
    /** The token of the operator e2e (OPS_TOKENS) */
    opsToken: string
  }
}
