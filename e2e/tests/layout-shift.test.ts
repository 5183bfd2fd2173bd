// Every public page paints once, in its final layout: opened as a new
// visitor would (a fresh context, nothing cached), on a phone (412×823, its
// CPU slowed 4× and 150 ms added to each request, as Lighthouse's mobile
// profile assumes) and a desktop (1350×940, 60 ms) side by side, so a late
// stylesheet or chunk arrives after the first paint. Its layout shifts are
// recorded from navigation to
// 2.5 s after load (buffered, shifts after input left out) and must add up to
// no more than 0.02. A failure names the elements that moved. The console
// must stay free of errors and hydration warnings. A client-side move from
// the report list to a report shows no frame without the report's styles.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, prefix, useSession, type Edition, type Session } from '../support/browser.ts'
import { REPO_ROOT } from '../support/constants.ts'

const LIMIT = 0.02
/** How long after the load event shifts are still recorded. */
const WINDOW_MS = 2500
const VIEWPORTS = {
  phone: { width: 412, height: 823 },
  desktop: { width: 1350, height: 940 },
} as const
/** Added to every request, and the CPU slowdown. */
const CONDITIONS = {
  phone: { latencyMs: 150, cpuSlowdown: 4 },
  desktop: { latencyMs: 60, cpuSlowdown: 1 },
} as const
type Viewport = keyof typeof VIEWPORTS

interface Fixture {
  webTitle: string
  lang?: string
}
const fixture = (name: string): Fixture[] => JSON.parse(readFileSync(path.join(REPO_ROOT, 'fixtures', 'content', `${name}.json`), 'utf8'))
const report = fixture('reports')[0]!
const bulletin = fixture('bulletins').find((b) => b.lang === 'zh-CN')!
const articles: Record<Edition, Fixture> = {
  'zh-CN': fixture('news').find((n) => n.lang === 'zh-CN')!,
  'en-US': fixture('news').find((n) => n.lang === 'en-US')!,
}

interface PublicPage {
  name: string
  /** Edition-neutral path (the routes of client/src/app/routes.ts) */
  path: (edition: Edition) => string
  status?: number
  /** Bulletins are a Chinese-edition section (the English site hides them). */
  zhOnly?: boolean
}

const PAGES: PublicPage[] = [
  { name: 'home', path: () => '/' },
  { name: 'report list', path: () => '/report-industries' },
  { name: 'report list, filtered', path: () => '/report-industries/energy?price=12000&year=2026' },
  { name: 'report detail', path: () => `/reports/${report.webTitle}` },
  { name: 'bulletins', path: () => '/bulletin', zhOnly: true },
  { name: 'bulletin detail', path: () => `/bulletin/bulletin-detail/${bulletin.webTitle}`, zhOnly: true },
  { name: 'news', path: () => '/news-categories' },
  { name: 'news detail', path: (edition) => `/news/${articles[edition].webTitle}` },
  { name: 'about: company', path: () => '/about' },
  { name: 'about: research method', path: () => '/link' },
  { name: 'about: ordering process', path: () => '/order' },
  { name: 'about: qualifications', path: () => '/qualify' },
  { name: 'about: terms', path: () => '/term' },
  { name: 'contact', path: () => '/contactUs' },
  { name: 'custom research', path: () => '/market' },
  { name: '404', path: () => '/no-such-page/layout', status: 404 },
]

interface Shift {
  value: number
  time: number
  sources: string[]
}

declare global {
  interface Window {
    __shifts?: Shift[]
  }
}

