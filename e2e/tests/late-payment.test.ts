// Journey 10: a payment that arrives after the order was cancelled goes back.
// The buyer starts an Alipay payment for a bulletin but leaves the cashier
// link unopened, cancels the order in My Orders (its trade is closed at the
// gateway, which holds none yet: Alipay creates a page-pay trade when the
// cashier opens), then opens the old link and pays anyway. The order stays
// cancelled, the money is refunded through the sandbox gateway, the pay-back
// page and My Orders say so, and the buyer gets a mail saying so and why.
import { expect, inject, it, describe } from 'vitest'
import { coreGet, newUser, registerInContext } from '../support/api.ts'
import { DESKTOP, useSession } from '../support/browser.ts'
import { waitForMail } from '../support/mail.ts'
import { apiAnswer, dialog, escapeRegExp, exact, L } from '../support/site.ts'

/** A Chinese bulletin of the fixtures that comes with a file. */
const BULLETIN = 'hydrogen-brief-2026-11-18'

/** A message of the catalogue with its amount, whatever the amount. */
const withAnyAmount = (text: string) => new RegExp(escapeRegExp(text).replace('AMOUNT', '.+'))

interface Readiness {
  jobs: Record<string, { queued: number; active: number; failed: number }>
}

describe('journey 10: a payment after cancelling', () => {
  const edition = 'zh-CN' as const
  const session = useSession('10-late-payment-refund', DESKTOP, edition)

  it('is refunded, and the buyer is told why', async () => {
    const s = session()
    const { page, context } = s
    const user = newUser('late')
    await registerInContext(context, user)

    const order = await s.step('start an Alipay payment, leaving the cashier unopened', async () => {
      await page.goto(s.url(`/bulletin/bulletin-detail/${BULLETIN}`))
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.getByRole('button', { name: exact(L(edition, 'pay.buyBulletin')) }).click()
      const payModal = dialog(page, L(edition, 'pay.title'))
      await payModal.waitFor()
      await payModal.getByRole('radio', { name: L(edition, 'pay.alipay') }).check()
      // The new window the site opens never reaches the cashier: the link is kept for later.
      await context.route(`${inject('sandboxUrl')}/alipay/**`, (route) => route.abort())
      const [popup, { body }] = await Promise.all([
        context.waitForEvent('page'),
        apiAnswer<{ payMethod: string; orderPayUrl: string; orderNo: string }>(page, '/report/websiteUserOrder/payOrder', () =>
          payModal.getByRole('button', { name: exact(L(edition, 'pay.submit')) }).click(),
        ),
      ])
      expect(body.code, JSON.stringify(body)).toBe(200)
      expect(body.data.payMethod).toBe('zfb')
      await popup.close()
      await context.unroute(`${inject('sandboxUrl')}/alipay/**`)
      return body.data
    })

    await s.step('cancel the order in My Orders', async () => {
      await page.goto(s.url('/personalCenter/moreOrders?kind=brief'))
      const row = page.locator('table.orders-table tbody tr', { hasText: order.orderNo })
      await row.getByText(L(edition, 'orders.status.0'), { exact: true }).waitFor()
      await row.getByRole('button', { name: exact(L(edition, 'orders.cancel')) }).click()
      const confirm = page.getByRole('alertdialog', { name: L(edition, 'orders.cancelTitle') })
      await confirm.waitFor()
      await confirm.getByRole('button', { name: exact(L(edition, 'orders.cancelConfirm')) }).click()
      await row.getByText(L(edition, 'orders.status.2'), { exact: true }).waitFor()
      await s.shot('order cancelled')
    })

    await s.step("the order's close has reached the gateway", async () => {
      // The core API's readiness reports the job queue: the close is done when none is waiting or running.
      const deadline = Date.now() + 20_000
      for (;;) {
        const ready = await coreGet<Readiness>('/health/ready')
        const closes = ready.data.jobs['payments.close']
        if (closes && closes.queued === 0 && closes.active === 0) break
        if (Date.now() > deadline) throw new Error(`the close did not finish: ${JSON.stringify(closes)}`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    })

    await s.step('open the old cashier link and pay anyway', async () => {
      const cashier = await context.newPage()
      await cashier.goto(order.orderPayUrl)
      expect(await cashier.title()).toContain('沙箱')
      await cashier.getByText(order.orderNo).waitFor()
      await Promise.all([cashier.waitForURL(/\/personalCenter\/payBack/), cashier.getByRole('button', { name: /模拟支付成功/ }).click()])
      // The site does not count the order as paid: it says the money goes back, then that it is back.
      await cashier
        .getByRole('status')
        .getByText(withAnyAmount(L(edition, 'payBack.refunded', { amount: 'AMOUNT' })))
        .waitFor({ timeout: 20_000 })
      await s.shot('pay back after paying a cancelled order', cashier)
      await cashier.close()
    })

    await s.step('the money goes back and the buyer is mailed why', async () => {
      const mail = await waitForMail(user.email, (m) => m.subject.includes(order.orderNo) && m.subject.includes('退回'))
      expect(mail.text).toContain('已经取消或过期')
      expect(mail.text).toContain('已全额退回')
      await page.goto(s.url('/personalCenter/moreOrders?kind=brief'))
      const row = page.locator('table.orders-table tbody tr', { hasText: order.orderNo })
      await row.getByText(withAnyAmount(L(edition, 'orders.refund.refunded', { amount: 'AMOUNT' }))).waitFor()
    })
  })
})
