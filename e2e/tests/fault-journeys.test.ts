// Fault journeys: the site (a BFF of its own, built as it ships) on the stub
// core API of npm run stub-core, no database, while the core API is slow,
// then failing, then timing out, then back. Cached pages are served STALE,
// uncached ones show the site's own message in the edition's language, no
// page hangs or goes blank, and everything recovers when the core API does.
// Faults are set as a tester sets them, through the stub's /__stub/faults.
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadFixtures } from '../../scripts/testkit/load.ts'
import { CONTRACT_DIR } from '../../scripts/testkit/sets.ts'
import { startStubCore, type StubCore } from '../../scripts/testkit/stub.ts'
import { DESKTOP, useSession, type Edition, type Session } from '../support/browser.ts'
import { ARTIFACTS_DIR, REPO_ROOT } from '../support/constants.ts'
import { exact, L } from '../support/site.ts'
import { freePort } from '../../scripts/testkit/ports.ts'

/** The BFF gives the core API this long; a timing-out call becomes the site's message after it. */
const UPSTREAM_TIMEOUT_MS = 2500
/** A journey normally takes seconds; this long is a hang. */
const HANG_MS = 120_000
const REPORT = 'ev-power-battery-china-market-2026'

let stub: StubCore
let bff: ChildProcess | undefined
let site = ''

async function setFaults(faults: object[]): Promise<void> {
  const response = await fetch(`${stub.url}/__stub/faults`, { method: 'PUT', body: JSON.stringify({ faults }) })
  if (!response.ok) throw new Error(`faults refused: ${await response.text()}`)
}

