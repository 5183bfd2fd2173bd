import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { repoRoot } from '../../src/paths.ts'

export const CAPTCHA_TEST_CODE = 'xyz'

export interface CoreProcess {
  url: string
  /** Its DATA_DIR: with onDisk, the staff command line joins its database there */
  dataDir: string
  /** Whether the account endpoints (issue: accounts) exist in this core API yet */
  hasAccounts: boolean
  stop(): Promise<void>
  /** Kills the process without warning (SIGKILL), as a crash or an OOM kill would */
  kill(): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`core API exited (${child.exitCode}):\n${output()}`)
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`core API did not become healthy within ${timeoutMs} ms:\n${output()}`)
}

/**
 * The real core API as a child process on a fresh in-memory database, from
 * this checkout (or from the checkout BFF_TEST_CORE_ROOT names). onDisk keeps
 * the embedded database in its DATA_DIR instead, served on a port that the
 * staff command line joins (helpers/staff-account.ts).
 */
export async function startCore(options: { seed?: boolean; port?: number; onDisk?: boolean } = {}): Promise<CoreProcess> {
  const port = options.port ?? (await freePort())
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rpt-bff-core-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'core-api/src/server.ts'], {
    cwd: process.env.BFF_TEST_CORE_ROOT || repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CORE_HOST: '127.0.0.1',
      CORE_PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_MEMORY: options.onDisk ? 'false' : 'true',
      AUTO_SEED: options.seed === false ? 'false' : 'true',
      CAPTCHA_TEST_CODE,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-8000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    await rm(dataDir, { recursive: true, force: true })
  }
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    }
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(url, child, () => log, 140_000)
  } catch (error) {
    await stop()
    throw error
  }
  // An unknown path answers the core API's 404 envelope; a known one anything else.
  const probe = await fetch(`${url}/report/websiteUser/getUserInfo?lang=zh-CN`)
  return { url, dataDir, hasAccounts: probe.status !== 404, stop, kill }
}
