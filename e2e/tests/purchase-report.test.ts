// Journey 5: a logged-in user buys a research report with Alipay: chooses
// edition and licence, confirms the delivery e-mail twice (a mismatch shows
// the message), pays at the sandbox cashier, lands on pay back, sees the
// order paid and finds the delivery mail in the outbox (whose signed link
// serves the report stamped for the order).
//
// Both editions (RMB and USD prices), on a desktop (Alipay page pay, zfb)
// and on a phone (Alipay wap pay, zfb_h5); both open the cashier in a new
// window.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { newUser, registerInContext } from '../support/api.ts'
import { DESKTOP, PHONE, useSession, type Edition } from '../support/browser.ts'
import { waitForMail } from '../support/mail.ts'
import { apiAnswer, dialog, exact, fieldError, fill, L } from '../support/site.ts'
import { expectStampedCopy } from '../support/stamped.ts'

/** A report of the fixtures that comes with a file (delivered by a signed link). */
const REPORT = { webTitle: 'smart-home-china-market-2026', reportCode: 'HZ26CO1037' }
const EDITIONS: Edition[] = ['zh-CN', 'en-US']

describe.each([DESKTOP, PHONE])('journey 5: buying a research report with Alipay on $name', (device) => {
  describe.each(EDITIONS)('%s edition', (edition) => {
    const session = useSession('05-buy-report-alipay', device, edition)

    it('chooses edition and licence, confirms the e-mail, pays at the cashier and gets the delivery mail', async () => {
      const s = session()
      const { page, context } = s
      const user = newUser(`al${device.name[0]}${edition === 'zh-CN' ? 'zh' : 'en'}`)
      await registerInContext(context, user)
      // The report goes to another address than the account's: the confirmed one must win.
      const deliveryEmail = `delivery.${randomBytes(4).toString('hex')}@example.com`

      const title = await s.step('open the report', async () => {
        await page.goto(s.url(`/reports/${REPORT.webTitle}`))
        const heading = page.getByRole('heading', { level: 1 })
        await heading.waitFor()
        await page.getByRole('table').first().waitFor()
        return ((await heading.textContent()) ?? '').trim()
      })

      const selectedPrice = await s.step('choose the Standard edition, multi-user licence', async () => {
        // The Standard edition: the Professional one adds a paper copy, whose address step paper-copy.test.ts drives.
        const editionLabel = L(edition, 'reports.edition.standard')
        const licenceLabel = L(edition, 'reports.licence.multi')
        const option = page.getByRole('radio', { name: new RegExp(`^${editionLabel}, ${licenceLabel}, `) })
        await option.check()
        const selected = page.locator('.buy-selected')
        await selected.getByText(L(edition, 'reports.selected', { edition: editionLabel, licence: licenceLabel })).waitFor()
        const shown = ((await selected.locator('.price').textContent()) ?? '').trim()
        const fromRadio = ((await option.getAttribute('aria-label')) ?? '').split(', ').pop()
        expect(shown).toBe(fromRadio)
        return shown
      })

      const emailModal = dialog(page, L(edition, 'research.emailTitle'))
      const order = await s.step('buy online: the order is created at the server price', async () => {
        const { body } = await apiAnswer<{ id: string; orderNo: string; edition: string; licence: string; payPrice: number }>(
          page,
          '/report/websiteUserResearchOrder/save',
          () => page.getByRole('button', { name: exact(L(edition, 'pay.buyOnline')) }).click(),
        )
        expect(body.code, JSON.stringify(body)).toBe(200)
        expect(body.data.edition).toBe('standard')
        expect(body.data.licence).toBe('multi')
        await emailModal.waitFor()
        await emailModal.getByText(title).waitFor()
        await emailModal.getByText(body.data.orderNo, { exact: false }).waitFor()
        expect(((await emailModal.locator('.num').last().textContent()) ?? '').trim()).toBe(selectedPrice)
        return body.data
      })

      await s.step('confirm the e-mail twice: a mismatch shows the message', async () => {
        await fill(emailModal, L(edition, 'research.email'), deliveryEmail)
        await fill(emailModal, L(edition, 'research.confirmEmail'), `other.${deliveryEmail}`)
        await emailModal.getByRole('button', { name: exact(L(edition, 'research.continue')) }).click()
        await fieldError(emailModal, L(edition, 'research.confirmEmail')).getByText(L(edition, 'validation.emailMismatch')).waitFor()
        await fill(emailModal, L(edition, 'research.confirmEmail'), deliveryEmail)
        const { body } = await apiAnswer(page, '/report/websiteUserResearchOrder/updateEmail', () =>
          emailModal.getByRole('button', { name: exact(L(edition, 'research.continue')) }).click(),
        )
        expect(body.code, JSON.stringify(body)).toBe(200)
      })

      const payModal = dialog(page, L(edition, 'pay.title'))
      const cashier = await s.step('pay with Alipay: the cashier opens in a new window', async () => {
        await payModal.waitFor()
        await payModal.getByText(selectedPrice).waitFor()
        await payModal.getByRole('radio', { name: L(edition, 'pay.alipay') }).check()
        const [popup, answer] = await Promise.all([
          context.waitForEvent('page'),
          apiAnswer<{ payMethod: string; orderPayUrl: string; orderNo: string }>(page, '/report/websiteUserResearchOrder/payOrder', () =>
            payModal.getByRole('button', { name: exact(L(edition, 'pay.submit')) }).click(),
          ),
        ])
        expect(answer.body.code, JSON.stringify(answer.body)).toBe(200)
        // Phones pay with the h5 (wap) method.
        expect(answer.body.data.payMethod).toBe(device.name === 'phone' ? 'zfb_h5' : 'zfb')
        expect(answer.body.data.orderNo).toBe(order.orderNo)
        await popup.waitForLoadState('domcontentloaded')
        expect(popup.url().startsWith(`${inject('sandboxUrl')}/alipay/`), popup.url()).toBe(true)
        await payModal.getByText(L(edition, 'pay.opened')).waitFor()
        return popup
      })

      await s.step('pay at the sandbox cashier and land on pay back', async () => {
        expect(await cashier.title()).toContain('沙箱')
        await cashier.getByText(order.orderNo).waitFor()
        await Promise.all([
          cashier.waitForURL((url) => url.pathname === `${edition === 'en-US' ? '/en' : ''}/personalCenter/payBack`),
          cashier.getByRole('button', { name: /模拟支付成功/ }).click(),
        ])
        await cashier.getByRole('heading', { level: 1, name: L(edition, 'payBack.heading') }).waitFor()
        await cashier.getByRole('status').getByText(L(edition, 'payBack.paid')).waitFor({ timeout: 20_000 })
        await cashier.getByText(L(edition, 'payBack.orderNo', { orderNo: order.orderNo })).waitFor()
        await s.shot('pay back after Alipay', cashier)
      })

      await s.step('the first window also sees the order paid', async () => {
        await payModal.getByRole('button', { name: exact(L(edition, 'pay.done')) }).click()
        await page.waitForURL(
          (url) =>
            url.pathname === `${edition === 'en-US' ? '/en' : ''}/personalCenter/payBack` &&
            url.searchParams.get('orderNo') === order.orderNo,
        )
        await page.getByRole('status').getByText(L(edition, 'payBack.paid')).waitFor()
        await page.getByRole('link', { name: exact(L(edition, 'pay.viewOrders')) }).click()
        const row = page.locator('table.orders-table tbody tr', { hasText: order.orderNo })
        await row.waitFor()
        await row.getByText(L(edition, 'orders.status.1'), { exact: true }).waitFor()
        await row.getByText(L(edition, 'orders.payMethod.zfb'), { exact: true }).waitFor()
        expect(((await row.locator('td.amount').textContent()) ?? '').trim()).toBe(selectedPrice)
      })

      await s.step('the delivery mail is in the outbox with a working link', async () => {
        const mail = await waitForMail(deliveryEmail, (m) => m.subject.includes(order.orderNo))
        expect(mail.text).toContain(title)
        // The signed link goes through the site (the BFF proxies /api/download/{token}).
        const link = mail.links.find((l) => l.startsWith(`${inject('siteUrl')}/`) && /\/download\/[^/]+$/.test(new URL(l).pathname))
        expect(link, mail.text).toBeDefined()
        const response = await context.request.get(link as string)
        expect(response.status()).toBe(200)
        const bytes = await response.body()
        const stored = await readFile(path.join(inject('dataDir'), 'files', 'reports', `${REPORT.reportCode}.${edition}.pdf`))
        expectStampedCopy(bytes, stored)
        // Nothing went to the account's own address.
        const toAccount = await waitForMail(user.email, (m) => m.subject.includes(order.orderNo), 1).catch(() => undefined)
        expect(toAccount).toBeUndefined()
      })
    })
  })
})
