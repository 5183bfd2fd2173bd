// Journey 7: the session ends server-side (the token is revoked, as an
// expiry or a logout elsewhere would). The next action shows the 'login
// expired' message and goes home, logged out.
import { describe, expect, it } from 'vitest'
import { newUser, registerInContext, revokeToken, sessionToken } from '../support/api.ts'
import { DESKTOP, PHONE, useSession, type Edition } from '../support/browser.ts'
import { exact, headerScope, L, toast } from '../support/site.ts'

const EDITIONS: Edition[] = ['zh-CN', 'en-US']

describe.each([DESKTOP, PHONE])('journey 7: session expiry on $name', (device) => {
  describe.each(EDITIONS)('%s edition', (edition) => {
    const session = useSession('07-session-expiry', device, edition)

    it('the next action after a revoked token says the login expired and goes home', async () => {
      const s = session()
      const { page, context } = s
      const user = newUser(`x${device.name[0]}${edition === 'zh-CN' ? 'zh' : 'en'}`)
      await registerInContext(context, user)

      await s.step('logged in on My information', async () => {
        await page.goto(s.url('/personalCenter/myInfo'))
        await page.locator('dl.info-list').getByText(user.companyName, { exact: true }).waitFor()
      })

      await s.step('the token is revoked server-side', async () => {
        await revokeToken(await sessionToken(context))
      })

      await s.step('the next action: open My orders', async () => {
        const [response] = await Promise.all([
          page.waitForResponse((r) => /\/api\/report\/websiteUser(Research)?Order\/orderList$/.test(new URL(r.url()).pathname)),
          page
            .locator('nav.account-nav')
            .getByRole('link', { name: exact(L(edition, 'nav.account.orders')) })
            .click(),
        ])
        expect(((await response.json()) as { code: number }).code).toBe(5001)
        await toast(page, L(edition, 'error.loginExpired')).waitFor()
        await page.waitForURL((url) => url.pathname === (edition === 'en-US' ? '/en' : '/'))
      })

      await s.step('home, logged out', async () => {
        expect(await page.evaluate(() => localStorage.getItem('rpt.user'))).toBeNull()
        const cookies = await context.cookies()
        expect(
          cookies.some((c) => c.name.endsWith('rpt_session')),
          'the BFF dropped the dead session cookie',
        ).toBe(false)
        const scope = await headerScope(s)
        expect(await scope.getByRole('link', { name: exact(user.name) }).count()).toBe(0)
        if (edition === 'zh-CN') await scope.getByRole('button', { name: exact(L(edition, 'header.login')) }).waitFor()
      })

      await s.step('the personal centre now asks to log in', async () => {
        await page.goto(s.url('/personalCenter/myInfo'))
        await page.getByText(L(edition, 'account.needLogin')).waitFor()
      })
    })
  })
})
