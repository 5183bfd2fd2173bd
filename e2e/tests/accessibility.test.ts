// Journey 8: an axe-core scan of every public page, in both editions, on a
// desktop and a phone, reports no serious or critical violation. Pages are
// scanned once their content has loaded (no busy skeleton left). Each page
// is a test of its own, and no wait has a clock of its own: every wait is
// for the page to be ready, however long a busy machine takes, and the
// test's timeout is there to catch a hang.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousViolations } from '../support/axe.ts'
import { DESKTOP, PHONE, useSession, type Edition, type Session } from '../support/browser.ts'

const EDITIONS: Edition[] = ['zh-CN', 'en-US']

interface PublicPage {
  name: string
  /** An edition-neutral path, or how to find one (a detail page: the first record of its list). */
  path: string
  firstLinkOf?: string
  editions?: Edition[]
  status?: 'not-found'
}

const PAGES: PublicPage[] = [
  { name: 'home', path: '/' },
  { name: 'report list', path: '/report-industries' },
  { name: 'report detail', path: '/report-industries', firstLinkOf: 'ul.item-list h2 a' },
  { name: 'keyword search', path: '/report-industries/all/market' },
  { name: 'bulletin list', path: '/bulletin', editions: ['zh-CN'] },
  { name: 'bulletin detail', path: '/bulletin', firstLinkOf: '.item-list h2 a', editions: ['zh-CN'] },
  { name: 'news list', path: '/news-categories' },
  { name: 'news detail', path: '/news-categories', firstLinkOf: '.item-list h2 a, main h2 a' },
  { name: 'custom research', path: '/market' },
  { name: 'about: company', path: '/aboutUs/companyProfile' },
  { name: 'about: research method', path: '/aboutUs/researchMethod' },
  { name: 'about: ordering process', path: '/aboutUs/orderingProcess' },
  { name: 'about: qualifications', path: '/aboutUs/enterpriseQuality' },
  { name: 'about: terms', path: '/aboutUs/relevantClause' },
  { name: 'contact', path: '/contactUs' },
  { name: '404', path: '/no-such-page/a11y', status: 'not-found' },
]

/** A page scan takes seconds; this long is a hang, not a slow machine. */
const HANG_MS = 180_000

async function settled(page: Page): Promise<void> {
  await page.locator('main').first().waitFor()
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"], .skeleton').length === 0)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

async function open(s: Session, target: PublicPage): Promise<string> {
  const { page } = s
  await page.goto(s.url(target.path))
  if (target.firstLinkOf) {
    const link = page.locator(target.firstLinkOf).first()
    await link.waitFor()
    await link.click()
    await page.waitForURL((url) => url.pathname !== new URL(s.url(target.path)).pathname)
  }
  await settled(page)
  return new URL(page.url()).pathname
}

describe.each([DESKTOP, PHONE])('journey 8: accessibility on $name', (device) => {
  describe.each(EDITIONS)('%s edition', (edition) => {
    // Anonymous pages only: one context per device and edition, a fresh page per test.
    const session = useSession('08-accessibility', device, edition, { shareContext: true, untimedWaits: true })

    for (const target of PAGES.filter((p) => !p.editions || p.editions.includes(edition))) {
      it(`${target.name}: no serious or critical axe violation`, { timeout: HANG_MS }, async () => {
        const s = session()
        const report: string[] = []
        await s.step(target.name, async () => {
          const pathname = await open(s, target)
          report.push(...(await seriousViolations(s.page, pathname)))
        })
        expect(report, report.join('\n')).toEqual([])
      })
    }
  })
})
