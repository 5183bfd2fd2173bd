// The publishing journey (issue 34): an editor made with the staff command
// line signs in at /staff with the authenticator's code, writes a report in
// both editions, uploads its full file, previews it (a server-rendered,
// noindex page) and publishes it. Within seconds it is in the public list,
// its category's count, the search and the sitemap; a visitor buys it at the
// sandbox cashier and downloads exactly the uploaded bytes. The editor then
// renames its slug (the old address answers 301) and unpublishes it (404,
// gone from search and the sitemap), and the buyer still downloads it.
//
// The e2e stack runs one BFF instance: the purge is checked on that one.
import { createHash, randomBytes } from 'node:crypto'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { newUser, registerInContext } from '../support/api.ts'
import { DESKTOP, useSession, type Edition } from '../support/browser.ts'
import { waitForMail } from '../support/mail.ts'
import { apiAnswer, dialog, exact, field, fill, headerSearch, L, toast } from '../support/site.ts'
import { addStaffAccount, S, totpCode, type StaffAccount } from '../support/staff.ts'

const edition: Edition = 'zh-CN'
/** Published means seen everywhere within this (the purge reaches every store within ~2 s). */
const PUBLISHED_WITHIN_MS = 8_000

/** A small, valid one-page PDF (its xref offsets computed), unique by its text. */
function minimalPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/** Polls a condition until it holds (no fixed sleeps), failing with its name once `deadline` (epoch ms) has passed. */
async function waitUntil(what: string, deadline: number, check: () => Promise<boolean>): Promise<void> {
  let last: unknown
  for (;;) {
    if (
      await check().catch((error: unknown) => {
        last = error
        return false
      })
    )
      return
    if (Date.now() > deadline) throw new Error(`not ${what} in time${last instanceof Error ? ` (last failure: ${last.message})` : ''}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A public read through the BFF, as the site's pages call it. */
async function publicApi<T>(apiPath: string, body: object): Promise<{ code: number; data: T }> {
  const siteUrl = inject('siteUrl')
  const response = await fetch(`${siteUrl}/api${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Origin: siteUrl, Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as { code: number; data: T }
  if (answer.code !== 200) throw new Error(`${apiPath} answered ${JSON.stringify(answer)}`)
  return answer
}

/** Every <loc> of an edition's report sitemaps, found through the sitemap index. */
async function reportsInSitemap(siteUrl: string, edition: 'zh' | 'en'): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
  const index = await (await fetch(`${siteUrl}/sitemap.xml`)).text()
  const files = locs(index).filter((loc) => new RegExp(`/sitemaps/${edition}-reports-\\d+\\.xml$`).test(loc))
  const all: string[] = []
  for (const file of files) all.push(...locs(await (await fetch(file)).text()))
  return all
}

/** What the report list answers (contract: ReportPageListData), as far as these checks read it. */
interface ReportPage {
  pageList: { list: Array<{ webTitle: string }>; count: number }
}

interface CategoryFacet {
  marketType: string
  marketTypeName: string
  marketCount: number
}

async function categoryCount(marketType: string): Promise<number> {
  const body = await publicApi<CategoryFacet[]>('/report/researchReport/categoryList', { lang: edition })
  return body.data.find((c) => c.marketType === marketType)?.marketCount ?? 0
}

/** Whether the category's list (newest first, every page) holds the slug. */
async function listedInCategory(marketType: string, slug: string): Promise<boolean> {
  for (let pageNo = 1; pageNo <= 20; pageNo += 1) {
    const body = await publicApi<ReportPage>('/report/researchReport/pageList', {
      lang: edition,
      marketType,
      sort: 'latest',
      pageNo,
      pageSize: 100,
    })
    if (body.data.pageList.list.some((r) => r.webTitle === slug)) return true
    if (pageNo * 100 >= body.data.pageList.count) return false
  }
  return false
}

async function searchFinds(keyword: string, slug: string): Promise<boolean> {
  const body = await publicApi<ReportPage>('/report/researchReport/pageList', {
    lang: edition,
    keyword,
    pageSize: 100,
  })
  return body.data.pageList.list.some((r) => r.webTitle === slug)
}

/** The editor's sign-in at /staff: name, password and the authenticator's code. */
async function signIn(page: Page, siteUrl: string, staff: StaffAccount): Promise<void> {
  const response = await page.goto(`${siteUrl}/staff`)
  expect(response?.headers()['x-robots-tag']).toContain('noindex')
  await page.getByRole('heading', { name: S(edition, 'staff.signIn.title') }).waitFor()
  await fill(page, S(edition, 'staff.signIn.name'), staff.name)
  await fill(page, S(edition, 'staff.signIn.password'), staff.password)
  await fill(page, S(edition, 'staff.signIn.code'), await totpCode(staff.secret))
  await page.getByRole('button', { name: exact(S(edition, 'staff.signIn.submit')) }).click()
  await page.getByRole('button', { name: exact(S(edition, 'staff.signOut')) }).waitFor()
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
        await editor.getByRole('tab', { name: new RegExp(`^${S(edition, `staff.edition.${lang}`).replace(/[()]/g, '\\$&')}`) }).click()
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
      await editor.getByRole('tab', { name: new RegExp(`^${S(edition, `staff.edition.${edition}`).replace(/[()]/g, '\\$&')}`) }).click()
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

    const countBefore = await categoryCount(category.value)
    const publishedAt = await s.step('the editor publishes it', async () => {
      await editor.getByRole('button', { name: exact(S(edition, 'staff.actions.publish')) }).click()
      await toast(editor, S(edition, 'staff.actions.published')).waitFor()
      const published = Date.now()
      await editor.locator('.staff-meta').getByText(S(edition, 'staff.status.published')).waitFor()
      return published
    })

    await s.step('within seconds: the public list, the category count, the search and the sitemap', async () => {
      const reportUrl = `${siteUrl}/reports/${slugs[edition]}`
      const by = publishedAt + PUBLISHED_WITHIN_MS
      await waitUntil('in the category list', by, () => listedInCategory(category.value, slugs[edition]))
      await waitUntil('counted in its category', by, async () => (await categoryCount(category.value)) === countBefore + 1)
      await waitUntil('found by search', by, () => searchFinds(keyword, slugs[edition]))
      await waitUntil('in the reports sitemap', by, async () => (await reportsInSitemap(siteUrl, 'zh')).includes(reportUrl))
      await waitUntil('the English edition in its sitemap', by, async () =>
        (await reportsInSitemap(siteUrl, 'en')).includes(`${siteUrl}/en/reports/${slugs['en-US']}`),
      )
      console.log(`[e2e] published: everywhere ${Date.now() - publishedAt} ms after the console said so`)
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
        const editionLabel = L(edition, 'reports.edition.standard')
        const licenceLabel = L(edition, 'reports.licence.single')
        await page.getByRole('radio', { name: new RegExp(`^${editionLabel}, ${licenceLabel}, `) }).check()
        const { body } = await apiAnswer<{ orderNo: string }>(page, '/report/websiteUserResearchOrder/save', () =>
          page.getByRole('button', { name: exact(L(edition, 'pay.buyOnline')) }).click(),
        )
        expect(body.code, JSON.stringify(body)).toBe(200)
        const emailModal = dialog(page, L(edition, 'research.emailTitle'))
        await emailModal.waitFor()
        await fill(emailModal, L(edition, 'research.email'), deliveryEmail)
        await fill(emailModal, L(edition, 'research.confirmEmail'), deliveryEmail)
        await emailModal.getByRole('button', { name: exact(L(edition, 'research.continue')) }).click()
        return body.data
      })

      await s.step('pays at the sandbox cashier', async () => {
        const payModal = dialog(page, L(edition, 'pay.title'))
        await payModal.waitFor()
        await payModal.getByRole('radio', { name: L(edition, 'pay.alipay') }).check()
        const [cashier] = await Promise.all([
          buyerContext.waitForEvent('page'),
          payModal.getByRole('button', { name: exact(L(edition, 'pay.submit')) }).click(),
        ])
        await cashier.waitForLoadState('domcontentloaded')
        expect(cashier.url().startsWith(`${inject('sandboxUrl')}/alipay/`), cashier.url()).toBe(true)
        await cashier.getByText(order.orderNo).waitFor()
        await Promise.all([
          cashier.waitForURL((url) => url.pathname === '/personalCenter/payBack'),
          cashier.getByRole('button', { name: /模拟支付成功/ }).click(),
        ])
        await cashier.getByRole('status').getByText(L(edition, 'payBack.paid')).waitFor({ timeout: 20_000 })
        await s.shot('paid', cashier)
      })

      const link = await s.step('the delivery mail links exactly the uploaded bytes', async () => {
        const mail = await waitForMail(deliveryEmail, (m) => m.subject.includes(order.orderNo))
        const found = mail.links.find((l) => l.startsWith(`${siteUrl}/`) && /\/download\/[^/]+$/.test(new URL(l).pathname))
        expect(found, mail.text).toBeDefined()
        const bytes = await downloadBytes(buyerContext, found!)
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(pdfSha)
        return found!
      })

      await s.step('the editor renames the slug: the old address answers 301 to the new one', async () => {
        const panel = editor.locator(`#staff-panel-${edition}`)
        await fill(panel, S(edition, 'staff.field.slug'), renamed)
        await save(editor)
        await panel.getByText(S(edition, 'staff.field.oldSlugs', { slugs: slugs[edition] })).waitFor()
        const by = Date.now() + PUBLISHED_WITHIN_MS
        await waitUntil('the old slug redirects', by, async () => {
          const response = await fetch(`${siteUrl}/reports/${slugs[edition]}`, { redirect: 'manual' })
          return response.status === 301 && new URL(response.headers.get('location') ?? '', siteUrl).pathname === `/reports/${renamed}`
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
        const by = Date.now() + PUBLISHED_WITHIN_MS
        await waitUntil('the page answers 404 or 410', by, async () =>
          [404, 410].includes((await fetch(`${siteUrl}/reports/${renamed}`, { redirect: 'manual' })).status),
        )
        await waitUntil('gone from search', by, async () => !(await searchFinds(keyword, renamed)))
        await waitUntil('gone from the list', by, async () => !(await listedInCategory(category.value, renamed)))
        await waitUntil('uncounted in its category', by, async () => (await categoryCount(category.value)) === countBefore)
        await waitUntil('gone from the sitemap', by, async () => {
          const locs = await reportsInSitemap(siteUrl, 'zh')
          return !locs.some((loc) => loc.endsWith(`/reports/${renamed}`) || loc.endsWith(`/reports/${slugs[edition]}`))
        })
        const gone = await page.goto(`${siteUrl}/reports/${renamed}`)
        expect([404, 410]).toContain(gone?.status())
      })

      await s.step('the buyer still downloads the same bytes', async () => {
        const bytes = await downloadBytes(buyerContext, link)
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(pdfSha)
      })
    } finally {
      await buyerContext.close()
    }
  })
})
