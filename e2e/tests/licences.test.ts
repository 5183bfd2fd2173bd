// The licences journey: a buyer pays for a multi-user licence at the sandbox
// cashier and invites a colleague from the order page; the colleague opens
// the mailed link, registers with the invited address in the page's own
// dialog, accepts, and downloads from My Downloads a copy that carries their
// name and the order number on every page. The buyer takes the seat back:
// the colleague's next download is refused with the reason, and the report
// leaves their downloads. Finance then drops the colleague's file on the
// console's Trace a file and is told whose copy it is.
//
// On a desktop in the Chinese edition and on a phone in the English one.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newUser, registerInContext } from '../support/api.ts'
import { DESKTOP, PHONE, prefix, useSession, type Device, type Edition, type Session } from '../support/browser.ts'
import { waitForMail } from '../support/mail.ts'
import { orderStandardEdition, payWithAlipay, REPORT_SLUG } from '../support/purchase.ts'
import { apiAnswer, dialog, exact, fill, L } from '../support/site.ts'
import { addStaffAccount, S, signInToConsole } from '../support/staff.ts'
import { pdfPageTexts } from '../support/stamped.ts'

const REVOKED: Record<Edition, string> = {
  'zh-CN': '购买者已收回您的席位，您不能再下载这份报告',
  'en-US': 'The buyer has taken back your seat; you can no longer download this report.',
}

/** A second person's browser, as the session's device and edition. */
async function otherBrowser(s: Session, device: Device) {
  const context = await s.context.browser()!.newContext({
    viewport: device.viewport,
    ...(device.userAgent ? { userAgent: device.userAgent } : {}),
    isMobile: device.isMobile,
    hasTouch: device.hasTouch,
    deviceScaleFactor: device.deviceScaleFactor,
    locale: s.edition,
    timezoneId: 'Asia/Shanghai',
    acceptDownloads: true,
    baseURL: s.siteUrl,
    reducedMotion: 'reduce',
  })
  context.setDefaultTimeout(15_000)
  return context
}

async function downloadFrom(page: Page, orderNo: string, edition: Edition, dir: string): Promise<Buffer> {
  const row = page.locator('li.download-row', { hasText: orderNo })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: exact(L(edition, 'downloads.download')) }).click(),
  ])
  const saved = path.join(dir, `colleague-${download.suggestedFilename()}`)
  await download.saveAs(saved)
  return readFile(saved)
}

const RUNS: Array<{ name: string; device: Device; edition: Edition }> = [
  { name: 'a desktop, in Chinese', device: DESKTOP, edition: 'zh-CN' },
  { name: 'a phone, in English', device: PHONE, edition: 'en-US' },
]

