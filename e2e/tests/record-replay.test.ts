// The testers' loop on the real thing: a browser session, recorded through
// the recording proxy (npm run record -- --target) or saved as a HAR file
// (npm run record -- --from-har), becomes a fixture that npm run replay
// replays green against the core API and through the BFF, on this stack's
// database. The session browses, registers a new account (in the page, as
// the site's client calls the API), reads it and logs out.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { encryptCredential, newUser, registerBody } from '../support/api.ts'
import { DESKTOP, useSession } from '../support/browser.ts'
import { REPO_ROOT } from '../support/constants.ts'
import { freePort } from '../../scripts/testkit/ports.ts'

const run = promisify(execFile)
const HANG_MS = 180_000
const tool = (script: string, args: string[]) => [
  path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
  path.join(REPO_ROOT, 'scripts', script),
  ...args,
]

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rpt-recorded-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** Pages and an account's calls, as a visitor's browser makes them; the account's password. */
async function visit(page: Page, url: (pathname: string) => string): Promise<string> {
  for (const pathname of ['/', '/report-industries', '/news-categories']) {
    await page.goto(url(pathname))
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"], .skeleton').length === 0)
  }
  await page.locator('ul.item-list h2 a').first().click()
  await page.locator('main h1').first().waitFor()
  const user = newUser('rec')
  const register = registerBody(user)
  const codes = await page.evaluate(async (body) => {
    const call = async (method: string, path: string, payload?: object) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
        body: payload ? JSON.stringify(payload) : undefined,
        credentials: 'same-origin',
      })
      return ((await response.json()) as { code: number }).code
    }
    return [
      await call('POST', '/report/websiteUser/register', body),
      await call('GET', '/report/websiteUser/getUserInfo?lang=zh-CN'),
      await call('GET', '/report/websiteUser/logout?lang=zh-CN'),
      await call('GET', '/report/websiteUser/getUserInfo?lang=zh-CN'),
    ]
  }, register)
  expect(codes).toEqual([200, 200, 200, 200001])
  return user.password
}

/** npm run replay at a tier: its exit code and summary line. */
async function replay(file: string, tier: 'core' | 'bff'): Promise<{ code: number; summary: string; output: string }> {
  const base = tier === 'bff' ? inject('siteUrl') : inject('coreUrl')
  try {
    const { stdout } = await run(process.execPath, tool('replay.ts', ['--fixtures', file, '--tier', tier, '--base', base]), {
      cwd: REPO_ROOT,
    })
    return { code: 0, summary: stdout.trim().split('\n').at(-1) ?? '', output: stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, summary: '', output: `${failed.stdout}\n${failed.stderr}` }
  }
}

async function expectGreen(file: string): Promise<void> {
  const fixture = JSON.parse(await readFile(file, 'utf8')) as { name: string; exchanges: Array<{ request: { path: string } }> }
  // The pages arrive server-rendered: their own calls are few; the account's are all there.
  const paths = fixture.exchanges.map((e) => e.request.path)
  expect(paths).toEqual(
    expect.arrayContaining(['/report/websiteUser/register', '/report/websiteUser/getUserInfo', '/report/websiteUser/logout']),
  )
  for (const tier of ['core', 'bff'] as const) {
    const result = await replay(file, tier)
    expect(result.code, result.output).toBe(0)
    expect(result.summary).toBe(`replay (${fixture.name}, ${tier}): ${fixture.exchanges.length} passed, 0 failed`)
  }
}

describe('recorded through the proxy', () => {
  let proxy: ChildProcess | undefined
  let proxyUrl = ''
  let output = ''

  beforeAll(async () => {
    const port = await freePort()
    proxyUrl = `http://127.0.0.1:${port}`
    proxy = spawn(
      process.execPath,
      tool('record.ts', ['--target', inject('siteUrl'), '--port', String(port), '--name', 'through-the-proxy', '--out', dir]),
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    proxy.stdout?.on('data', (chunk) => (output += chunk))
    proxy.stderr?.on('data', (chunk) => (output += chunk))
    // Ready when it says so; a hang is left to the hook's timeout.
    while (!output.includes('recording')) {
      if (proxy.exitCode !== null) throw new Error(`npm run record exited (${proxy.exitCode}):\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(output).toContain('(bff tier)')
  })
  afterAll(() => {
    if (proxy?.exitCode === null) proxy.kill('SIGKILL')
  })

  const s = useSession('record-replay', DESKTOP, 'zh-CN', { site: () => proxyUrl, untimedWaits: true })

  it('writes a fixture, secrets masked, that replays green at both tiers', { timeout: HANG_MS }, async () => {
    const visitor = s()
    const password = await visitor.step('browse and register through the proxy', () =>
      visit(visitor.page, (pathname) => visitor.url(pathname)),
    )
    // 'close', not 'exit': only then has the child's last output been read.
    const exited = new Promise((resolve) => proxy!.once('close', resolve))
    proxy!.kill('SIGINT')
    await exited
    const file = path.join(dir, 'through-the-proxy.json')
    expect(output).toContain(`wrote ${file}`)
    const text = await readFile(file, 'utf8')
    // The password is neither in clear nor encrypted, the session cookie not at all.
    for (const secret of [password, encryptCredential(password), 'rpt_session']) expect(text).not.toContain(secret)
    await expectGreen(file)
  })
})

describe('recorded from a HAR file', () => {
  it('keeps the /api/ calls and replays green at both tiers', { timeout: HANG_MS }, async () => {
    const har = path.join(dir, 'session.har')
    const browser = await chromium.connect(inject('wsEndpoint'))
    try {
      const context = await browser.newContext({ recordHar: { path: har, content: 'embed' }, viewport: DESKTOP.viewport, locale: 'zh-CN' })
      context.setDefaultTimeout(0)
      context.setDefaultNavigationTimeout(0)
      const page = await context.newPage()
      await visit(page, (pathname) => `${inject('siteUrl')}${pathname}`)
      // The HAR is written when its context closes.
      await context.close()
    } finally {
      await browser.close()
    }
    const { stdout } = await run(process.execPath, tool('record.ts', ['--from-har', har, '--name', 'from-a-har', '--out', dir]), {
      cwd: REPO_ROOT,
    })
    expect(stdout).toMatch(/\d+ calls to the core API in .*session\.har, \d+ other requests left out/)
    await expectGreen(path.join(dir, 'from-a-har.json'))
  })
})
