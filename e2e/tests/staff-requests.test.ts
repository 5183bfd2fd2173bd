// The requests inbox: a visitor sends a custom-research request
// whose company name reads as a spreadsheet formula; a sales member signs in
// at /staff with the authenticator's code, finds it (newest first, then by a
// keyword), reads what the visitor sent, takes it, notes it and moves it
// new → contacted → quoted, which the page and the list still show after a
// reload. The filtered list's CSV and Excel exports, downloaded with the
// staff session, hold the request with the company name escaped; the audit
// log names the sales member for each change and export.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DESKTOP, useSession, type Edition } from '../support/browser.ts'
import { auditOf, csvRecords, download, listRows, onlyRow, xlsxRecords, type SheetRow } from '../support/desk.ts'
import { apiAnswer, exact, field, fill, L, toast } from '../support/site.ts'
import { addStaffAccount, consoleNav, S, signInToConsole } from '../support/staff.ts'

const edition: Edition = 'zh-CN'

describe('the requests inbox on a desktop', () => {
  const session = useSession('staff-requests', DESKTOP, edition)

  it('a sales member works a request through its statuses and exports it', async () => {
    const s = session()
    const { page, siteUrl } = s
    const marker = `desk${Date.now().toString(36)}${randomBytes(2).toString('hex')}`
    // A company name a spreadsheet would run as a formula if the export wrote it as it came.
    const company = `=HYPERLINK("http://example.com/${marker}","${marker}")`
    const visitor = { email: `visitor.${marker}@example.com`, name: '张伟', phone: '13812345678', demand: `储能电池回收市场规模 ${marker}` }
    // Made while the visitor types: each is a run of the staff command.
    const accounts = Promise.all([addStaffAccount('sales'), addStaffAccount('admin')])

    const requestId = await s.step('a visitor sends a custom-research request', async () => {
      await page.goto(s.url('/market'))
      await page.getByRole('heading', { level: 2, name: L(edition, 'market.formTitle') }).waitFor()
      const form = page.locator('section.market-form form')
      await fill(form, L(edition, 'form.companyName'), company)
      await fill(form, L(edition, 'form.email'), visitor.email)
      await fill(form, L(edition, 'form.contact'), visitor.phone)
      await fill(form, L(edition, 'form.name'), visitor.name)
      await fill(form, L(edition, 'form.demand'), visitor.demand)
      const { body } = await apiAnswer<{ id: string }>(page, '/basedata/customerInfo/save', () =>
        form.getByRole('button', { name: exact(L(edition, 'common.submit')) }).click(),
      )
      expect(body.code, JSON.stringify(body)).toBe(200)
      await form
        .getByRole('status')
        .filter({ hasText: L(edition, 'modal.custom.success') })
        .waitFor()
      return body.data.id
    })

    const [sales, admin] = await accounts
    const pageTitle = S(edition, 'staff.requests.pageTitle', { id: requestId, company })
    const statusBadge = (status: string) => exact(S(edition, `staff.requests.status.${status}`))

    await s.step('a sales member signs in and opens the requests: the newest first', async () => {
      await signInToConsole(page, `${siteUrl}/staff`, sales, edition)
      await consoleNav(page, edition, 'staff.nav.requests').click()
      await page.getByRole('heading', { level: 1, name: S(edition, 'staff.requests.title') }).waitFor()
      const first = listRows(page).first()
      await first.getByRole('link', { name: company }).waitFor()
      await first.getByText(statusBadge('new')).waitFor()
      await first.getByText(S(edition, 'staff.requests.assignee.none')).waitFor()
    })

    await s.step('the keyword filter finds it alone', async () => {
      await fill(page, S(edition, 'staff.requests.q'), marker)
      await page.getByRole('button', { name: exact(S(edition, 'staff.list.search')) }).click()
      await page.waitForURL((url) => url.searchParams.get('q') === marker)
      await onlyRow(page, visitor.email)
    })

    await s.step('its page shows what the visitor sent', async () => {
      await listRows(page).first().getByRole('link', { name: company }).click()
      await page.getByRole('heading', { level: 1, name: pageTitle }).waitFor()
      expect(new URL(page.url()).pathname).toBe(`/staff/requests/${requestId}`)
      const sent = page.getByRole('region', { name: S(edition, 'staff.requests.sentTitle') })
      for (const [label, value] of [
        ['company', company],
        ['name', visitor.name],
        ['phone', visitor.phone],
        ['email', visitor.email],
      ] as const) {
        const fact = sent.locator('.staff-facts > div', {
          has: page.getByText(S(edition, `staff.requests.field.${label}`), { exact: true }),
        })
        expect(((await fact.locator('dd').textContent()) ?? '').trim(), label).toBe(value)
      }
      await sent.getByText(visitor.demand, { exact: true }).waitFor()
    })

    const workflow = page.locator('form', { has: page.getByRole('heading', { name: S(edition, 'staff.requests.workflowTitle') }) })
    const savedOnServer = () =>
      page.waitForResponse((r) => new URL(r.url()).pathname === `/staff-api/requests/${requestId}` && r.request().method() === 'PUT')

    await s.step('the sales member takes it', async () => {
      const answer = savedOnServer()
      await workflow.getByRole('button', { name: exact(S(edition, 'staff.requests.assignMe')) }).click()
      expect((await answer).status()).toBe(200)
      await workflow.getByRole('button', { name: exact(S(edition, 'staff.requests.unassign')) }).waitFor()
      await workflow.getByText(`${S(edition, 'staff.requests.assignee')}: ${sales.name}`).waitFor()
    })

    const note = `已电话联系，客户需要 2027 年数据 ${marker}`
    await s.step('an internal note', async () => {
      const notes = page.getByRole('region', { name: S(edition, 'staff.requests.notesTitle') })
      await fill(notes, S(edition, 'staff.requests.addNote'), note)
      await notes.getByRole('button', { name: exact(S(edition, 'staff.requests.addNoteSubmit')) }).click()
      await notes.getByText(note, { exact: true }).waitFor()
      await notes.getByText(new RegExp(`^${sales.name} · `)).waitFor()
    })

    for (const status of ['contacted', 'quoted'] as const) {
      await s.step(`moved to ${status}`, async () => {
        await field(workflow, S(edition, 'staff.list.status')).selectOption(status)
        const answer = savedOnServer()
        await workflow.getByRole('button', { name: exact(S(edition, 'staff.requests.saveStatus')) }).click()
        const response = await answer
        expect(response.status(), await response.text()).toBe(200)
        await toast(page, S(edition, 'staff.requests.saved')).first().waitFor()
        await page
          .getByRole('region', { name: S(edition, 'staff.requests.historyTitle') })
          .getByText(new RegExp(`${sales.name} · ${S(edition, `staff.requests.status.${status}`)} · ${sales.name}$`))
          .waitFor()
      })
    }

    await s.step('after a reload the page shows quoted, the assignee and the note', async () => {
      await page.reload()
      await page.getByRole('heading', { level: 1, name: pageTitle }).waitFor()
      expect(await field(workflow, S(edition, 'staff.list.status')).inputValue()).toBe('quoted')
      await workflow.getByText(`${S(edition, 'staff.requests.assignee')}: ${sales.name}`).waitFor()
      await page
        .getByRole('region', { name: S(edition, 'staff.requests.notesTitle') })
        .getByText(note, { exact: true })
        .waitFor()
    })

    await s.step('the filtered list shows quoted and the assignee after a reload', async () => {
      await page.getByRole('link', { name: exact(S(edition, 'staff.requests.back')) }).click()
      await page.getByRole('heading', { level: 1, name: S(edition, 'staff.requests.title') }).waitFor()
      await fill(page, S(edition, 'staff.requests.q'), marker)
      await page.getByRole('button', { name: exact(S(edition, 'staff.list.search')) }).click()
      await page.waitForURL((url) => url.searchParams.get('q') === marker)
      await page.reload()
      const row = await onlyRow(page, visitor.email)
      await row.getByText(statusBadge('quoted')).waitFor()
      await row.getByText(sales.name, { exact: true }).waitFor()
    })

    const expectEscaped = (records: SheetRow[], format: string) => {
      // The console is in Chinese, so the export's headers are too.
      const found = records.filter((r) => r['邮箱']?.text === visitor.email)
      expect(found, `${format}: the request's row`).toHaveLength(1)
      const row = found[0]!
      expect(records, `${format}: only what the filter selects`).toHaveLength(1)
      expect(row['编号']?.text).toBe(requestId)
      // Escaped against formula injection: a leading single quote, the text kept whole, never a formula.
      expect(row['公司']).toEqual({ text: `'${company}`, formula: false })
      // The status in the export's language, as the console words it.
      expect(row['状态']?.text).toBe(S(edition, 'staff.requests.status.quoted'))
      expect(row['负责人']?.text).toBe(sales.name)
      expect(row['需求']?.text).toBe(visitor.demand)
    }

    await s.step('the filtered list exported as CSV holds it, the company escaped', async () => {
      const file = await download(page, page.getByRole('link', { name: exact(S(edition, 'staff.requests.exportCsv')) }))
      expect(file.name).toMatch(/\.csv$/)
      expectEscaped(csvRecords(file.bytes), 'CSV')
    })

    await s.step('and as Excel', async () => {
      const file = await download(page, page.getByRole('link', { name: exact(S(edition, 'staff.requests.exportXlsx')) }))
      expect(file.name).toMatch(/\.xlsx$/)
      expectEscaped(await xlsxRecords(file.bytes), 'XLSX')
    })

    await s.step('the audit log names the sales member for each change and export', async () => {
      const entries = await auditOf(admin, { actor: sales.name })
      const of = (action: string) => entries.filter((e) => e.action === action)
      expect(of('request.update').filter((e) => e.target === requestId)).toHaveLength(3)
      expect(of('request.note').filter((e) => e.target === requestId)).toHaveLength(1)
      const exports = of('request.export')
      expect(exports).toHaveLength(2)
      for (const entry of exports) expect(entry.after).toMatchObject({ q: marker })
    })
  })
})
