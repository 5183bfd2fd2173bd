// The staff console fits its window: on a phone (390 px) every main screen
// (the nav, the lists and their filters, an editor, the desk's pages) is as
// wide as the screen, so nothing of the page scrolls sideways; a wide table
// scrolls inside its own box. On a desktop a report whose Chinese slug makes
// a long percent-encoded address keeps the editor inside the window.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, useSession, type Edition, type Session } from '../support/browser.ts'
import { exact, fill, toast } from '../support/site.ts'
import { addStaffAccount, S, signInToConsole, type StaffAccount } from '../support/staff.ts'

const edition: Edition = 'zh-CN'

/** How much wider than the window the page is (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }))

/** Opens a console address and waits for its screen's heading and data. */
async function open(s: Session, path: string): Promise<void> {
  await s.page.goto(s.url(path))
  await s.page.locator('.staff-main h1').first().waitFor()
  await s.page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0)
}

const SCREENS = [
  '/staff/dashboard',
  '/staff/reports',
  '/staff/reports/new',
  '/staff/bulletins',
  '/staff/bulletins/new',
  '/staff/news',
  '/staff/carousel',
  '/staff/dictionary',
  '/staff/settings',
  '/staff/requests',
  '/staff/orders',
  '/staff/customers',
  '/staff/audit',
]

// An account a test: a TOTP code signs in once, and two sign-ins within its 30 seconds would share one.
const account = (): Promise<StaffAccount> => addStaffAccount('admin')

describe('the staff console on a phone', () => {
  const session = useSession('staff-layout', PHONE, edition)

  it('fits 390 px on every main screen: no sideways scroll of the page', { timeout: 240_000 }, async () => {
    const s = session()
    await signInToConsole(s.page, s.url('/staff'), await account(), edition)
    const wide: string[] = []
    for (const path of [...SCREENS, 'first report']) {
      await s.step(path, async () => {
        if (path === 'first report') {
          await open(s, '/staff/reports')
          await s.page.locator('.staff-table tbody a').nth(1).click()
          await s.page.getByRole('button', { name: exact(S(edition, 'staff.editor.save')) }).waitFor()
        } else await open(s, path)
        const { scroll, window } = await overflow(s.page)
        if (scroll > window) wide.push(`${path}: ${scroll} px in ${window}`)
      })
    }
    expect(wide).toEqual([])
  })
})

describe('the staff console on a desktop', () => {
  const session = useSession('staff-layout', DESKTOP, edition)

  it("keeps a report's editor in the window whatever its address, and a wide list in its box", { timeout: 120_000 }, async () => {
    const s = session()
    const { page } = s
    await signInToConsole(page, s.url('/staff/reports/new'), await account(), edition)
    await s.step('a report with a long Chinese title, saved: its slug is the title', async () => {
      await page.getByRole('tab', { name: S(edition, 'staff.language.en-US') }).click()
      await page
        .getByRole('checkbox', { name: S(edition, 'staff.editor.include', { language: S(edition, 'staff.language.en-US') }) })
        .uncheck()
      await page.getByRole('tab', { name: S(edition, 'staff.language.zh-CN') }).click()
      const panel = page.getByRole('tabpanel')
      await fill(panel, S(edition, 'staff.field.title'), `新能源汽车动力电池回收利用市场深度研究与投资前景预测报告${Date.now()}`)
      await panel.getByRole('combobox', { name: S(edition, 'staff.field.category') }).selectOption({ index: 1 })
      await page.getByRole('button', { name: exact(S(edition, 'staff.editor.save')) }).click()
      await toast(page, S(edition, 'staff.editor.saved')).waitFor()
      await page
        .getByText(/%E6%96%B0%E8%83%BD/)
        .first()
        .waitFor()
    })
    const editor = await overflow(page)
    expect(editor.scroll, 'the editor').toBeLessThanOrEqual(editor.window)

    await open(s, '/staff/orders')
    const orders = await overflow(page)
    expect(orders.scroll, 'the orders').toBeLessThanOrEqual(orders.window)
    const table = await page
      .locator('.staff-table-wrap')
      .first()
      .evaluate((box) => ({ box: box.clientWidth, page: document.documentElement.clientWidth }))
    expect(table.box).toBeLessThanOrEqual(table.page)
  })
})
