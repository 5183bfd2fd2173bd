// A VAT e-invoice for a company: a buyer pays for a report at the sandbox
// cashier, keeps a company title (抬头) in the personal centre (a wrong check
// digit in the 统一社会信用代码 is refused beside the field), and requests a
// 数电普票 on the order's page; a finance member issues it from the console's
// invoice queue through the invoice sandbox provider; the buyer downloads the
// PDF from the order page. Then finance refunds the order: the red-letter
// invoice is issued first, then the refund, and the audit says so in order.
import { describe, expect, it } from 'vitest'
import { newUser, registerInContext } from '../support/api.ts'
import { seriousViolations } from '../support/axe.ts'
import { DESKTOP, PHONE, useSession, type Edition } from '../support/browser.ts'
import { auditOf, download, onlyRow } from '../support/desk.ts'
import { buyReport } from '../support/purchase.ts'
import { alertDialog, exact, fieldError, fill, L, toast } from '../support/site.ts'
import { addStaffAccount, consoleNav, S, signInToConsole } from '../support/staff.ts'

const edition: Edition = 'zh-CN'
const COMPANY = '示例科技有限公司'
const USCC = '914403001922038216'

describe('a company invoice on a desktop', () => {
  const session = useSession('invoicing', DESKTOP, edition)

  it('the buyer requests a 数电普票; finance issues it; the buyer downloads it; a refund reverses it first', async () => {
    const s = session()
    const { page, context, siteUrl } = s
    const user = newUser('invoice')
    const accounts = Promise.all([addStaffAccount('finance'), addStaffAccount('admin')])
    await registerInContext(context, user)
    const order = await s.step('the buyer pays for a report at the sandbox cashier', () => buyReport(s, user))

    await s.step('the buyer keeps a company title; a wrong check digit is refused beside the field', async () => {
      await page.goto(s.url('/personalCenter/invoiceTitles'))
      await page.getByRole('button', { name: exact(L(edition, 'invoices.addTitle')) }).click()
      await fill(page, L(edition, 'invoices.field.companyName'), COMPANY)
      await fill(page, L(edition, 'invoices.field.uscc'), `${USCC.slice(0, 17)}7`)
      await page.getByRole('button', { name: exact(L(edition, 'common.save')) }).click()
      await fieldError(page, L(edition, 'invoices.field.uscc')).getByText(L(edition, 'invoices.error.uscc.check-digit')).waitFor()
      await s.shot('the wrong check digit refused')
      await fill(page, L(edition, 'invoices.field.uscc'), USCC)
      await page.getByRole('button', { name: exact(L(edition, 'common.save')) }).click()
      await toast(page, L(edition, 'invoices.saved')).waitFor()
      await page.locator('.invoice-title-card', { hasText: COMPANY }).getByText(USCC).waitFor()
      await s.shot('the title kept')
    })

    await s.step("the buyer requests a 数电普票 on the order's page", async () => {
      await page.goto(s.url('/personalCenter/moreOrders'))
      const row = page.locator('table.orders-table tbody tr', { hasText: order.orderNo })
      await row.getByRole('link', { name: exact(L(edition, 'orders.documents')) }).click()
      await page.getByRole('heading', { level: 1, name: L(edition, 'orderPage.heading') }).waitFor()
      const invoice = page.getByRole('region', { name: L(edition, 'documents.invoice') })
      await invoice.getByLabel(L(edition, 'documents.invoice.title')).selectOption({ label: `${COMPANY} · ${USCC}` })
      await invoice.getByRole('radio', { name: L(edition, 'documents.invoice.type.82') }).check()
      await invoice.getByRole('button', { name: exact(L(edition, 'documents.invoice.request')) }).click()
      await invoice.getByText(L(edition, 'documents.invoice.status.requested')).waitFor()
      await s.shot('the invoice requested')
    })

    const [finance, admin] = await accounts
    const desk = await context.newPage()
    await s.step("a finance member issues it from the console's invoice queue, through the sandbox provider", async () => {
      await signInToConsole(desk, `${siteUrl}/staff`, finance, edition)
      await consoleNav(desk, edition, 'staff.nav.invoices').click()
      await desk.getByRole('heading', { level: 1, name: S(edition, 'staff.invoices.heading') }).waitFor()
      const row = desk.locator('table.staff-table tbody tr', { hasText: order.orderNo })
      await row.getByText(COMPANY).waitFor()
      await row.getByRole('button', { name: exact(S(edition, 'staff.invoices.issue')) }).click()
      const confirm = alertDialog(desk, S(edition, 'staff.invoices.confirm.issue'))
      await confirm.getByRole('button', { name: exact(S(edition, 'staff.invoices.issue')) }).click()
      await toast(desk, S(edition, 'staff.invoices.done.issue')).waitFor()
      await desk.getByLabel(S(edition, 'staff.list.status')).selectOption({ label: S(edition, 'staff.invoices.status.issued') })
      const issued = await onlyRow(desk, order.orderNo).catch(() => desk.locator('table.staff-table tbody tr', { hasText: order.orderNo }))
      await issued.getByText(S(edition, 'staff.invoices.status.issued')).waitFor()
      await s.shot('the invoice issued', desk)
    })

    await s.step('the buyer downloads the PDF from the order page', async () => {
      await page.reload()
      const invoice = page.getByRole('region', { name: L(edition, 'documents.invoice') })
      await invoice.getByText(L(edition, 'documents.invoice.status.issued')).waitFor()
      const number = (await invoice.locator('dd.num').last().textContent())?.trim() ?? ''
      expect(number).toMatch(/^[0-9]{20}$/)
      const file = await download(page, invoice.getByRole('link', { name: L(edition, 'documents.invoice.download') }))
      expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-')
      expect(file.name).toContain(number)
      await s.shot('the invoice issued, on the order page')
    })

    await s.step('finance refunds the order: the red-letter invoice first, then the refund', async () => {
      await desk.goto(`${siteUrl}/staff/orders/${order.orderNo}`)
      await fill(desk, S(edition, 'staff.orders.refundReason'), '客户申请退款')
      await desk.getByRole('button', { name: exact(S(edition, 'staff.orders.refund')) }).click()
      const confirm = alertDialog(desk, S(edition, 'staff.orders.confirm.refund'))
      await confirm.getByRole('button', { name: exact(S(edition, 'staff.orders.refund')) }).click()
      await toast(desk, S(edition, 'staff.orders.done.refund')).waitFor()
      await consoleNav(desk, edition, 'staff.nav.invoices').click()
      await desk.getByLabel(S(edition, 'staff.list.status')).selectOption({ label: S(edition, 'staff.invoices.status.reversed') })
      const row = desk.locator('table.staff-table tbody tr', { hasText: order.orderNo })
      await row.getByText(S(edition, 'staff.invoices.red'), { exact: false }).waitFor()
      await s.shot('the invoice reversed, the order refunded', desk)
      const actions = (await auditOf(admin, { target: order.orderNo })).map((entry) => entry.action).reverse()
      expect(actions).toEqual(['invoice.issue', 'invoice.reverse', 'order.refund'])
      await page.reload()
      await page
        .getByRole('region', { name: L(edition, 'documents.invoice') })
        .getByText(L(edition, 'documents.invoice.status.reversed'))
        .waitFor()
    })
  })
})

