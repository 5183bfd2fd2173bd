// A refund from the staff desk: a buyer pays for a research
// report at the sandbox cashier; a finance member signs in at /en/staff with
// the authenticator's code, finds the order by its number, reads its line,
// buyer and payment events, and refunds it with a reason after confirming.
// The order page says refunded, the buyer's own order list says the money
// is back, the buyer gets the refund mail once (and only once), and the
// audit log names the finance member.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newUser, registerInContext } from '../support/api.ts'
import { DESKTOP, useSession, type Edition } from '../support/browser.ts'
import { auditOf, onlyRow } from '../support/desk.ts'
import { readOutbox, waitForMail, type Mail } from '../support/mail.ts'
import { buyReport } from '../support/purchase.ts'
import { alertDialog, exact, field, fill, L, toast } from '../support/site.ts'
import { addStaffAccount, consoleNav, S, signInToConsole } from '../support/staff.ts'

const edition: Edition = 'en-US'
/** How long the journey watches the outbox after the refund mail for a second one. */
const SECOND_MAIL_WINDOW_MS = 3_000

describe('a refund from the staff desk on a desktop', () => {
  const session = useSession('staff-refund', DESKTOP, edition)

  it('a finance member refunds a paid order; the buyer sees it and is mailed once', async () => {
    const s = session()
    const { page, context, siteUrl } = s
    const user = newUser('refund')
    const reason = `Duplicate purchase, refunded on request ${randomBytes(3).toString('hex')}`
    // Made while the buyer pays: each is a run of the staff command.
    const accounts = Promise.all([addStaffAccount('finance'), addStaffAccount('admin')])
    await registerInContext(context, user)

    const order = await s.step('the buyer pays for a report at the sandbox cashier', () => buyReport(s, user))

    const [finance, admin] = await accounts
    // The console in a window of its own; the buyer's stays where it is.
    const desk = await context.newPage()
    const orderBadge = (state: string) =>
      desk.locator('.staff-meta .staff-badge').getByText(exact(S(edition, `staff.orders.state.${state}`)))

    await s.step('a finance member signs in and finds the order by its number', async () => {
      await signInToConsole(desk, `${siteUrl}/en/staff`, finance, edition)
      await consoleNav(desk, edition, 'staff.nav.orders').click()
      await desk.getByRole('heading', { level: 1, name: S(edition, 'staff.orders.title') }).waitFor()
      await fill(desk, S(edition, 'staff.orders.orderNo'), order.orderNo)
      await desk.getByRole('button', { name: exact(S(edition, 'staff.list.search')) }).click()
      await desk.waitForURL((url) => url.searchParams.get('orderNo') === order.orderNo)
      const row = await onlyRow(desk, order.orderNo)
      await row.getByText(exact(S(edition, 'staff.orders.state.paid'))).waitFor()
      await s.shot('the order found', desk)
    })

    await s.step('its page shows the line, the buyer and the payment events', async () => {
      await (await onlyRow(desk, order.orderNo)).getByRole('link', { name: order.orderNo }).click()
      await desk.getByRole('heading', { level: 1, name: S(edition, 'staff.orders.pageTitle', { orderNo: order.orderNo }) }).waitFor()
      await orderBadge('paid').waitFor()
      const facts = desk.getByRole('region', { name: S(edition, 'staff.orders.factsTitle') })
      const fact = (label: string) => facts.locator('.staff-facts > div', { has: desk.getByText(label, { exact: true }) }).locator('dd')
      expect(await fact(S(edition, 'staff.orders.item')).textContent()).toContain(order.title)
      const buyer = (await fact(S(edition, 'staff.orders.buyer')).textContent()) ?? ''
      expect(buyer).toContain(user.loginCode)
      expect(buyer).toContain(user.email)
      const events = desk.getByRole('region', { name: S(edition, 'staff.orders.eventsTitle') }).locator('li')
      await events.first().waitFor()
      await s.shot('the order page', desk)
    })

    await s.step('the refund, with a reason, after confirming', async () => {
      await fill(desk, S(edition, 'staff.orders.refundReason'), reason)
      await desk.getByRole('button', { name: exact(S(edition, 'staff.orders.refund')) }).click()
      const confirm = alertDialog(desk, S(edition, 'staff.orders.confirm.refund'))
      await confirm.waitFor()
      await confirm.getByText(order.orderNo, { exact: false }).waitFor()
      const refunded = desk.waitForResponse(
        (r) => new URL(r.url()).pathname === `/staff-api/orders/${order.orderNo}/refund` && r.request().method() === 'POST',
      )
      await confirm.getByRole('button', { name: exact(S(edition, 'staff.orders.refund')) }).click()
      const response = await refunded
      expect(response.status(), await response.text()).toBe(200)
      await confirm.waitFor({ state: 'detached' })
      await toast(desk, S(edition, 'staff.orders.done.refund')).waitFor()
      await orderBadge('refunded').waitFor()
      // Nothing is left to do for a refunded order: a second refund is not offered.
      expect(await field(desk, S(edition, 'staff.orders.refundReason')).count()).toBe(0)
      await desk.getByText(S(edition, 'staff.orders.noActions')).waitFor()
      await s.shot('the order refunded', desk)
    })

    await s.step('after a reload the page still says refunded, with the refund among the events', async () => {
      await desk.reload()
      await orderBadge('refunded').waitFor()
      const events = desk.getByRole('region', { name: S(edition, 'staff.orders.eventsTitle') })
      // In words: what happened and who did it, never the trail's codes.
      await events.locator('li', { hasText: `${S(edition, 'staff.orders.event.action.staff-refund')} · ${finance.name}` }).waitFor()
      await s.shot('the refunded order after a reload', desk)
    })

    const refundMail = (mail: Mail) => mail.subject.includes(order.orderNo) && /returned/.test(mail.subject)
    await s.step("the buyer's orders say the money is back", async () => {
      await page.goto(s.url('/personalCenter/moreOrders'))
      const row = page.locator('table.orders-table tbody tr', { hasText: order.orderNo })
      const amount = ((await row.locator('td.amount').textContent()) ?? '').trim()
      // The refund job asks the gateway first: "under way", then done.
      await row.getByText(L(edition, 'orders.refund.refunded', { amount })).waitFor({ timeout: 20_000 })
      await row.getByText(L(edition, 'orders.status.2'), { exact: true }).waitFor()
    })

    await s.step('the refund mail reaches the buyer, once', async () => {
      const mail = await waitForMail(user.email, refundMail)
      expect(mail.text).toContain(reason)
      expect(mail.text).toContain(order.title)
      // A second mail (a retried job, a second refund) would arrive within moments of the first.
      await new Promise((resolve) => setTimeout(resolve, SECOND_MAIL_WINDOW_MS))
      const mails = (await readOutbox()).filter((m) => m.to.toLowerCase().includes(user.email) && refundMail(m))
      expect(mails.map((m) => m.file)).toHaveLength(1)
    })

    await s.step('the audit log names the finance member', async () => {
      const entries = await auditOf(admin, { target: order.orderNo })
      const refunds = entries.filter((e) => e.action === 'order.refund')
      expect(refunds).toHaveLength(1)
      expect(refunds[0]).toMatchObject({ actor: finance.name, after: { reason } })
    })
  })
})
