// Every public route is server-rendered, then hydrated by the client without a
// mismatch: the server's markup is kept (not thrown away and re-rendered), the
// console shows no hydration error and the page's data is not fetched again.
// Without JavaScript the pages still read.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DESKTOP, useSession } from '../support/browser.ts'
import { REPO_ROOT } from '../support/constants.ts'
import { exact, L } from '../support/site.ts'

interface Fixture {
  webTitle: string
  lang?: string
  title?: string
  zh?: { title: string }
  en?: { title: string }
}
const fixture = (name: string): Fixture[] => JSON.parse(readFileSync(path.join(REPO_ROOT, 'fixtures', 'content', `${name}.json`), 'utf8'))
const report = fixture('reports')[0]!
const zhBulletin = fixture('bulletins').find((b) => b.lang === 'zh-CN')!
const zhNews = fixture('news').find((n) => n.lang === 'zh-CN')!
const enNews = fixture('news').find((n) => n.lang === 'en-US')!

/** [path, expected status] of every public route, in both editions where the route exists in both. */
const ROUTES: Array<[string, number]> = [
  ['/', 200],
  ['/en', 200],
  ['/report-industries', 200],
  ['/en/report-industries/all/battery', 200],
  [`/reports/${report.webTitle}`, 200],
  [`/en/reports/${report.webTitle}`, 200],
  ['/bulletin', 200],
  ['/bulletin/industry-brief', 200],
  [`/bulletin/bulletin-detail/${zhBulletin.webTitle}`, 200],
  ['/news-categories', 200],
  ['/en/news-categories', 200],
  [`/news/${zhNews.webTitle}`, 200],
  [`/en/news/${enNews.webTitle}`, 200],
  ['/market', 200],
  ['/en/market', 200],
  ['/about', 200],
  ['/link', 200],
  ['/order', 200],
  ['/qualify', 200],
  ['/term', 200],
  ['/en/about', 200],
  ['/contactUs', 200],
  ['/en/contactUs', 200],
  ['/no-such-page', 404],
  ['/en/reports/no-such-report', 404],
]

/** What React reports when hydration fails, in development and (as error codes) in production. */
const HYDRATION_TROUBLE = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)|\[hydration\]/i

describe('hydration of the server-rendered pages', () => {
  const session = useSession('hydration', DESKTOP)

  it.each(ROUTES)('%s hydrates without a mismatch or a second request', async (route, status) => {
    const s = session()
    const { page } = s
    // The server's <main>, taken as soon as the document is parsed, before any script runs.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { ssrMain: Element | null }).ssrMain = document.querySelector('#root main')
      })
    })
    const dataRequests: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/api/') || pathname.startsWith('/bff/pages/')) dataRequests.push(`${request.method()} ${pathname}`)
    })

    await s.step(`open ${route}`, async () => {
      const response = await page.goto(`${s.siteUrl}${route}`)
      expect(response?.status()).toBe(status)
      const html = (await response?.text()) ?? ''
      expect(html).toContain('id="rpt-ssr-state"')
      // Hydrated: React owns the server's <main> element.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const main = (window as unknown as { ssrMain: Element | null }).ssrMain
            return Boolean(
              main && document.getElementById('root')?.contains(main) && Object.keys(main).some((key) => key.startsWith('__reactFiber')),
            )
          }),
        )
        .toBe(true)
      await page.waitForLoadState('networkidle')
    })

    const trouble = s.consoleLines.filter((line) => HYDRATION_TROUBLE.test(line) || line.includes('[pageerror]'))
    expect(trouble).toEqual([])
    const errors = s.consoleLines.filter((line) => line.includes('[error]') && !(status === 404 && line.includes('status of 404')))
    expect(errors).toEqual([])
    expect(dataRequests).toEqual([])
  })

  it('answers a button clicked before the page has hydrated, once it has', async () => {
    const s = session()
    const { page } = s
    // The report screen's chunk is held: the entry runs, React waits for the screen.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/report-detail-page-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await s.step('click "Ask for custom research" before hydration', async () => {
      // domcontentloaded: the entry module (and its click holder) has run; the screen's chunk has not come.
      await page.goto(`${s.siteUrl}/reports/${report.webTitle}`, { waitUntil: 'domcontentloaded' })
      await page.getByRole('button', { name: exact(L('zh-CN', 'reports.custom')) }).click()
      expect(await page.getByRole('dialog').count()).toBe(0)
    })
    await s.step('the screen arrives: the click is answered', async () => {
      release()
      await page.getByRole('dialog').waitFor()
      expect(await page.getByRole('dialog').count()).toBe(1)
      await s.shot('early click answered after hydration', page)
    })
  })

  /** A page of a browser context with JavaScript off, closed after `use`. */
  const withoutJavaScript = async (locale: string, use: (page: Page) => Promise<void>) => {
    const browser = session().context.browser()
    if (!browser) throw new Error('no browser')
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP.viewport, locale })
    try {
      await use(await context.newPage())
    } finally {
      await context.close()
    }
  }

  it('reads without JavaScript: a report with its prices, links to the list, the list with its reports', async () => {
    const s = session()
    await withoutJavaScript('en-US', async (page) => {
      await page.goto(`${s.siteUrl}/en/reports/${report.webTitle}`)
      await page.getByRole('heading', { level: 1, name: report.en!.title }).waitFor()
      expect(await page.title()).toContain(report.en!.title)
      expect(await page.locator('table.price-table').getByRole('radio').count()).toBe(6)
      await page.locator('nav.breadcrumb').getByRole('link', { name: 'Research Reports' }).click()
      await page.waitForURL((url) => url.pathname === '/en/report-industries')
      expect(await page.locator('article.report-row').count()).toBeGreaterThan(0)
      await s.shot('no-javascript report list', page)
    })
  })

  it('searches from the header without JavaScript, as a visitor pressing Enter before hydration does', async () => {
    const s = session()
    await withoutJavaScript('zh-CN', async (page) => {
      await page.goto(`${s.siteUrl}/report-industries`)
      const form = page.locator('header').getByRole('search').first()
      const keyword = form.getByRole('searchbox', { name: L('zh-CN', 'search.label') })
      await keyword.fill('锂电')
      await keyword.press('Enter')
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === '/report-industries/all/锂电')
      await page.locator('.active-filters .chip', { hasText: L('zh-CN', 'common.keywordFor', { keyword: '锂电' }) }).waitFor()
      expect(await page.locator('article.report-row').count()).toBeGreaterThan(0)
      await form.getByLabel(L('zh-CN', 'search.type')).selectOption('news')
      await form.getByRole('button', { name: L('zh-CN', 'search.submit') }).click()
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === '/news-categories')
      await s.shot('no-javascript header search', page)
    })
  })
})