describe('invoice details on a phone (390 px)', () => {
  const session = useSession('invoicing-phone', PHONE, 'en-US')

  it("the English edition's book and form fit the screen, axe-clean", async () => {
    const s = session()
    const { page, context } = s
    const user = newUser('invoice-phone')
    await registerInContext(context, user)
    const fits = async () => {
      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        window: document.documentElement.clientWidth,
      }))
      expect(width.scroll).toBeLessThanOrEqual(width.window)
      expect(await seriousViolations(page, page.url())).toEqual([])
    }
    await s.step('the empty book, then the form', async () => {
      await page.goto(s.url('/personalCenter/invoiceTitles'))
      await page.getByText(L('en-US', 'invoices.empty')).waitFor()
      await fits()
      await page.getByRole('button', { name: exact(L('en-US', 'invoices.addTitle')) }).click()
      await fill(page, L('en-US', 'invoices.field.companyName'), 'Acme Analytics Limited')
      await page.getByRole('button', { name: exact(L('en-US', 'common.save')) }).click()
      await fieldError(page, L('en-US', 'invoices.field.address')).getByText(L('en-US', 'invoices.error.address')).waitFor()
      await fits()
      await s.shot('the form at 390 px')
    })
    await s.step('a title kept', async () => {
      await fill(page, L('en-US', 'invoices.field.address'), '1 King Street, London EC2V 8AU, United Kingdom')
      await fill(page, L('en-US', 'invoices.field.vatNo'), 'GB 123 4567 89')
      await page.getByRole('button', { name: exact(L('en-US', 'common.save')) }).click()
      await page.locator('.invoice-title-card', { hasText: 'Acme Analytics Limited' }).getByText('GB 123 4567 89').waitFor()
      await fits()
      await s.shot('the book at 390 px')
    })
  })
})
