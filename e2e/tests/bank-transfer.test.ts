// Paying as a company pays: a company buyer orders a report and chooses bank
// transfer; the modal shows the publisher's account, the amount and the
// reference, and the proforma (a real PDF through the BFF) shows that
// reference. A finance member (console in English) imports the bank's
// statement holding that line and one unknown line: the preview lists the
// match to confirm and the unknown line apart; once confirmed, the order is
// paid and delivered as any paid order (the buyer's downloads list it, the
// delivery mail arrives), and the audit log names the finance member.
import { describe, expect, it } from 'vitest'
import { newUser, registerInContext } from '../support/api.ts'
import { DESKTOP, useSession, type Edition } from '../support/browser.ts'
import { auditOf } from '../support/desk.ts'
import { waitForMail } from '../support/mail.ts'
import { orderStandardEdition, REPORT_SLUG } from '../support/purchase.ts'
import { pdfPageTexts } from '../support/stamped.ts'
import { dialog, exact, L } from '../support/site.ts'
import { addStaffAccount, consoleNav, S, signInToConsole } from '../support/staff.ts'

const edition: Edition = 'zh-CN'
const desk: Edition = 'en-US'
const UNKNOWN = 'RPTZZZZ2345'

describe('a company pays a report by bank transfer', () => {
  const session = useSession('bank-transfer', DESKTOP, edition)

  it('the proforma shows the reference; a statement with that line pays and delivers the order; an unknown line is listed', async () => {
    const s = session()
    const { page, context, siteUrl } = s
    const user = newUser('bank')
    const accounts = Promise.all([addStaffAccount('finance'), addStaffAccount('admin')])
    await registerInContext(context, user)

    const { orderNo, title, reference, amount, proformaUrl } = await s.step(
      'the buyer orders a report and chooses bank transfer',
      async () => {
        await page.goto(s.url(`/reports/${REPORT_SLUG}`))
        const heading = page.getByRole('heading', { level: 1 })
        await heading.waitFor()
        const title = ((await heading.textContent()) ?? '').trim()
        const orderNo = await orderStandardEdition(page, edition, user.email)
        const payModal = dialog(page, L(edition, 'pay.title'))
        await payModal.waitFor()
        await payModal.getByRole('radio', { name: new RegExp(L(edition, 'pay.bank').replace(/[()（）]/g, '.')) }).check()
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/report/websiteUserResearchOrder/payOrder')
        await payModal.getByRole('button', { name: exact(L(edition, 'pay.submit')) }).click()
        const body = (await (await answered).json()) as { code: number; data: { transfer: { reference: string; amount: number } } }
        expect(body.code, JSON.stringify(body)).toBe(200)
        const transfer = dialog(page, L(edition, 'pay.bank'))
        await transfer.waitFor()
        const reference = ((await transfer.getByTestId('transfer-reference').textContent()) ?? '').trim()
        expect(reference).toBe(body.data.transfer.reference)
        await transfer.getByText('北京恒智研究咨询有限公司').waitFor()
        const link = transfer.getByRole('link', { name: L(edition, 'transfer.proforma') })
        const proformaUrl = (await link.getAttribute('href')) ?? ''
        await s.shot('the transfer details')
        return { orderNo, title, reference, amount: body.data.transfer.amount, proformaUrl }
      },
    )

    await s.step('the proforma is a PDF that shows the reference', async () => {
      const response = await context.request.get(new URL(proformaUrl, siteUrl).toString())
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('application/pdf')
      const pdf = await response.body()
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
      // Read as a PDF reader reads it (pdf.js): server-kit's small pdfText misreads some fonts' maps.
      const text = (await pdfPageTexts(pdf)).join('\n')
      expect(text).toContain(reference)
      expect(text).toContain(orderNo)
      expect(text).toContain(user.companyName)
    })

    const [finance, admin] = await accounts
    const deskPage = await context.newPage()
    await s.step('finance imports the statement: the match to confirm, the unknown line listed', async () => {
      await signInToConsole(deskPage, `${siteUrl}/en/staff`, finance, desk)
      await consoleNav(deskPage, desk, 'staff.nav.transfers').click()
      await deskPage.getByRole('heading', { level: 1, name: S(desk, 'staff.transfers.title') }).waitFor()
      await deskPage
        .getByRole('table', { name: S(desk, 'staff.transfers.title') })
        .getByText(reference)
        .waitFor()
      const statement = [
        '交易日期,交易流水号,对方户名,贷方金额,摘要',
        `2026-12-02,E2E${Date.now()},${user.companyName},${amount.toFixed(2)},货款 ${reference.toLowerCase()}`,
        `2026-12-02,E2E${Date.now()}X,某某有限公司,5000.00,服务费 ${UNKNOWN}`,
      ].join('\n')
      await deskPage
        .getByLabel(S(desk, 'staff.transfers.statementFile'))
        .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) })
      await deskPage.getByRole('button', { name: exact(S(desk, 'staff.transfers.read')) }).click()
      await deskPage.getByText(S(desk, 'staff.transfers.previewCount', { lines: 2, matches: 1, others: 1 })).waitFor()
      const matches = deskPage.getByRole('table', { name: S(desk, 'staff.transfers.matches') })
      await matches.getByText(orderNo).waitFor()
      const others = deskPage.getByRole('table', { name: S(desk, 'staff.transfers.others') })
      const unknown = others.locator('tr', { hasText: UNKNOWN })
      await unknown.getByText(S(desk, 'staff.transfers.issue.unknown-reference')).waitFor()
      await s.shot('the statement previewed', deskPage)
      // The button's words count the ticked matches (an ICU plural, which S() does not format).
      await deskPage.getByRole('button', { name: exact('Confirm 1 match and pay') }).click()
      await deskPage.getByText(S(desk, 'staff.transfers.applied', { applied: 1, skipped: 0 })).waitFor()
      await s.shot('the match confirmed', deskPage)
    })

    await s.step('the console’s bank transfers fit a 390 px phone, the preview kept', async () => {
      await deskPage.setViewportSize({ width: 390, height: 844 })
      await deskPage.getByRole('table', { name: S(desk, 'staff.transfers.others') }).waitFor()
      const { scroll, window } = await deskPage.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        window: document.documentElement.clientWidth,
      }))
      expect(scroll).toBeLessThanOrEqual(window)
      await s.shot('the bank transfers on a phone', deskPage)
    })

    await s.step('the order is paid and delivered: the downloads list it, the delivery mail arrives', async () => {
      await page.goto(s.url('/personalCenter/myDownload'))
      const row = page.locator('li.download-row', { hasText: orderNo })
      await row.waitFor()
      expect(((await row.locator('.download-title').textContent()) ?? '').trim()).toBe(title)
      await s.shot('the downloads')
      const mail = await waitForMail(user.email, (m) => m.subject.includes(orderNo) || m.text.includes(orderNo))
      expect(mail.text).toContain(title)
    })

    await s.step('the audit log names the finance member', async () => {
      const entries = await auditOf(admin, { target: orderNo })
      expect(entries.map((entry) => [entry.action, entry.actor])).toContainEqual(['transfer.receive', finance.name])
    })
  })
})
