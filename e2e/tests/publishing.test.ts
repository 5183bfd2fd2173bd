// The publishing journey: an editor made with the staff command
// line signs in at /staff with the authenticator's code, writes a report in
// both editions, uploads its full file, previews it (a server-rendered,
// noindex page) and publishes it. Within seconds it is in the public list,
// its category's count, the search and the sitemap; a visitor buys it at the
// sandbox cashier and downloads the uploaded file stamped for the order. The editor then
// renames its slug (the old address answers 301) and unpublishes it (404,
// gone from search and the sitemap), and the buyer still downloads it.
//
// The e2e stack runs two BFF instances on one core API: every public read is
// checked on both (the second by plain HTTP), within the 2 s the issue allows.
import { createHash, randomBytes } from 'node:crypto'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { newUser, registerInContext } from '../support/api.ts'
import { DESKTOP, useSession, type Edition } from '../support/browser.ts'
import { waitForMail } from '../support/mail.ts'
import {
  categoryCount,
  listedInCategory,
  minimalPdf,
  redirectsTo,
  reportsInSitemap,
  searchFinds,
  waitUntil,
} from '../support/publishing.ts'
import { exact, field, fill, headerSearch, toast } from '../support/site.ts'
import { orderStandardEdition, payWithAlipay } from '../support/purchase.ts'
import { addStaffAccount, S, signInToConsole, type StaffAccount } from '../support/staff.ts'
import { expectStampedCopy } from '../support/stamped.ts'

const edition: Edition = 'zh-CN'
/**
 * The issue's bound: a published (or unpublished) change is seen on every
 * instance within 2 s. The BFFs poll the core API's content changes every
 * 500 ms and purge what they name; the checks below poll every 100 ms.
 */
const PUBLISHED_WITHIN_MS = 2_000

/** The stack's BFF instances: the one the browser uses, and the second (asked by plain HTTP). */
const instances = () => [inject('siteUrl'), inject('siteUrl2')]

/**
 * Waits for every condition on every instance at once, each failure naming
 * the condition and the instance; answers when the last of the attempts
 * that held began (epoch ms).
 */
async function everywhere(deadline: number, checks: Record<string, (site: string) => Promise<boolean>>): Promise<number> {
  const began = await Promise.all(
    instances().flatMap((site) =>
      Object.entries(checks).map(([what, check]) => waitUntil(`${what} at ${site}`, deadline, () => check(site))),
    ),
  )
  return Math.max(...began)
}

/** The editor's sign-in at /staff: name, password and the authenticator's code. */
async function signIn(page: Page, siteUrl: string, staff: StaffAccount): Promise<void> {
  const response = await signInToConsole(page, `${siteUrl}/staff`, staff, edition)
  expect(response?.headers()['x-robots-tag']).toContain('noindex')
  const cookie = (await page.context().cookies()).find((c) => c.name === 'rpt_staff')
  expect(cookie?.httpOnly).toBe(true)
}

/** Saves the editor's form and waits for the console to confirm it. */
async function save(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith('/staff-api/reports') && ['POST', 'PUT'].includes(r.request().method()),
  )
  await page.getByRole('button', { name: exact(S(edition, 'staff.editor.save')) }).click()
  const response = await saved
  expect(response.status(), await response.text()).toBe(200)
  await toast(page, S(edition, 'staff.editor.saved')).waitFor()
}

/** The signed download link of the order's delivery mail, fetched in the buyer's context. */
async function downloadBytes(context: BrowserContext, link: string): Promise<Buffer> {
  const response = await context.request.get(link)
  expect(response.status()).toBe(200)
  return response.body()
}

