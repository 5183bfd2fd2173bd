// Journey 1: a visitor browses home → a report category → filters by price →
// opens a report → reads its table of contents; searches a Chinese and an
// English keyword from the header; opens news and (Chinese edition) a
// bulletin; an unknown URL shows the 404 page.
import { describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, type Edition } from '../support/browser.ts'
import { useSession } from '../support/browser.ts'
import { clickNav, exact, headerSearch, L } from '../support/site.ts'

const EDITIONS: Edition[] = ['zh-CN', 'en-US']

/** Keywords that exist in each edition's catalogue; the other language's keyword finds nothing there. */
const KEYWORDS: Record<Edition, { chinese: string; english: string; chineseHits: boolean; englishHits: boolean }> = {
  // Chinese titles name some technologies in Latin letters (CDMO); searching is case-insensitive.
  'zh-CN': { chinese: '锂电', english: 'cdmo', chineseHits: true, englishHits: true },
  'en-US': { chinese: '锂电', english: 'battery', chineseHits: false, englishHits: true },
}

describe.each([DESKTOP, PHONE])('journey 1: browsing on $name', (device) => {
  describe.each(EDITIONS)('%s edition', (edition) => {
    const session = useSession('01-browse', device, edition)

    it('home → category → price filter → report → table of contents', async () => {
      const s = session()
      const { page } = s

      await s.step('home', async () => {
        await page.goto(s.url('/'))
        await page.getByRole('heading', { level: 2, name: L(edition, 'home.categories') }).waitFor()
        expect(await page.title()).toContain(L(edition, 'site.name'))
        expect(await page.locator('html').getAttribute('lang')).toBe(edition)
      })

      const categoryName = await s.step('open a report category from the home page', async () => {
        const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: L(edition, 'home.categories') }) })
        const tile = section.getByRole('link').first()
        await tile.waitFor()
        const href = (await tile.getAttribute('href')) ?? ''
        expect(href).toMatch(new RegExp(`^${edition === 'en-US' ? '/en' : ''}/report-industries/[^/]+$`))
        await tile.click()
        await page.waitForURL((url) => url.pathname === href)
        const heading = page.getByRole('heading', { level: 1 })
        await expect.poll(async () => (await heading.textContent())?.trim()).not.toBe(L(edition, 'reports.heading'))
        const name = ((await heading.textContent()) ?? '').trim()
        expect(name.length).toBeGreaterThan(0)
        await page.locator('ul.item-list article.report-row').first().waitFor()
        return name
      })

      await s.step('filter by price', async () => {
        if (device.name === 'phone') await page.getByRole('button', { name: exact(L(edition, 'common.showFilters')) }).click()
        // On a phone the panel is a drawer, out of the accessibility tree once closed: address it by its class.
        const filters = page.locator('aside.filter-panel')
        const priceGroup = filters.locator('section.facet', { has: page.locator('h3', { hasText: exact(L(edition, 'reports.price')) }) })
        // CSS, not roles: the closed drawer's links are out of the accessibility tree on a phone.
        const bandLinks = priceGroup.locator('a.facet-link')
        await bandLinks.nth(4).waitFor()
        await priceGroup.locator('.facet-count').first().waitFor()
        // The band with the most reports in this category, so the result is not empty.
        const bands = [8000, 12000, 15000, 15001]
        const counts: number[] = []
        for (const value of bands) {
          const link = bandLinks.filter({ hasText: L(edition, `reports.price.${value}`) })
          counts.push(Number(((await link.locator('.facet-count').textContent()) ?? '0').replace(/\D/g, '')))
        }
        const best = counts.indexOf(Math.max(...counts))
        const value = bands[best] as number
        const count = counts[best] as number
        expect(count).toBeGreaterThan(0)
        const label = L(edition, `reports.price.${value}`)
        await bandLinks.filter({ hasText: label }).click()
        await page.waitForURL((url) => url.searchParams.get('price') === String(value))
        await page.locator('.active-filters .chip', { hasText: label }).waitFor()
        // The whole number, not digits of the previous total; and the filtered rows, not the previous list kept while it loads.
        await expect.poll(async () => page.locator('#results-count').textContent()).toMatch(new RegExp(`(^|[^\\d,])${count}([^\\d,]|$)`))
        await expect.poll(async () => page.locator('ul.item-list[aria-busy="false"] article.report-row').count()).toBe(Math.min(count, 10))
        await expect.poll(() => bandLinks.filter({ hasText: label }).getAttribute('aria-current')).toBe('true')
      })

      const title = await s.step('open a report', async () => {
        expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(categoryName)
        const link = page.locator('ul.item-list h2 a').first()
        const text = ((await link.textContent()) ?? '').trim()
        // The list must have settled before its link is clicked: a re-render under the pointer loses the click.
        await page.waitForLoadState('networkidle')
        await link.click()
        try {
          await page.waitForURL(/\/reports\/[^/]+$/, { timeout: 10_000 })
        } catch {
          // Seen twice in CI, never locally: kept in the step log so a pattern would show.
          s.consoleLines.push(`${new Date().toISOString()} [retry] the click on "${text}" did not navigate; clicking again`)
          await link.click()
          await page.waitForURL(/\/reports\/[^/]+$/)
        }
        await page.getByRole('heading', { level: 1, name: text }).waitFor()
        return text
      })

      await s.step('read the table of contents', async () => {
        const tab = page.getByRole('tab', { name: L(edition, 'reports.tab.contents') })
        await tab.click()
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true')
        const panel = page.getByRole('tabpanel', { name: L(edition, 'reports.tab.contents') })
        await panel.waitFor()
        const text = ((await panel.textContent()) ?? '').trim()
        expect(text.length).toBeGreaterThan(50)
        expect(await page.title()).toContain(title)
      })
    })

    it('searches a Chinese and an English keyword from the header', async () => {
      const s = session()
      const { page } = s
      await page.goto(s.url('/'))
      const { chinese, english, chineseHits, englishHits } = KEYWORDS[edition]

      for (const [keyword, hits] of [
        [chinese, chineseHits],
        [english, englishHits],
      ] as const) {
        await s.step(`search ${keyword}`, async () => {
          await headerSearch(s, keyword)
          await page.waitForURL((url) => decodeURIComponent(url.pathname).endsWith(`/report-industries/all/${keyword}`))
          await page.locator('.active-filters .chip', { hasText: L(edition, 'common.keywordFor', { keyword }) }).waitFor()
          if (hits) {
            // The list keeps the previous search's rows while the new one loads (aria-busy): read it once settled.
            const rows = page.locator('ul.item-list[aria-busy="false"] article.report-row')
            await rows.first().waitFor()
            const missing = async () => {
              const texts = await rows.allTextContents()
              return texts.length === 0 ? ['(no rows)'] : texts.filter((text) => !text.toLowerCase().includes(keyword.toLowerCase()))
            }
            await expect.poll(missing, { message: 'every result names the keyword in its title or summary' }).toEqual([])
          } else {
            await page.getByText(L(edition, 'reports.empty')).waitFor()
          }
        })
      }
    })

    it('opens news and a bulletin; an unknown URL shows the 404 page', async () => {
      const s = session()
      const { page } = s
      await page.goto(s.url('/'))

      await s.step('news list', async () => {
        if (edition === 'zh-CN') {
          await clickNav(s, 'nav.news')
        } else {
          // The English header has no news entry (spec section 2); the home page lists the latest news.
          expect(
            await page
              .locator('header.site-header nav')
              .getByRole('link', { name: exact(L(edition, 'nav.news')) })
              .count(),
          ).toBe(0)
          const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: L(edition, 'home.news') }) })
          await section.getByRole('link', { name: new RegExp(`^${L(edition, 'common.more')}`) }).click()
        }
        await page.waitForURL(/\/news-categories$/)
        await page.getByRole('heading', { level: 1, name: L(edition, 'news.heading') }).waitFor()
      })

      await s.step('news article', async () => {
        const link = page.locator('main h2 a, .item-list h2 a').first()
        await link.waitFor()
        const title = ((await link.textContent()) ?? '').trim()
        await link.click()
        await page.waitForURL(/\/news\/[^/]+$/)
        await page.getByRole('heading', { level: 1, name: title }).waitFor()
      })

      if (edition === 'zh-CN') {
        await s.step('bulletin list', async () => {
          await clickNav(s, 'nav.bulletin')
          await page.waitForURL(/\/bulletin$/)
          await page.getByRole('heading', { level: 1, name: L(edition, 'bulletin.heading') }).waitFor()
        })
        await s.step('bulletin detail', async () => {
          const link = page.locator('.item-list h2 a').first()
          await link.waitFor()
          const title = ((await link.textContent()) ?? '').trim()
          await link.click()
          await page.waitForURL(/\/bulletin\/bulletin-detail\/[^/]+$/)
          await page.getByRole('heading', { level: 1, name: title }).waitFor()
          await page.getByRole('heading', { level: 2, name: L(edition, 'bulletin.price') }).waitFor()
        })
      } else {
        await s.step('no bulletin entry in English', async () => {
          const scope = page.locator('header.site-header')
          expect(await scope.getByRole('link', { name: exact(L(edition, 'nav.bulletin')) }).count()).toBe(0)
        })
      }

      await s.step('unknown URL shows the 404 page', async () => {
        const unknown = '/no-such-page/e2e'
        await page.goto(s.url(unknown))
        await page.getByRole('heading', { level: 1, name: L(edition, 'notFound.title') }).waitFor()
        // The message names the path the visitor asked for, edition prefix included.
        await page.getByText(L(edition, 'notFound.text', { path: new URL(s.url(unknown)).pathname })).waitFor()
        await page.getByRole('link', { name: L(edition, 'notFound.home') }).waitFor()
      })
    })
  })
})