/** Runs in the page before any of its scripts: keeps every layout shift not caused by input, with what moved. */
function recordShifts() {
  const shifts: Shift[] = []
  window.__shifts = shifts
  const nameOf = (node: Node | null | undefined): string => {
    if (!node) return '(removed node)'
    if (!(node instanceof Element)) return node.nodeName
    const parts: string[] = []
    for (let el: Element | null = node; el && el !== document.body && parts.length < 4; el = el.parentElement) {
      const classes = [...el.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('')
      parts.unshift(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes}`)
    }
    return parts.join(' > ')
  }
  const rect = (r: DOMRectReadOnly) => `(${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)})`
  type LayoutShift = PerformanceEntry & {
    value: number
    hadRecentInput: boolean
    sources: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (entry.hadRecentInput) continue
      shifts.push({
        value: entry.value,
        time: Math.round(entry.startTime),
        sources: entry.sources.map((s) => `${nameOf(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`),
      })
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

/** Resolves WINDOW_MS after the load event (the only wait that is not on a condition: it is the measurement). */
const untilWindowEnds = (page: Page) =>
  page.evaluate((windowMs) => {
    const loaded =
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd || performance.now()
    return new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, loaded + windowMs - performance.now())))
  }, WINDOW_MS)

/** React owns the server's <main>: hydration happened inside the window. */
const hydrated = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('#root main')
    return Boolean(main && Object.keys(main).some((key) => key.startsWith('__reactFiber')))
  })

async function emulate(context: BrowserContext, page: Page, viewport: Viewport): Promise<void> {
  const { latencyMs, cpuSlowdown } = CONDITIONS[viewport]
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: latencyMs, downloadThroughput: -1, uploadThroughput: -1 })
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
}

const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0)

function described(label: string, shifts: Shift[]): string {
  return `${label}: CLS ${total(shifts).toFixed(3)}\n${shifts.map((s) => `  ${s.value.toFixed(4)} at ${s.time} ms\n    ${s.sources.join('\n    ')}`).join('\n')}`
}

/** What React reports when hydration fails, in development and (as error codes) in production. */
const TROUBLE = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)|\[pageerror\]|\[error\]/i

/**
 * The session's page at the desktop size and, when asked, a page at the phone
 * size in a second fresh context: each in a window of its own, since a page
 * that shares a window with another may get no frames (and so no paints to
 * measure) while the other is in front.
 */
async function prepare(s: Session, withPhone: boolean): Promise<{ desktop: Page; phone?: Page; close: () => Promise<void> }> {
  await s.context.addInitScript(recordShifts)
  await s.page.setViewportSize(VIEWPORTS.desktop)
  await emulate(s.context, s.page, 'desktop')
  const browser = s.context.browser()
  if (!withPhone || !browser) return { desktop: s.page, close: async () => {} }
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    isMobile: true,
    hasTouch: true,
    locale: s.edition,
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  })
  await context.addInitScript(recordShifts)
  const phone = await context.newPage()
  phone.on('console', (message) => s.consoleLines.push(`${new Date().toISOString()} [phone] [${message.type()}] ${message.text()}`))
  phone.on('pageerror', (error) => s.consoleLines.push(`${new Date().toISOString()} [phone] [pageerror] ${error.stack ?? error.message}`))
  await emulate(context, phone, 'phone')
  return { desktop: s.page, phone, close: () => context.close() }
}

describe.each(['zh-CN', 'en-US'] as const)('layout stability, %s edition', (edition) => {
  const session = useSession('layout-shift', DESKTOP, edition)
  const pages = PAGES.filter((p) => !(p.zhOnly && edition === 'en-US'))

  it.each(pages)('$name paints once, in its final layout', async (target) => {
    const s = session()
    const url = s.url(target.path(edition))
    const { desktop, phone, close } = await prepare(s, true)
    const pagesByViewport: Array<[Viewport, Page]> = [
      ['phone', phone!],
      ['desktop', desktop],
    ]
    const results = await s
      .step(`open ${target.name} on a phone and a desktop`, () =>
        Promise.all(
          pagesByViewport.map(async ([viewport, page]) => {
            const response = await page.goto(url, { waitUntil: 'load' })
            expect(response?.status(), `${viewport} ${url}`).toBe(target.status ?? 200)
            await untilWindowEnds(page)
            return { viewport, shifts: await page.evaluate(() => window.__shifts ?? []), hydrated: await hydrated(page) }
          }),
        ),
      )
      .finally(async () => {
        await s.shot(`${target.name} on a phone`, phone)
        await close()
      })

    const failures = results
      .filter((r) => total(r.shifts) > LIMIT)
      .map((r) => described(`${r.viewport} ${VIEWPORTS[r.viewport].width}×${VIEWPORTS[r.viewport].height} ${url}`, r.shifts))
    expect(failures, failures.join('\n')).toEqual([])
    expect(
      results.filter((r) => !r.hydrated).map((r) => r.viewport),
      'not hydrated within the window',
    ).toEqual([])
    const trouble = s.consoleLines.filter((line) => TROUBLE.test(line) && !(target.status === 404 && line.includes('status of 404')))
    expect(trouble).toEqual([])
  })

  it('a move from the report list to a report never shows the report without its styles, and does not shift', async () => {
    const s = session()
    const { desktop: page } = await prepare(s, false)
    await s.step('open the report list', async () => {
      await page.goto(s.url('/report-industries'), { waitUntil: 'load' })
      await expect.poll(() => hydrated(page)).toBe(true)
    })
    await s.step('open the first report', async () => {
      // Styled or not, checked as each part of the report screen is inserted, before the browser paints it.
      await page.evaluate(() => {
        const seen: string[] = []
        ;(window as unknown as { __unstyled: string[] }).__unstyled = seen
        new MutationObserver(() => {
          for (const head of document.querySelectorAll('.report-head')) {
            if (getComputedStyle(head).display !== 'flex') seen.push(`.report-head is ${getComputedStyle(head).display}`)
          }
        }).observe(document.body, { childList: true, subtree: true })
      })
      const before = (await page.evaluate(() => window.__shifts ?? [])).length
      await page.locator('ul.item-list h2 a').first().click()
      await page.waitForURL((u) => u.pathname.startsWith(`${prefix(edition)}/reports/`))
      await page.locator('h1.report-title').waitFor()
      await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0)
      await page.evaluate((windowMs) => new Promise((resolve) => setTimeout(resolve, windowMs)), WINDOW_MS)
      const shifts = (await page.evaluate(() => window.__shifts ?? [])).slice(before)
      expect(total(shifts), described('list → report', shifts)).toBeLessThanOrEqual(LIMIT)
      expect(await page.evaluate(() => (window as unknown as { __unstyled: string[] }).__unstyled)).toEqual([])
    })
    const trouble = s.consoleLines.filter((line) => TROUBLE.test(line))
    expect(trouble).toEqual([])
  })
})