describe('publishing journey on a desktop', () => {
  const session = useSession('publishing', DESKTOP, edition)

  it('an editor publishes a report, a visitor buys it, the editor renames and unpublishes it', { timeout: 240_000 }, async () => {
    const s = session()
    const { page: editor, siteUrl } = s
    const id = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`
    const keyword = `pubtest${id}`
    const titles: Record<Edition, string> = { 'zh-CN': `出版测试报告 ${keyword}`, 'en-US': `Publishing test report ${keyword}` }
    const slugs: Record<Edition, string> = { 'zh-CN': `e2e-publishing-${id}`, 'en-US': `e2e-publishing-${id}-en` }
    const renamed = `${slugs['zh-CN']}-renamed`
    const pdf = minimalPdf(`Publishing test ${id}`)
    const pdfSha = createHash('sha256').update(pdf).digest('hex')
    const today = new Date().toISOString().slice(0, 10)

    const staff = await s.step('an editor account is made with the staff command', () => addStaffAccount('editor'))

    await s.step('the editor signs in at /staff with the TOTP code', () => signIn(editor, siteUrl, staff))

    const category = await s.step('a new report gets both editions: title, slug, category, date, summary, prices', async () => {
      await editor.getByRole('link', { name: exact(S(edition, 'staff.list.new')) }).click()
      await editor.getByRole('heading', { level: 1, name: S(edition, 'staff.editor.newTitle') }).waitFor()
      let chosen: { value: string; label: string } | undefined
      for (const lang of ['zh-CN', 'en-US'] as const) {
        await editor.getByRole('tab', { name: new RegExp(`^${S(edition, `staff.language.${lang}`).replace(/[()]/g, '\\$&')}`) }).click()
        const panel = editor.locator(`#staff-panel-${lang}`)
        await panel.waitFor()
        await fill(panel, S(edition, 'staff.field.title'), titles[lang])
        await fill(panel, S(edition, 'staff.field.slug'), slugs[lang])
        const select = field(panel, S(edition, 'staff.field.category'))
        // The categories come from the site's dictionary: the first real one.
        await select.locator('option[value]:not([value=""])').first().waitFor({ state: 'attached' })
        const option = select.locator('option[value]:not([value=""])').first()
        const value = (await option.getAttribute('value')) as string
        await select.selectOption(value)
        if (lang === edition) chosen = { value, label: ((await option.textContent()) ?? '').trim() }
        await fill(panel, S(edition, 'staff.field.publishDate'), today)
        const currency = lang === 'zh-CN' ? 'CNY' : 'USD'
        const prices = lang === 'zh-CN' ? ['9800', '19800', '29800'] : ['1400', '2800', '4200']
        for (const [index, licence] of (['single', 'multi', 'enterprise'] as const).entries())
          await fill(panel, `${S(edition, `staff.licence.${licence}`)} (${currency})`, prices[index]!)
        const summary = panel.getByRole('textbox', { name: S(edition, 'staff.field.summary') })
        await summary.click()
        await summary.pressSequentially(
          lang === 'zh-CN' ? `这是一份出版测试报告（${keyword}）。` : `A report made by the publishing test (${keyword}).`,
        )
      }
      await save(editor)
      await editor.waitForURL((url) => /^\/staff\/reports\/[^/]+$/.test(url.pathname))
      return chosen!
    })

    await s.step('the full file is uploaded with a progress bar; the console shows its SHA-256', async () => {
      const panel = editor.locator(`#staff-panel-${edition}`)
      await editor.getByRole('tab', { name: new RegExp(`^${S(edition, `staff.language.${edition}`).replace(/[()]/g, '\\$&')}`) }).click()
      const uploaded = editor.waitForResponse(
        (r) => /\/staff-api\/reports\/.+\/files\/zh-CN\/full/.test(r.url()) && r.request().method() === 'PUT',
      )
      await panel
        .getByLabel(S(edition, 'staff.file.full'))
        .setInputFiles({ name: `publishing-${id}.pdf`, mimeType: 'application/pdf', buffer: pdf })
      const response = await uploaded
      expect(response.status(), await response.text()).toBe(200)
      await panel.locator('.staff-hash', { hasText: pdfSha }).waitFor()
    })

    await s.step('the preview opens a server-rendered page that is not indexed', async () => {
      const [preview] = await Promise.all([
        s.context.waitForEvent('page'),
        editor.getByRole('button', { name: exact(S(edition, 'staff.actions.preview')) }).click(),
      ])
      await preview.waitForURL((url) => url.pathname.includes('/preview/'))
      await preview.getByRole('heading', { level: 1, name: titles[edition] }).waitFor()
      expect(await preview.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
      // Server-rendered: the page as served already holds the title, and says noindex in its headers too.
      const served = await s.context.request.get(preview.url())
      expect(served.status()).toBe(200)
      expect(served.headers()['x-robots-tag']).toContain('noindex')
      expect(await served.text()).toContain(titles[edition])
      await s.shot('preview', preview)
      await preview.close()
    })

    const reportUrl = `${siteUrl}/reports/${slugs[edition]}`
    const countBefore = await s.step('before publishing: absent on both instances, whose caches now hold what they answered', async () => {
      const counts = new Map<string, number>()
      for (const site of instances()) {
        expect(await listedInCategory(site, edition, category.value, slugs[edition])).toBe(false)
        expect(await searchFinds(site, edition, keyword, slugs[edition])).toBe(false)
        expect(await reportsInSitemap(site, 'zh')).not.toContain(reportUrl)
        counts.set(site, await categoryCount(site, edition, category.value))
      }
      return (site: string) => counts.get(site)!
    })
    const publishedAt = await s.step('the editor publishes it', async () => {
      await editor.getByRole('button', { name: exact(S(edition, 'staff.actions.publish')) }).click()
      await toast(editor, S(edition, 'staff.actions.published')).waitFor()
      const published = Date.now()
      await editor.locator('.staff-meta').getByText(S(edition, 'staff.status.published')).waitFor()
      return published
    })

    await s.step('within 2 s, on both instances: the list, the category count, the search and the sitemap', async () => {
      const seen = await everywhere(publishedAt + PUBLISHED_WITHIN_MS, {
        'in the category list': (site) => listedInCategory(site, edition, category.value, slugs[edition]),
        'counted in its category': async (site) => (await categoryCount(site, edition, category.value)) === countBefore(site) + 1,
        'found by search': (site) => searchFinds(site, edition, keyword, slugs[edition]),
        'in the reports sitemap': async (site) => (await reportsInSitemap(site, 'zh')).includes(reportUrl),
        'the English edition in its sitemap': async (site) =>
          (await reportsInSitemap(site, 'en')).includes(`${siteUrl}/en/reports/${slugs['en-US']}`),
      })
      console.log(
        `[e2e] published: seen on both instances by checks begun ${seen - publishedAt} ms after the console said so (all answered after ${Date.now() - publishedAt} ms)`,
      )
      // And as a visitor sees them: the header search finds it.
      const visitor = await s.context.newPage()
      await visitor.goto(`${siteUrl}/`)
      await headerSearch({ ...s, page: visitor }, keyword)
      await visitor.locator('ul.item-list[aria-busy="false"] article.report-row', { hasText: titles[edition] }).waitFor()
      await s.shot('search finds it', visitor)
      await visitor.close()
    })

    // The visitor: a browser of their own, with an account.
    const buyerContext = await s.context.browser()!.newContext({
      viewport: DESKTOP.viewport,
      locale: edition,
      timezoneId: 'Asia/Shanghai',
      baseURL: siteUrl,
      reducedMotion: 'reduce',
    })
    try {
      const buyer = newUser('pub')
      await registerInContext(buyerContext, buyer)
      const page = await buyerContext.newPage()
      const deliveryEmail = `publishing.${id}@example.com`

      const order = await s.step('a visitor opens the report and buys it online', async () => {
        await page.goto(`${siteUrl}/reports/${slugs[edition]}`)
        await page.getByRole('heading', { level: 1, name: titles[edition] }).waitFor()
        return { orderNo: await orderStandardEdition(page, edition, deliveryEmail) }
      })

      await s.step('pays at the sandbox cashier', async () => {
        const cashier = await payWithAlipay(page, edition, order.orderNo)
        await s.shot('paid', cashier)
      })

      const link = await s.step('the delivery mail links the uploaded file, stamped for the order', async () => {
        const mail = await waitForMail(deliveryEmail, (m) => m.subject.includes(order.orderNo))
        const found = mail.links.find((l) => l.startsWith(`${siteUrl}/`) && /\/download\/[^/]+$/.test(new URL(l).pathname))
        expect(found, mail.text).toBeDefined()
        expectStampedCopy(await downloadBytes(buyerContext, found!), pdf)
        return found!
      })

      await s.step('the editor renames the slug: the old address answers 301 to the new one', async () => {
        const panel = editor.locator(`#staff-panel-${edition}`)
        await fill(panel, S(edition, 'staff.field.slug'), renamed)
        await save(editor)
        await panel.getByText(S(edition, 'staff.field.oldSlugs', { slugs: slugs[edition] })).waitFor()
        await everywhere(Date.now() + PUBLISHED_WITHIN_MS, {
          'the old slug redirects': (site) => redirectsTo(site, `/reports/${slugs[edition]}`, `/reports/${renamed}`),
        })
        await page.goto(`${siteUrl}/reports/${slugs[edition]}`)
        expect(new URL(page.url()).pathname).toBe(`/reports/${renamed}`)
        await page.getByRole('heading', { level: 1, name: titles[edition] }).waitFor()
      })

      await s.step('the editor unpublishes it: 404, gone from search and the sitemap', async () => {
        await editor.getByRole('button', { name: exact(S(edition, 'staff.actions.unpublish')) }).click()
        const confirm = editor.getByRole('alertdialog', { name: S(edition, 'staff.actions.unpublishTitle') })
        await confirm.getByRole('button', { name: exact(S(edition, 'staff.actions.unpublish')) }).click()
        await toast(editor, S(edition, 'staff.actions.unpublished')).waitFor()
        await everywhere(Date.now() + PUBLISHED_WITHIN_MS, {
          'the page answers 404 or 410': async (site) =>
            [404, 410].includes((await fetch(`${site}/reports/${renamed}`, { redirect: 'manual' })).status),
          'gone from search': async (site) => !(await searchFinds(site, edition, keyword, renamed)),
          'gone from the list': async (site) => !(await listedInCategory(site, edition, category.value, renamed)),
          'uncounted in its category': async (site) => (await categoryCount(site, edition, category.value)) === countBefore(site),
          'gone from the sitemap': async (site) => {
            const locs = await reportsInSitemap(site, 'zh')
            return !locs.some((loc) => loc.endsWith(`/reports/${renamed}`) || loc.endsWith(`/reports/${slugs[edition]}`))
          },
        })
        const gone = await page.goto(`${siteUrl}/reports/${renamed}`)
        expect([404, 410]).toContain(gone?.status())
      })

      await s.step('the buyer still downloads their copy of the same file', async () => {
        expectStampedCopy(await downloadBytes(buyerContext, link), pdf)
      })
    } finally {
      await buyerContext.close()
    }
  })
})