beforeAll(async () => {
  stub = await startStubCore({ fixtures: await loadFixtures([CONTRACT_DIR], { recursive: true }) })
  const port = await freePort()
  site = `http://127.0.0.1:${port}`
  await mkdir(path.join(ARTIFACTS_DIR, 'logs'), { recursive: true })
  const log = createWriteStream(path.join(ARTIFACTS_DIR, 'logs', 'fault-journeys-bff.log'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    CORE_API_URL: stub.url,
    SITE_URL: site,
    UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    // Every cached part goes stale after a second and is then asked for again (no stale-while-revalidate):
    // STALE appears only when the core API fails, and recovery shows at once.
    ...Object.fromEntries(
      ['DICT', 'CONFIG', 'CAROUSEL', 'MAP', 'HOT_REPORTS', 'CHOICENESS', 'CATEGORIES', 'LATEST_NEWS'].map((name) => [
        `CACHE_TTL_${name}_S`,
        '1',
      ]),
    ),
    CACHE_STALE_WHILE_REVALIDATE_S: '0',
    SSR_CACHE_TTL_MS: '0',
    RATE_LIMIT_NOT_FOUND_MAX: '100000',
  }
  for (const key of ['REDIS_URL', 'CACHE_STORE', 'DATABASE_URL']) delete env[key]
  bff = spawn(process.execPath, ['bff/dist/server.js'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  bff.stdout?.pipe(log)
  bff.stderr?.pipe(log)
  // Ready when it answers; its own start takes what it takes.
  for (;;) {
    if (bff.exitCode !== null)
      throw new Error(`the BFF on the stub exited (${bff.exitCode}); see ${ARTIFACTS_DIR}/logs/fault-journeys-bff.log`)
    const up = await fetch(`${site}/bff/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
})

afterAll(async () => {
  if (bff && bff.exitCode === null) {
    const exited = new Promise((resolve) => bff!.once('exit', resolve))
    bff.kill('SIGTERM')
    await exited
  }
  await stub?.close()
})

/** The page shows something: the header and a main region with text (never a blank page). */
async function notBlank(s: Session): Promise<void> {
  await s.page.locator('header.site-header').waitFor()
  const text = await s.page.locator('main').first().innerText()
  expect(text.trim().length, 'main has no text').toBeGreaterThan(20)
}

/** The site's message for content that could not be loaded, in the edition's words, with its retry. */
function loadError(s: Session) {
  const message = s.page.locator('.state-message', { hasText: L(s.edition, 'common.errorTitle') })
  return {
    message,
    text: message.getByText(L(s.edition, 'common.errorText')),
    retry: message.getByRole('button', { name: exact(L(s.edition, 'common.retry')) }),
  }
}

async function showsLoadError(s: Session): Promise<void> {
  const { message, text, retry } = loadError(s)
  await message.waitFor()
  await text.waitFor()
  await retry.waitFor()
  await notBlank(s)
}

/** A cached part of the home page: the hot reports. */
const HOT_REPORTS = '/api/report/researchReport/hotReports'

/** Home reached through the header link, as a visitor does: the hot reports' x-cache, and the home page shown. */
async function homeByLink(s: Session): Promise<string | undefined> {
  const [payload] = await Promise.all([
    s.page.waitForResponse((r) => new URL(r.url()).pathname === HOT_REPORTS),
    s.page
      .locator('header.site-header nav.main-nav')
      .getByRole('link', { name: exact(L(s.edition, 'nav.home')) })
      .first()
      .click(),
  ])
  await homeShown(s.page)
  return payload.headers()['x-cache']
}

async function homeShown(page: Page): Promise<void> {
  await page.locator('ul.hot-grid li').first().waitFor()
}

const listRows = (s: Session) => s.page.locator('ul.item-list h2 a')

/** Waits until the hot reports the BFF keeps are past their lifetime (a second): from then on a failing core API shows as STALE. */
async function homePartsExpired(edition: Edition): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${site}${HOT_REPORTS}?limit=8&lang=${edition}`)).headers.get('x-cache'), {
      timeout: HANG_MS,
      interval: 200,
    })
    .toBe('STALE')
}

describe.each<Edition>(['zh-CN', 'en-US'])('fault journeys on the stub core API, %s edition', (edition) => {
  const session = useSession('fault-journeys', DESKTOP, edition, { site: () => site, untimedWaits: true })

  it('healthy: home, the report list and a report, with no database', { timeout: HANG_MS }, async () => {
    await setFaults([])
    const s = session()
    await s.step('home', async () => {
      await s.page.goto(s.url('/'))
      await homeShown(s.page)
    })
    await s.step('report list', async () => {
      await s.page.goto(s.url('/report-industries'))
      await listRows(s).first().waitFor()
    })
    await s.step('report', async () => {
      await s.page.goto(s.url(`/reports/${REPORT}`))
      await s.page.locator('h1.report-title').waitFor()
    })
  })

  it('slow: every page waits for the core API and then shows, none blank', { timeout: HANG_MS }, async () => {
    await setFaults([{ route: '*', delayMs: 1500 }])
    const s = session()
    await s.step('report list, slowly', async () => {
      await s.page.goto(s.url('/report-industries'))
      await listRows(s).first().waitFor()
      await notBlank(s)
    })
    await s.step('home, slowly', async () => {
      expect(await homeByLink(s)).not.toBe('STALE')
      await notBlank(s)
    })
  })

  it('failing: cached pages are served STALE, uncached ones say so in the edition’s language', { timeout: HANG_MS }, async () => {
    // The list's connection is dropped; everything else answers a server error (900001, HTTP 200).
    await setFaults([
      { route: 'POST /report/researchReport/pageList', drop: true },
      { route: '*', code: 900001 },
    ])
    const s = session()
    await s.step('report list: the site’s message', async () => {
      await s.page.goto(s.url('/report-industries'))
      await showsLoadError(s)
      expect(await listRows(s).count()).toBe(0)
    })
    await s.step('home: served STALE', async () => {
      await homePartsExpired(edition)
      expect(await homeByLink(s)).toBe('STALE')
      await notBlank(s)
    })
    await s.step('report: the site’s message', async () => {
      await s.page.goto(s.url(`/reports/${REPORT}`))
      await showsLoadError(s)
    })
  })

  it('timing out: no page hangs; STALE where cached, the message where not', { timeout: HANG_MS }, async () => {
    await setFaults([{ route: '*', timeout: true }])
    const s = session()
    await s.step('report list: the site’s message once the BFF gives up', async () => {
      await s.page.goto(s.url('/report-industries'))
      await showsLoadError(s)
    })
    await s.step('home: served STALE', async () => {
      await homePartsExpired(edition)
      expect(await homeByLink(s)).toBe('STALE')
      await notBlank(s)
    })
  })

  it('recovers when the core API does: retry shows the list, home is fresh again', { timeout: HANG_MS }, async () => {
    await setFaults([{ route: '*', code: 900001 }])
    const s = session()
    await s.step('report list failing', async () => {
      await s.page.goto(s.url('/report-industries'))
      await showsLoadError(s)
    })
    await setFaults([])
    await s.step('retry', async () => {
      await loadError(s).retry.click()
      await listRows(s).first().waitFor()
      await expect.poll(() => loadError(s).message.count(), { timeout: HANG_MS }).toBe(0)
    })
    await s.step('home fresh', async () => {
      expect(await homeByLink(s)).not.toBe('STALE')
    })
  })
})
