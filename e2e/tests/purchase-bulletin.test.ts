// Journey 4: a logged-in user buys a bulletin with WeChat Pay. The QR dialog
// appears; the test completes the payment at the sandbox cashier whose URL
// the QR code encodes; the order turns paid without a reload; the file
// downloads from My Downloads the stored file stamped for the order.
//
// Bulletins are sold in the Chinese edition only. A desktop pays through the
// QR dialog; a phone pays with WeChat's h5 method, whose cashier opens in a
// new window.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { newUser, registerInContext } from '../support/api.ts'
import { DESKTOP, PHONE, useSession } from '../support/browser.ts'
import { qrPathsFor } from '../support/qr.ts'
import { apiAnswer, dialog, exact, L } from '../support/site.ts'
import { expectStampedCopy, pdfPageTexts } from '../support/stamped.ts'

/** A Chinese bulletin of the fixtures that comes with a file. */
const BULLETIN = 'hydrogen-brief-2026-11-18'

describe.each([DESKTOP, PHONE])('journey 4: buying a bulletin with WeChat Pay on $name', (device) => {
  const edition = 'zh-CN' as const
  const session = useSession('04-buy-bulletin-wechat', device, edition)
  const phone = device.name === 'phone'

  it('pays with WeChat, sees the order paid without a reload and downloads the file', async () => {
    const s = session()
    const { page, context } = s
    const user = newUser(phone ? 'wxp' : 'wxd')
    await registerInContext(context, user)

    const title = await s.step('open the bulletin', async () => {
      await page.goto(s.url(`/bulletin/bulletin-detail/${BULLETIN}`))
      const heading = page.getByRole('heading', { level: 1 })
      await heading.waitFor()
      await page.getByText(L(edition, 'bulletin.includesFile')).waitFor()
      // The header shows the logged-in user (in the menu drawer on a phone).
      if (!phone)
        await page
          .locator('header.site-header')
          .getByRole('link', { name: exact(user.name) })
          .waitFor()
      return ((await heading.textContent()) ?? '').trim()
    })

    const payModal = dialog(page, L(edition, 'pay.title'))
    await s.step('choose WeChat Pay', async () => {
      await page.getByRole('button', { name: exact(L(edition, 'pay.buyBulletin')) }).click()
      await payModal.waitFor()
      await payModal.getByText(title).waitFor()
      await payModal.getByRole('radio', { name: L(edition, 'pay.wechat') }).check()
    })

    const answer = phone
      ? await s.step('pay with WeChat h5: the cashier opens in a new window', async () => {
          const [popup, { body }] = await Promise.all([
            context.waitForEvent('page'),
            apiAnswer<{ payMethod: string; orderPayUrl: string; orderNo: string }>(page, '/report/websiteUserOrder/payOrder', () =>
              payModal.getByRole('button', { name: exact(L(edition, 'pay.submit')) }).click(),
            ),
          ])
          expect(body.code, JSON.stringify(body)).toBe(200)
          expect(body.data.payMethod).toBe('wx_h5')
          await popup.waitForLoadState('domcontentloaded')
          expect(popup.url().startsWith(`${inject('sandboxUrl')}/wechatpay/cashier/`), popup.url()).toBe(true)
          await payModal.getByText(L(edition, 'pay.opened')).waitFor()
          await s.step('pay at the sandbox cashier', async () => {
            expect(await popup.title()).toContain('沙箱')
            await popup.getByText(body.data.orderNo).waitFor()
            await Promise.all([popup.waitForURL(/\/personalCenter\/payBack/), popup.getByRole('button', { name: /模拟支付成功/ }).click()])
            await s.shot('cashier after paying', popup)
            await popup.close()
          })
          await page.evaluate(() => {
            ;(window as unknown as { e2eSamePage: boolean }).e2eSamePage = true
          })
          await payModal.getByRole('button', { name: exact(L(edition, 'pay.done')) }).click()
          await page.waitForURL(
            (url) => url.pathname === '/personalCenter/payBack' && url.searchParams.get('orderNo') === body.data.orderNo,
          )
          return body.data
        })
      : await s.step('the QR dialog appears', async () => {
          const { body } = await apiAnswer<{ payMethod: string; orderPayUrl: string; orderNo: string }>(
            page,
            '/report/websiteUserOrder/payOrder',
            () => payModal.getByRole('button', { name: exact(L(edition, 'pay.submit')) }).click(),
          )
          expect(body.code, JSON.stringify(body)).toBe(200)
          expect(body.data.payMethod).toBe('wx')
          const qrDialog = dialog(page, L(edition, 'pay.qrTitle'))
          await qrDialog.waitFor()
          await qrDialog.getByText(L(edition, 'pay.qrText')).waitFor()
          const qr = qrDialog.getByRole('img', { name: L(edition, 'pay.qrAlt') })
          await qr.waitFor()
          // The QR code encodes the payment sandbox's cashier.
          expect(body.data.orderPayUrl.startsWith(`${inject('sandboxUrl')}/wechatpay/cashier/`), body.data.orderPayUrl).toBe(true)
          const shown = await qr.evaluate((svg) => Array.from(svg.querySelectorAll('path')).map((p) => p.getAttribute('d') ?? ''))
          expect(shown).toEqual(qrPathsFor(body.data.orderPayUrl))
          expect(await qr.getAttribute('width')).toBe('200')
          return body.data
        })

    if (!phone) {
      await s.step('wait for the payment on the pay back page', async () => {
        await page.evaluate(() => {
          ;(window as unknown as { e2eSamePage: boolean }).e2eSamePage = true
        })
        await dialog(page, L(edition, 'pay.qrTitle'))
          .getByRole('button', { name: exact(L(edition, 'pay.done')) })
          .click()
        await page.waitForURL((url) => url.pathname === '/personalCenter/payBack' && url.searchParams.get('orderNo') === answer.orderNo)
        await page.getByRole('status').getByText(L(edition, 'payBack.waiting')).waitFor()
      })

      await s.step('pay at the sandbox cashier (the phone that scanned the code)', async () => {
        const cashier = await context.newPage()
        await cashier.goto(answer.orderPayUrl)
        expect(await cashier.title()).toContain('沙箱')
        await cashier.getByText(answer.orderNo).waitFor()
        await Promise.all([cashier.waitForURL(/\/personalCenter\/payBack/), cashier.getByRole('button', { name: /模拟支付成功/ }).click()])
        await s.shot('cashier after paying', cashier)
        await cashier.close()
      })
    }

    await s.step('the order turns paid without a reload', async () => {
      await page.getByRole('status').getByText(L(edition, 'payBack.paid')).waitFor({ timeout: 20_000 })
      expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true)
    })

    await s.step('the order list shows it paid with WeChat Pay', async () => {
      await page.getByRole('link', { name: exact(L(edition, 'pay.viewOrders')) }).click()
      await page
        .locator('.kind-switch')
        .getByRole('link', { name: exact(L(edition, 'orders.kind.brief')) })
        .click()
      const row = page.locator('table.orders-table tbody tr', { hasText: answer.orderNo })
      await row.waitFor()
      await row.getByText(L(edition, 'orders.status.1'), { exact: true }).waitFor()
      await row.getByText(L(edition, 'orders.payMethod.wx'), { exact: true }).waitFor()
    })

    await s.step('download the file from My Downloads', async () => {
      await page
        .locator('nav.account-nav')
        .getByRole('link', { name: exact(L(edition, 'nav.account.downloads')) })
        .click()
      await page.waitForURL((url) => url.pathname === '/personalCenter/myDownload')
      const row = page.locator('li.download-row', { hasText: answer.orderNo })
      await row.waitFor()
      expect(((await row.locator('.download-title').textContent()) ?? '').trim()).toBe(title)
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: exact(L(edition, 'downloads.download')) }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/\.pdf$/)
      const saved = path.join(s.dir, `download-${download.suggestedFilename()}`)
      await download.saveAs(saved)
      const bytes = await readFile(saved)
      const stored = await readFile(path.join(inject('dataDir'), 'files', 'bulletins', edition, `${BULLETIN}.pdf`))
      // The buyer's copy is stamped for the order: the stored file, then an incremental update with the licence line.
      expectStampedCopy(bytes, stored)
      expect(
        (await pdfPageTexts(bytes)).every((text) => text.includes(answer.orderNo)),
        'the order number on every page',
      ).toBe(true)
      // The count of downloads follows.
      await row.getByText('已下载 1 次').waitFor()
    })
  })
})
