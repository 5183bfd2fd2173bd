// A research report bought as a buyer does: the Standard single-user edition
// ordered on its page, the delivery e-mail confirmed, paid with Alipay at the
// payment sandbox's cashier (the purchase journey walks every choice; these
// are for journeys that need a paid order).
import type { Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import type { TestUser } from './api.ts'
import type { Edition, Session } from './browser.ts'
import { apiAnswer, dialog, exact, fill, L } from './site.ts'

/** A report of the fixtures that comes with a file. */
export const REPORT_SLUG = 'smart-home-china-market-2026'

/** On a report's page (logged in): orders the Standard edition (single-user unless told) and confirms the delivery e-mail; answers the order number. */
export async function orderStandardEdition(
  page: Page,
  edition: Edition,
  deliveryEmail: string,
  licence: 'single' | 'multi' | 'enterprise' = 'single',
): Promise<string> {
  const choice = `^${L(edition, 'reports.edition.standard')}, ${L(edition, `reports.licence.${licence}`)}, `
  await page.getByRole('radio', { name: new RegExp(choice) }).check()
  const { body } = await apiAnswer<{ orderNo: string }>(page, '/report/websiteUserResearchOrder/save', () =>
    page.getByRole('button', { name: exact(L(edition, 'pay.buyOnline')) }).click(),
  )
  expect(body.code, JSON.stringify(body)).toBe(200)
  const emailModal = dialog(page, L(edition, 'research.emailTitle'))
  await emailModal.waitFor()
  await fill(emailModal, L(edition, 'research.email'), deliveryEmail)
  await fill(emailModal, L(edition, 'research.confirmEmail'), deliveryEmail)
  await emailModal.getByRole('button', { name: exact(L(edition, 'research.continue')) }).click()
  return body.data.orderNo
}

/** Pays the order of the open payment modal with Alipay at the sandbox cashier; answers the cashier's window, on pay back, paid. */
export async function payWithAlipay(page: Page, edition: Edition, orderNo: string): Promise<Page> {
  const payModal = dialog(page, L(edition, 'pay.title'))
  await payModal.waitFor()
  await payModal.getByRole('radio', { name: L(edition, 'pay.alipay') }).check()
  const [cashier] = await Promise.all([
    page.context().waitForEvent('page'),
    payModal.getByRole('button', { name: exact(L(edition, 'pay.submit')) }).click(),
  ])
  await cashier.waitForLoadState('domcontentloaded')
  expect(cashier.url().startsWith(`${inject('sandboxUrl')}/alipay/`), cashier.url()).toBe(true)
  await cashier.getByText(orderNo).waitFor()
  await Promise.all([cashier.waitForURL(/\/personalCenter\/payBack/), cashier.getByRole('button', { name: /模拟支付成功/ }).click()])
  await cashier.getByRole('status').getByText(L(edition, 'payBack.paid')).waitFor({ timeout: 20_000 })
  return cashier
}

/** The logged-in buyer of the session buys the fixtures' report for the account's own e-mail; answers the order and the report's title. */
export async function buyReport(s: Session, user: TestUser): Promise<{ orderNo: string; title: string }> {
  const { page, edition } = s
  await page.goto(s.url(`/reports/${REPORT_SLUG}`))
  const heading = page.getByRole('heading', { level: 1 })
  await heading.waitFor()
  const title = ((await heading.textContent()) ?? '').trim()
  const orderNo = await orderStandardEdition(page, edition, user.email)
  const cashier = await payWithAlipay(page, edition, orderNo)
  await s.shot('paid at the sandbox cashier', cashier)
  await cashier.close()
  return { orderNo, title }
}
