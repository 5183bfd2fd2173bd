// The staff console fits its window: on a phone (390 px) every main screen
// (the nav, the lists and their filters, an editor, the desk's pages) is as
// wide as the screen, so nothing of the page scrolls sideways; a wide table
// scrolls inside its own box. On a desktop a report whose Chinese slug makes
// a long percent-encoded address keeps the editor inside the window. Every
// screen, and a record of each list, is axe-clean at both widths.
import type { Page } from 'playwright-core'
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from '../support/axe.ts'
import { DESKTOP, PHONE, useSession, type Edition, type Session } from '../support/browser.ts'
import { seedDeskRecords } from '../support/desk.ts'
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
  '/staff/imports',
  '/staff/media',
  '/staff/carousel',
  '/staff/dictionary',
  '/staff/settings',
  '/staff/requests',
  '/staff/orders',
  '/staff/shipments',
  '/staff/invoices',
  '/staff/transfers',
  '/staff/trace',
  '/staff/customers',
  '/staff/audit',
  '/staff/members',
  '/staff/account',
]

/** A record's page, reached from the first row of its list. */
const RECORDS = ['/staff/reports', '/staff/bulletins', '/staff/requests', '/staff/orders', '/staff/customers']

// An account a test: a TOTP code signs in once, and two sign-ins within its 30 seconds would share one.
const account = (): Promise<StaffAccount> => addStaffAccount('admin')

/** Every main screen and a record of each list, in turn: `check` looks at each once its data is in. */
async function everyScreen(s: Session, check: (where: string) => Promise<void>): Promise<void> {
  for (const path of SCREENS) await s.step(path, async () => (await open(s, path), await check(path)))
  for (const list of RECORDS) {
    await s.step(`a record of ${list}`, async () => {
      await open(s, list)
      // The record's own address, in the edition's prefix (/en on the English console).
      const href = (await s.page.locator(`.staff-table tbody a[href*="${list}/"]`).first().getAttribute('href'))!
      const path = href.slice(href.indexOf('/staff/'))
      await open(s, path)
      await check(path)
    })
  }
}

// A request, an account and an order, so that each list has a record to open whatever ran before.
beforeAll(() => seedDeskRecords(`${Date.now().toString(36)}${randomBytes(2).toString('hex')}`))

describe('the staff console on a phone', () => {
  const session = useSession('staff-layout', PHONE, edition)

  it('fits 390 px on every main screen, no sideways scroll of the page, and is axe-clean', { timeout: 420_000 }, async () => {
    const s = session()
    await signInToConsole(s.page, s.url('/staff'), await account(), edition)
    const wide: string[] = []
    const axe: string[] = []
    await everyScreen(s, async (where) => {
      const { scroll, window } = await overflow(s.page)
      if (scroll > window) wide.push(`${where}: ${scroll} px in ${window}`)
      axe.push(...(await seriousViolations(s.page, where)))
    })
    expect(wide).toEqual([])
    expect(axe, axe.join('\n')).toEqual([])
  })
})

describe('the staff console on a desktop, in English', () => {
  const session = useSession('staff-layout', DESKTOP, 'en-US')

  it('is axe-clean on every main screen at 1366 px', { timeout: 420_000 }, async () => {
    const s = session()
    await signInToConsole(s.page, s.url('/staff'), await account(), 'en-US')
    const axe: string[] = []
    await everyScreen(s, async (where) => void axe.push(...(await seriousViolations(s.page, where))))
    expect(axe, axe.join('\n')).toEqual([])
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