describe.each(RUNS)('licences: a multi-user licence shared with a colleague on $name', ({ device, edition }) => {
  const session = useSession('licences', device, edition)

  it(
    'invites a colleague who registers, accepts and downloads their own stamped copy, then takes the seat back',
    { timeout: 240_000 },
    async () => {
      const s = session()
      const { page: buyerPage, context } = s
      const buyer = newUser(`lb${device.name[0]}`)
      await registerInContext(context, buyer)
      const colleague = newUser(`lc${device.name[0]}`)

      const orderNo = await s.step('the buyer pays for the multi-user licence at the sandbox cashier', async () => {
        await buyerPage.goto(s.url(`/reports/${REPORT_SLUG}`))
        await buyerPage.getByRole('heading', { level: 1 }).waitFor()
        const number = await orderStandardEdition(buyerPage, edition, buyer.email, 'multi')
        const cashier = await payWithAlipay(buyerPage, edition, number)
        await cashier.close()
        return number
      })

      const seats = buyerPage.getByRole('region', { name: L(edition, 'seats.heading') })
      await s.step('the buyer invites a colleague from the order page', async () => {
        await buyerPage.goto(s.url(`/personalCenter/order?orderNo=${orderNo}`))
        await seats.waitFor()
        await seats.getByText(L(edition, 'seats.used', { used: 1, limit: 5 })).waitFor()
        await fill(seats, L(edition, 'seats.invite.email'), colleague.email)
        const { body } = await apiAnswer(buyerPage, '/report/licence/invite', () =>
          seats.getByRole('button', { name: exact(L(edition, 'seats.invite.submit')) }).click(),
        )
        expect(body.code, JSON.stringify(body)).toBe(200)
        await seats.getByText(L(edition, 'seats.invite.done', { email: colleague.email })).waitFor()
        const list = seats.getByRole('list', { name: L(edition, 'seats.listLabel') })
        await list.getByText(colleague.email).waitFor()
        await list.getByText(L(edition, 'seats.state.invited'), { exact: true }).waitFor()
        await seats.getByText(L(edition, 'seats.used', { used: 2, limit: 5 })).waitFor()
      })

      const link = await s.step('the colleague is mailed the invitation', async () => {
        const mail = await waitForMail(colleague.email, (m) => m.links.some((l) => l.includes('/personalCenter/acceptSeat?token=')))
        const found = mail.links.find((l) => l.includes('/personalCenter/acceptSeat?token='))!
        expect(new URL(found).pathname).toBe(`${prefix(edition)}/personalCenter/acceptSeat`)
        return found
      })

      const colleagueContext = await otherBrowser(s, device)
      let colleagueFile = ''
      try {
        const page = await colleagueContext.newPage()
        await s.step('the colleague opens the link and registers with the invited address', async () => {
          await page.goto(link)
          await page.getByRole('heading', { level: 1, name: L(edition, 'acceptSeat.heading') }).waitFor()
          await page.getByText(L(edition, 'acceptSeat.signInFirst', { email: colleague.email })).waitFor()
          await s.shot('the invitation, signed out', page)
          await page.getByRole('button', { name: exact(L(edition, 'acceptSeat.register')) }).click()
          const register = dialog(page, L(edition, 'modal.register.title'))
          await register.waitFor()
          expect(await register.getByLabel(L(edition, 'form.email')).inputValue()).toBe(colleague.email)
          await fill(register, L(edition, 'form.loginCode'), colleague.loginCode)
          await fill(register, L(edition, 'form.password'), colleague.password)
          await fill(register, L(edition, 'form.confirmPassword'), colleague.password)
          await fill(register, L(edition, 'form.companyName'), colleague.companyName)
          await fill(register, L(edition, 'form.addr'), colleague.addr)
          await fill(register, L(edition, 'form.name'), colleague.name)
          await fill(register, L(edition, 'form.contact'), colleague.contact)
          const { body } = await apiAnswer(page, '/report/websiteUser/register', () =>
            register.getByRole('button', { name: exact(L(edition, 'modal.register.submit')) }).click(),
          )
          expect(body.code, JSON.stringify(body)).toBe(200)
          await register.waitFor({ state: 'detached' })
        })

        await s.step('the colleague accepts the seat', async () => {
          const { body } = await apiAnswer(page, '/report/licence/accept', () =>
            page.getByRole('button', { name: exact(L(edition, 'acceptSeat.accept')) }).click(),
          )
          expect(body.code, JSON.stringify(body)).toBe(200)
          await page.getByRole('link', { name: exact(L(edition, 'acceptSeat.toDownloads')) }).waitFor()
          await s.shot('the seat accepted', page)
          await page.getByRole('link', { name: exact(L(edition, 'acceptSeat.toDownloads')) }).click()
          await page.waitForURL((url) => url.pathname === `${prefix(edition)}/personalCenter/myDownload`)
        })

        await s.step('the colleague downloads a copy with their name and the order number on every page', async () => {
          const row = page.locator('li.download-row', { hasText: orderNo })
          await row.waitFor()
          await row.getByText(L(edition, 'downloads.access.seat')).waitFor()
          const bytes = await downloadFrom(page, orderNo, edition, s.dir)
          colleagueFile = path.join(s.dir, 'colleague-copy.pdf')
          await writeFile(colleagueFile, bytes)
          expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
          const pages = await pdfPageTexts(bytes)
          expect(pages.length).toBeGreaterThan(0)
          pages.forEach((text, index) => {
            expect(text, `page ${index + 1}`).toContain(colleague.name)
            expect(text, `page ${index + 1}`).toContain(orderNo)
          })
          await s.shot('my downloads of the colleague', page)
        })

        await s.step('the buyer sees the seat taken, and takes it back', async () => {
          await buyerPage.reload()
          const list = seats.getByRole('list', { name: L(edition, 'seats.listLabel') })
          await list.getByText(L(edition, 'seats.state.active'), { exact: true }).waitFor()
          await list.getByText(colleague.name).waitFor()
          await s.shot('the seat accepted, as the buyer sees it')
          await seats.getByRole('button', { name: L(edition, 'seats.takeBackOf', { email: colleague.email }) }).click()
          const confirm = buyerPage.getByRole('alertdialog', { name: L(edition, 'seats.confirm.title') })
          await confirm.waitFor()
          const { body } = await apiAnswer(buyerPage, '/report/licence/revoke', () =>
            confirm.getByRole('button', { name: exact(L(edition, 'seats.takeBack')) }).click(),
          )
          expect(body.code, JSON.stringify(body)).toBe(200)
          await list.getByText(L(edition, 'seats.state.revoked'), { exact: true }).waitFor()
          await seats.getByText(L(edition, 'seats.used', { used: 1, limit: 5 })).waitFor()
        })

        await s.step("the colleague's next download is refused, and the report leaves their downloads", async () => {
          const row = page.locator('li.download-row', { hasText: orderNo })
          await row.getByRole('button', { name: exact(L(edition, 'downloads.download')) }).click()
          await row.getByRole('alert').getByText(REVOKED[edition]).waitFor()
          await s.shot('the download refused', page)
          await page.reload()
          await page.getByText(L(edition, 'downloads.empty')).waitFor()
        })
      } finally {
        await colleagueContext.close()
      }

      await s.step("finance traces the colleague's file to the order and the seat holder", async () => {
        const financeContext = await otherBrowser(s, device)
        try {
          const financePage = await financeContext.newPage()
          await signInToConsole(financePage, s.url('/staff/trace'), await addStaffAccount('finance'), edition)
          await financePage.getByRole('heading', { level: 1, name: S(edition, 'staff.trace.title') }).waitFor()
          const [answer] = await Promise.all([
            financePage.waitForResponse((r) => new URL(r.url()).pathname === '/staff-api/trace'),
            financePage.getByLabel(S(edition, 'staff.trace.file')).setInputFiles(colleagueFile),
          ])
          expect(answer.status()).toBe(200)
          const result = financePage.getByRole('region', { name: S(edition, 'staff.trace.resultTitle') })
          await result.getByText(orderNo).first().waitFor()
          await result.getByText(colleague.email).first().waitFor()
          await s.shot('the file traced', financePage)
        } finally {
          await financeContext.close()
        }
      })
    },
  )
})
