// A paper copy, from the order to the parcel: a buyer orders a report's
// Professional edition (which includes a paper copy), enters the address at
// the e-mail confirmation step (the book is empty, so the form shows; the
// division picker loads its data then), and pays at the sandbox cashier.
// Finance opens the shipping queue, downloads the packing slip (a PDF naming
// the order), and ships with a courier and tracking number; the buyer's mail
// and order page carry the number, and the address is in the buyer's book at
// 390 px.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newUser, registerInContext } from '../support/api.ts'
import { DESKTOP, useSession, type Edition } from '../support/browser.ts'
import { auditOf } from '../support/desk.ts'
import { waitForMail } from '../support/mail.ts'
import { payWithAlipay, REPORT_SLUG } from '../support/purchase.ts'
import { apiAnswer, dialog, exact, field, fill, L } from '../support/site.ts'
import { addStaffAccount, consoleNav, S, signInToConsole } from '../support/staff.ts'

const edition: Edition = 'zh-CN'
const PHONE_WIDTH = 390

describe('a paper copy on a desktop', () => {
  const session = useSession('paper-copy', DESKTOP, edition)

  it('is ordered with an address, paid, packed, shipped and tracked', async () => {
    const s = session()
    const { page, context, siteUrl } = s
    const user = newUser('paper')
    const trackingNo = `SF${randomBytes(5).toString('hex').toUpperCase()}`
    const accounts = Promise.all([addStaffAccount('finance'), addStaffAccount('admin')])
    await registerInContext(context, user)

    const orderNo = await s.step('the buyer orders the Professional edition', async () => {
      await page.goto(s.url(`/reports/${REPORT_SLUG}`))
      await page.getByRole('heading', { level: 1 }).waitFor()
      const choice = `^${L(edition, 'reports.edition.professional')}, ${L(edition, 'reports.licence.single')}, `
      await page.getByRole('radio', { name: new RegExp(choice) }).check()
      const { body } = await apiAnswer<{ orderNo: string }>(page, '/report/websiteUserResearchOrder/save', () =>
        page.getByRole('button', { name: exact(L(edition, 'pay.buyOnline')) }).click(),
      )
      expect(body.code, JSON.stringify(body)).toBe(200)
      return body.data.orderNo
    })

    await s.step('the e-mail step asks where the paper copy goes, and takes a new address', async () => {
      const modal = dialog(page, L(edition, 'research.emailTitle'))
      await modal.getByRole('heading', { name: L(edition, 'paperCopy.title') }).waitFor()
      const province = field(modal, L(edition, 'address.province'))
      await expect.poll(() => province.isEnabled(), { timeout: 10_000 }).toBe(true)
      await province.selectOption({ label: '北京市' })
      await field(modal, L(edition, 'address.district')).selectOption({ label: '海淀区' })
      await fill(modal, L(edition, 'address.recipient'), '张三')
      await fill(modal, L(edition, 'address.phone'), '13812345678')
      await fill(modal, L(edition, 'address.street'), '中关村大街 1 号')
      await fill(modal, L(edition, 'address.postcode'), '100080')
      await s.shot('the address at the e-mail step')
      const { body } = await apiAnswer<{ id: string }>(page, '/report/websiteUserAddress/save', () =>
        modal.getByRole('button', { name: exact(L(edition, 'paperCopy.use')) }).click(),
      )
      expect(body.code, JSON.stringify(body)).toBe(200)
      await expect.poll(() => modal.getByRole('radio', { name: /张三/ }).isChecked()).toBe(true)
      await fill(modal, L(edition, 'research.email'), user.email)
      await fill(modal, L(edition, 'research.confirmEmail'), user.email)
      const saved = await apiAnswer(page, '/report/websiteUserResearchOrder/updateEmail', () =>
        modal.getByRole('button', { name: exact(L(edition, 'research.continue')) }).click(),
      )
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(200)
      expect(JSON.parse(saved.response.request().postData() ?? '{}')).toMatchObject({ addressId: body.data.id })
    })

    await s.step('the buyer pays at the sandbox cashier', async () => {
      const cashier = await payWithAlipay(page, edition, orderNo)
      await cashier.close()
    })

    const [finance, admin] = await accounts
    const desk = await context.newPage()

    await s.step('finance opens the shipping queue and finds the order', async () => {
      await signInToConsole(desk, `${siteUrl}/staff`, finance, edition)
      await consoleNav(desk, edition, 'staff.nav.shipments').click()
      await desk.getByRole('heading', { level: 1, name: S(edition, 'staff.nav.shipments') }).waitFor()
      const row = desk.locator('table.staff-table tbody tr', { hasText: orderNo })
      await row.getByText('北京市海淀区中关村大街 1 号').waitFor()
      await s.shot('the shipping queue', desk)
    })

    const row = desk.locator('table.staff-table tbody tr', { hasText: orderNo })

    await s.step('the packing slip is a PDF naming the order', async () => {
      const href = await row.getByRole('link', { name: S(edition, 'staff.shipments.packingSlip') }).getAttribute('href')
      expect(href).toBeTruthy()
      const slip = await desk.request.get(new URL(href!, siteUrl).toString())
      expect(slip.status()).toBe(200)
      expect(slip.headers()['content-type']).toBe('application/pdf')
      const bytes = (await slip.body()).toString('latin1')
      expect(bytes.startsWith('%PDF-')).toBe(true)
      expect(bytes).toContain(`(Packing slip ${orderNo})`)
    })

    await s.step('finance ships it with a carrier and tracking number', async () => {
      await row.getByRole('button', { name: exact(S(edition, 'staff.shipments.ship')) }).click()
      const form = desk.getByRole('form', { name: S(edition, 'staff.shipments.shipFor', { orderNo }) })
      await fill(form, S(edition, 'staff.shipments.carrier'), '顺丰速运')
      await fill(form, S(edition, 'staff.shipments.trackingNo'), trackingNo)
      const shipped = desk.waitForResponse((r) => new URL(r.url()).pathname === `/staff-api/shipments/${orderNo}/ship`)
      await form.getByRole('button', { name: exact(S(edition, 'staff.shipments.confirmShip')) }).click()
      const response = await shipped
      expect(response.status(), await response.text()).toBe(200)
      // Shipped orders leave the "to ship" list.
      await row.waitFor({ state: 'detached' })
      await s.shot('shipped', desk)
    })

    await s.step("the buyer's mail carries the tracking number", async () => {
      const mail = await waitForMail(user.email, (m) => m.subject.includes(orderNo) && m.subject.includes(trackingNo))
      expect(mail.text).toContain(`运单号：${trackingNo}`)
      expect(mail.text).toContain('顺丰速运')
    })

    await s.step("the buyer's order page shows the carrier and the tracking number", async () => {
      await page.goto(s.url(`/personalCenter/order?orderNo=${orderNo}`))
      const shipment = page.getByRole('region', { name: new RegExp(`^${L(edition, 'shipment.title')}`) })
      await shipment.getByText(trackingNo).waitFor()
      await shipment.getByText('顺丰速运').waitFor()
      await shipment.getByText(L(edition, 'shipment.status.shipped')).waitFor()
      await s.shot('the order page with its shipment')
    })

    await s.step('the shipment is audited under the finance member', async () => {
      const entries = await auditOf(admin, { target: orderNo })
      expect(entries.map((e) => [e.action, e.actor])).toContainEqual(['shipment.ship', finance.name])
    })

    await s.step('the address is in the buyer’s book, usable at 390 px', async () => {
      await page.setViewportSize({ width: PHONE_WIDTH, height: 844 })
      await page.goto(s.url('/personalCenter/myAddress'))
      await page.getByRole('heading', { level: 1, name: L(edition, 'address.heading') }).waitFor()
      await page.getByText('北京市海淀区中关村大街 1 号').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH)
      await s.shot('my addresses at 390 px')
    })

    await s.step('finance marks it delivered from the shipped list, at 390 px', async () => {
      await desk.setViewportSize({ width: PHONE_WIDTH, height: 844 })
      await desk
        .getByRole('combobox', { name: new RegExp(`^${S(edition, 'staff.shipments.status')}`) })
        .selectOption({ label: S(edition, 'staff.shipments.status.shipped') })
      await row.getByText(trackingNo).waitFor()
      // The table scrolls inside its own box; the page never scrolls sideways.
      expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH)
      await s.shot('the shipped list at 390 px', desk)
      const delivered = desk.waitForResponse((r) => new URL(r.url()).pathname === `/staff-api/shipments/${orderNo}/deliver`)
      await row.getByRole('button', { name: exact(S(edition, 'staff.shipments.deliver')) }).click()
      expect((await delivered).status()).toBe(200)
      await row.waitFor({ state: 'detached' })
    })
  })
})
