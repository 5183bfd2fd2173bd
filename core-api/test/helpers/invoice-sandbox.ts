import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../../scripts/testkit/ports.ts'
import { invoiceProviderEnv, loadInvoiceKeys } from '@rpt/payment-sandbox'

// The invoice sandbox (sandbox/src/invoicing) as its own process on a free
// loopback port, as npm start runs it, and the core API's INVOICE_* settings
// for it: tests issue and reverse through its HTTP API.

const sandboxDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'sandbox')

export interface RunningInvoiceSandbox {
  url: string
  settings: Record<string, string>
  stop(): Promise<void>
}

export async function startInvoiceSandbox(): Promise<RunningInvoiceSandbox> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'invoice-sandbox-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/invoicing/server.ts'], {
    cwd: sandboxDir,
    env: { ...process.env, INVOICE_SANDBOX_PORT: String(port), INVOICE_SANDBOX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) break
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL')
        throw new Error('the invoice sandbox did not start')
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url,
    settings: invoiceProviderEnv(loadInvoiceKeys(dataDir), url),
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
        })
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
