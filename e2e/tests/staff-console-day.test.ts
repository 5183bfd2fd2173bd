// A working day in the staff console, as a new editor and an admin live it
// (Chromium, the Chinese console): a report whose summary is pasted from Word
// (a table and a list) reads as HTML on its page, in the list (as text) and
// in the preview; a licence left without a price is not offered and an order
// for it is refused; the region reads the same in the console and on the
// site; an unsaved change asks before leaving and survives a reload; an
// import goes through the console's screen; the audit's first row is the
// newest; an admin adds a staff member, who signs in; signing out shows the
// sign-in at once.
import { randomBytes } from 'node:crypto'
import type { Dialog, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { corePost, newUser, registerInContext, sessionToken } from '../support/api.ts'
import { DESKTOP, useSession, type Edition } from '../support/browser.ts'
import { auditOf, listRows } from '../support/desk.ts'
import { waitUntil } from '../support/publishing.ts'
import { exact, field, fill, L, toast } from '../support/site.ts'
import { addStaffAccount, consoleNav, S, signInToConsole } from '../support/staff.ts'

const edition: Edition = 'zh-CN'

/** What Word puts on the clipboard for a heading, a two-row table and a bulleted list. */
const WORD_SUMMARY = (marker: string) => `<html xmlns:o="urn:schemas-microsoft-com:office:office"><body>
<!--StartFragment--><h3>核心数据 ${marker}</h3>
<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0><tr><td><p class=MsoNormal>年份<o:p></o:p></p></td><td><p class=MsoNormal>规模<o:p></o:p></p></td></tr>
<tr><td><p class=MsoNormal>2027<o:p></o:p></p></td><td><p class=MsoNormal>1,200 亿元<o:p></o:p></p></td></tr></table>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><!--[endif]-->储能占比 40%<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><!--[endif]-->年增长 18%<o:p></o:p></p>
<!--EndFragment--></body></html>`

const CONTENTS = (marker: string) =>
  `<ol><li>第一章 市场概况 ${marker}：定义、分类与产业链</li><li>第二章 市场规模与增长预测（2022-2031）</li><li>第三章 竞争格局与主要企业分析</li></ol>`

/** Pastes HTML into a rich-text field as the browser does for a copy from Word. */
async function pasteHtml(page: Page, textbox: ReturnType<Page['getByRole']>, html: string) {
  await textbox.click()
  await textbox.evaluate((element, pasted) => {
    const data = new DataTransfer()
    data.setData('text/html', pasted)
    data.setData('text/plain', 'ignored')
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, html)
}

async function save(page: Page) {
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith('/staff-api/reports') && ['POST', 'PUT'].includes(r.request().method()),
  )
  await page.getByRole('button', { name: exact(S(edition, 'staff.editor.save')) }).click()
  const response = await saved
  expect(response.status(), await response.text()).toBe(200)
  await toast(page, S(edition, 'staff.editor.saved')).waitFor()
}

describe('a day in the staff console', () => {
  const session = useSession('staff-console-day', DESKTOP, edition)

  it('an editor writes, keeps and imports reports; an admin reads the audit; both sign out', { timeout: 300_000 }, async () => {
    const s = session()
    const { page, siteUrl } = s
    const marker = `day${Date.now().toString(36)}${randomBytes(2).toString('hex')}`
    const title = `控制台一日 ${marker}`
    const slug = `e2e-console-day-${marker}`
    const [editor, admin] = await Promise.all([addStaffAccount('editor'), addStaffAccount('admin')])

    const category = await s.step('the editor signs in and starts a report: one licence priced, the region Global and China', async () => {
      await signInToConsole(page, `${siteUrl}/staff`, editor, edition)
      await page.getByRole('link', { name: exact(S(edition, 'staff.list.new')) }).click()
      await page.getByRole('heading', { level: 1, name: S(edition, 'staff.editor.newTitle') }).waitFor()
      // A Chinese report only: the English edition is left out.
      const english = S(edition, 'staff.language.en-US')
      await page.getByRole('tab', { name: new RegExp(`^${english.replace(/[()]/g, '\\$&')}`) }).click()
      await page.getByLabel(S(edition, 'staff.editor.include', { language: english })).uncheck()
      await page.getByRole('tab', { name: new RegExp(`^${S(edition, 'staff.language.zh-CN').replace(/[()]/g, '\\$&')}`) }).click()
      const panel = page.locator('#staff-panel-zh-CN')
      await fill(panel, S(edition, 'staff.field.title'), title)
      await fill(panel, S(edition, 'staff.field.slug'), slug)
      const category = field(panel, S(edition, 'staff.field.category'))
      await category.locator('option[value]:not([value=""])').first().waitFor({ state: 'attached' })
      const categoryValue = (await category.locator('option[value]:not([value=""])').first().getAttribute('value'))!
      await category.selectOption(categoryValue)
      const region = field(panel, S(edition, 'staff.field.region'))
      await region.selectOption('1')
      // The console names value 1 as the public page does.
      expect((await region.locator('option:checked').textContent())?.trim()).toBe(L(edition, 'reports.region.1'))
      await fill(panel, `${S(edition, 'staff.licence.single')} (CNY)`, '6800')
      await pasteHtml(page, panel.getByRole('textbox', { name: S(edition, 'staff.field.summary') }), WORD_SUMMARY(marker))
      const summary = panel.getByRole('textbox', { name: S(edition, 'staff.field.summary') })
      await summary.locator('table').waitFor()
      expect(await summary.locator('ul > li').count()).toBe(2)
      expect(await summary.textContent()).not.toContain('·')
      // A published report has a table of contents, as the public page's tab expects.
      await pasteHtml(page, panel.getByRole('textbox', { name: S(edition, 'staff.field.contents'), exact: true }), CONTENTS(marker))
      await panel
        .getByRole('textbox', { name: S(edition, 'staff.field.contents'), exact: true })
        .locator('ol > li')
        .nth(2)
        .waitFor()
      await save(page)
      await page.waitForURL((url) => /^\/staff\/reports\/[^/]+$/.test(url.pathname))
      return categoryValue
    })

    await s.step('an unsaved change asks before leaving, and survives a reload', async () => {
      const panel = page.locator('#staff-panel-zh-CN')
      const titleBox = field(panel, S(edition, 'staff.field.title'))
      await titleBox.fill(`${title} 修订`)
      const asked: string[] = []
      const answer = (accept: boolean) => (dialog: Dialog) => {
        asked.push(`${dialog.type()}:${dialog.message()}`)
        void (accept ? dialog.accept() : dialog.dismiss())
      }
      const stay = answer(false)
      page.on('dialog', stay)
      await consoleNav(page, edition, 'staff.nav.news').click()
      expect(asked).toEqual([`confirm:${S(edition, 'staff.editor.leave')}`])
      expect(page.url()).toMatch(/\/staff\/reports\//)
      page.off('dialog', stay)
      // Kept in the browser a moment after typing stops.
      await waitUntil('the draft kept', Date.now() + 5000, async () =>
        (await page.evaluate(() => JSON.stringify({ ...localStorage }))).includes(`${title} 修订`),
      )
      const leave = answer(true)
      page.on('dialog', leave)
      await page.reload()
      page.off('dialog', leave)
      expect(asked.some((line) => line.startsWith('beforeunload'))).toBe(true)
      await page.getByRole('button', { name: exact(S(edition, 'staff.editor.restore')) }).click()
      expect(await field(page.locator('#staff-panel-zh-CN'), S(edition, 'staff.field.title')).inputValue()).toBe(`${title} 修订`)
      await save(page)
    })

    const code = await s.step('the editor publishes it', async () => {
      await page.getByRole('button', { name: exact(S(edition, 'staff.actions.publish')) }).click()
      await toast(page, S(edition, 'staff.actions.published')).waitFor()
      return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!)
    })

    await s.step('the preview shows the table and the list as HTML', async () => {
      const [preview] = await Promise.all([
        s.context.waitForEvent('page'),
        page.getByRole('button', { name: exact(S(edition, 'staff.actions.preview')) }).click(),
      ])
      await preview.locator('.report-outline table').waitFor()
      expect(await preview.locator('.report-outline ul > li').count()).toBe(2)
      expect(await preview.locator('body').innerText()).not.toContain('<table')
      await preview.close()
    })

    const visitor = await s.context.newPage()
    await s.step('the public page: the summary as HTML, the region as in the console, only the priced licence', async () => {
      await waitUntil(
        'the report is public',
        Date.now() + 5000,
        async () => (await s.context.request.get(`${siteUrl}/reports/${slug}`)).status() === 200,
      )
      await visitor.goto(`${siteUrl}/reports/${slug}`)
      await visitor.locator('.report-outline table').waitFor()
      expect(await visitor.locator('.report-outline ul > li').count()).toBe(2)
      const text = await visitor.locator('main').innerText()
      expect(text).not.toMatch(/<\/?(h3|table|p|ul|li)\b/)
      expect(text).toContain(L(edition, 'reports.region.1'))
      // Only the single-user licence has a price: it alone can be chosen, in each edition of the report.
      const offered = await visitor
        .getByRole('radio', { disabled: false })
        .evaluateAll((radios) => radios.map((radio) => radio.getAttribute('aria-label') ?? ''))
      expect(offered.length).toBeGreaterThan(0)
      for (const label of offered) expect(label).toContain(L(edition, 'reports.licence.single'))
      expect(
        await visitor.getByRole('radio', { name: new RegExp(L(edition, 'reports.licence.enterprise')), disabled: false }).count(),
      ).toBe(0)
      await s.shot('the public report page', visitor)
    })

    await s.step('the list shows the summary as text; an order for the unpriced licence is refused', async () => {
      await visitor.goto(`${siteUrl}/report-industries/all/${encodeURIComponent(marker)}`)
      const row = visitor.locator('article.report-row', { hasText: title })
      await row.waitFor()
      const outline = (await row.locator('.report-row-outline').innerText()).trim()
      expect(outline).toContain(`核心数据 ${marker}`)
      expect(outline).not.toContain('<')
      const buyer = newUser(`day${randomBytes(2).toString('hex')}`)
      await registerInContext(s.context, buyer)
      const token = await sessionToken(s.context)
      const detail = await s.context.request.get(`${siteUrl}/api/report/researchReport/form?webTitle=${slug}&lang=zh-CN`, {
        headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      })
      const reportId = String(((await detail.json()) as { data?: { id?: string | number } }).data?.id ?? '')
      expect(reportId, 'the report id from the public detail').not.toBe('')
      const refused = await corePost<unknown>(
        '/report/websiteUserResearchOrder/save',
        { reportId, edition: 'standard', licence: 'enterprise', lang: 'zh-CN' },
        token,
      )
      expect(refused.code).not.toBe(200)
      const accepted = await corePost<{ payPrice: number }>(
        '/report/websiteUserResearchOrder/save',
        { reportId, edition: 'standard', licence: 'single', lang: 'zh-CN' },
        token,
      )
      expect(accepted.code, JSON.stringify(accepted)).toBe(200)
      expect(accepted.data.payPrice).toBe(6800)
      await visitor.close()
    })

    await s.step('an import through the console: a sheet with an error, then corrected and run', async () => {
      await consoleNav(page, edition, 'staff.nav.imports').click()
      await page.getByRole('heading', { level: 1, name: S(edition, 'staff.import.title') }).waitFor()
      const header = 'code,status,zh.title,zh.slug,zh.category,zh.summary,zh.publishDate,zh.price.single'
      const row = (category: string) =>
        `IMP-${marker},draft,导入测试 ${marker},e2e-import-${marker},${category},"<p>导入的摘要</p>",2026-12-01,5800`
      const sheet = (category: string) => ({
        name: 'reports.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${header}\n${row(category)}\n`),
      })
      await page.getByLabel(S(edition, 'staff.import.sheet')).setInputFiles(sheet('no-such-category'))
      await page.getByRole('button', { name: exact(S(edition, 'staff.import.check')) }).click()
      const errors = page.getByRole('table', { name: S(edition, 'staff.import.errors') })
      await errors.waitFor()
      expect(await errors.getByText('zh.category').count()).toBeGreaterThan(0)
      await s.shot('the import errors')
      await page.getByLabel(S(edition, 'staff.import.sheet')).setInputFiles(sheet(category))
      await page.getByRole('button', { name: exact(S(edition, 'staff.import.check')) }).click()
      await page.getByText(S(edition, 'staff.import.checked', { total: 1 })).waitFor()
      await page.getByRole('button', { name: exact(S(edition, 'staff.import.run')) }).click()
      await page.getByText(S(edition, 'staff.import.finished', { total: 1, created: 1, updated: 0 })).waitFor({ timeout: 30_000 })
      await s.shot('the import done')
    })

    await s.step('the editor signs out: the sign-in shows at once', async () => {
      await page.getByRole('button', { name: exact(S(edition, 'staff.signOut')) }).click()
      await page.getByRole('heading', { name: S(edition, 'staff.signIn.title') }).waitFor({ timeout: 10_000 })
      expect(await page.getByRole('navigation', { name: S(edition, 'staff.nav.label') }).count()).toBe(0)
    })

    await s.step("the admin's audit opens on the newest entry", async () => {
      await signInToConsole(page, `${siteUrl}/staff/audit?actor=${encodeURIComponent(editor.name)}`, admin, edition)
      await page.getByRole('heading', { level: 1, name: S(edition, 'staff.audit.title') }).waitFor()
      const entries = await auditOf(admin, { actor: editor.name }, 1)
      const ids = entries.map((entry) => Number(entry.id))
      expect(ids, 'newest first').toEqual([...ids].sort((a, b) => b - a))
      const rows = listRows(page)
      await rows.first().waitFor()
      // The last thing the editor did was the import; before it, publishing the report.
      expect(entries.find((entry) => entry.target === code)).toBeDefined()
      expect(await rows.first().innerText()).toContain(entries[0]!.target ?? '')
      await s.shot('the audit')
    })

    await s.step('the admin adds a sales member in the console, who signs in with what it showed once', async () => {
      const name = `e2e-added-${randomBytes(3).toString('hex')}`
      await consoleNav(page, edition, 'staff.nav.members').click()
      await page.getByRole('heading', { level: 1, name: S(edition, 'staff.accounts.title') }).waitFor()
      await page.getByRole('button', { name: exact(S(edition, 'staff.accounts.add')) }).click()
      const adding = page.getByRole('dialog', { name: S(edition, 'staff.accounts.add') })
      await fill(adding, S(edition, 'staff.accounts.name'), name)
      await field(adding, S(edition, 'staff.accounts.role')).selectOption('sales')
      await adding.getByRole('button', { name: exact(S(edition, 'staff.accounts.addSubmit')) }).click()
      const shown = page.getByRole('dialog', { name: S(edition, 'staff.accounts.credentialsTitle', { name }) })
      await shown.waitFor()
      const [password, secret] = await shown.locator('code.staff-secret').allInnerTexts()
      expect(password?.trim().length).toBeGreaterThanOrEqual(12)
      await s.shot('the new member’s sign-in details')
      await shown.getByRole('button', { name: exact(S(edition, 'staff.accounts.handedOver')) }).click()
      await page.getByRole('button', { name: exact(S(edition, 'staff.signOut')) }).click()
      await page.getByRole('heading', { name: S(edition, 'staff.signIn.title') }).waitFor({ timeout: 10_000 })
      await signInToConsole(page, `${siteUrl}/staff`, { name, password: password!.trim(), secret: secret!.replace(/\s+/g, '') }, edition)
      // Sales: the dashboard and the desk, not the staff accounts.
      expect(await consoleNav(page, edition, 'staff.nav.members').count()).toBe(0)
      await page.getByRole('button', { name: exact(S(edition, 'staff.signOut')) }).click()
      await page.getByRole('heading', { name: S(edition, 'staff.signIn.title') }).waitFor({ timeout: 10_000 })
    })
  })
})
