// Journey 6: a user forgets the password. The mail arrives in the outbox in
// the edition's language; its link opens the set-new-password mode; the new
// password works, the old one and the spent link no longer do.
import { describe, expect, it } from 'vitest'
import { newUser, registerAccount } from '../support/api.ts'
import { login, openLogin } from '../support/auth.ts'
import { DESKTOP, PHONE, useSession, type Edition } from '../support/browser.ts'
import { CAPTCHA_CODE } from '../support/constants.ts'
import { waitForMail } from '../support/mail.ts'
import { apiAnswer, dialog, exact, fieldError, fill, L, toast } from '../support/site.ts'

const EDITIONS: Edition[] = ['zh-CN', 'en-US']

describe.each([DESKTOP, PHONE])('journey 6: forgotten password on $name', (device) => {
  describe.each(EDITIONS)('%s edition', (edition) => {
    const session = useSession('06-forgot-password', device, edition)

    it('mails a reset link that sets a new password', async () => {
      const s = session()
      const { page } = s
      const user = newUser(`f${device.name[0]}${edition === 'zh-CN' ? 'zh' : 'en'}`)
      await registerAccount(user)
      const newPassword = `New${user.password}`
      await page.goto(s.url('/'))

      const forgot = dialog(page, L(edition, 'modal.forgot.title'))
      await s.step('open forgot password from the login modal', async () => {
        const modal = await openLogin(s)
        await modal.getByRole('button', { name: exact(L(edition, 'modal.login.forgot')) }).click()
        await forgot.waitFor()
      })

      await s.step('the e-mail is checked', async () => {
        await forgot.getByRole('button', { name: exact(L(edition, 'modal.forgot.submit')) }).click()
        await fieldError(forgot, L(edition, 'form.email')).getByText(L(edition, 'validation.emailRequired')).waitFor()
        await fill(forgot, L(edition, 'form.email'), 'not-an-address')
        await forgot.getByRole('button', { name: exact(L(edition, 'modal.forgot.submit')) }).click()
        await fieldError(forgot, L(edition, 'form.email')).getByText(L(edition, 'validation.emailFormat')).waitFor()
      })

      await s.step('request the link', async () => {
        await fill(forgot, L(edition, 'form.email'), user.email)
        const { body } = await apiAnswer(page, '/report/websiteUser/forgetPwd', () =>
          forgot.getByRole('button', { name: exact(L(edition, 'modal.forgot.submit')) }).click(),
        )
        expect(body.code, JSON.stringify(body)).toBe(200)
        await toast(page, L(edition, 'modal.forgot.sent')).waitFor()
        const sent = dialog(page, L(edition, 'modal.forgot.sentTitle'))
        await sent.getByText(L(edition, 'modal.forgot.sentText', { email: user.email })).waitFor()
        await sent.getByRole('button', { name: exact(L(edition, 'common.confirm')) }).click()
        await sent.waitFor({ state: 'detached' })
      })

      const link = await s.step('the mail arrives in the outbox', async () => {
        const mail = await waitForMail(user.email, (m) => m.links.some((l) => l.includes('resetToken=')))
        const found = mail.links.find((l) => l.includes('resetToken=')) as string
        const url = new URL(found)
        expect(url.origin).toBe(s.siteUrl)
        // The link opens the edition the visitor asked from.
        expect(url.pathname.replace(/\/$/, '')).toBe(edition === 'en-US' ? '/en' : '')
        // Addressed by name, in the edition's language.
        expect(mail.text).toContain(user.name)
        expect(mail.text).toContain(edition === 'en-US' ? 'reset the password' : '密码')
        return found
      })

      const reset = dialog(page, L(edition, 'modal.reset.title'))
      await s.step('the link opens the set-new-password mode', async () => {
        await page.goto(link)
        await reset.waitFor()
        await fill(reset, L(edition, 'form.newPassword'), newPassword)
        await fill(reset, L(edition, 'form.confirmPassword'), `${newPassword}0`)
        await reset.getByRole('button', { name: exact(L(edition, 'modal.reset.submit')) }).click()
        await fieldError(reset, L(edition, 'form.confirmPassword')).getByText(L(edition, 'validation.passwordMismatch')).waitFor()
      })

      await s.step('set the new password', async () => {
        await fill(reset, L(edition, 'form.confirmPassword'), newPassword)
        const { body } = await apiAnswer(page, '/report/websiteUser/resetPwd', () =>
          reset.getByRole('button', { name: exact(L(edition, 'modal.reset.submit')) }).click(),
        )
        expect(body.code, JSON.stringify(body)).toBe(200)
        const done = dialog(page, L(edition, 'modal.reset.done.title'))
        await done.getByText(L(edition, 'modal.reset.done.text')).waitFor()
        // The spent token leaves the address bar, so a reload does not reopen the form.
        expect(new URL(page.url()).searchParams.has('resetToken')).toBe(false)
        await done.getByRole('button', { name: exact(L(edition, 'modal.reset.done.login')) }).click()
        await dialog(page, L(edition, 'modal.login.title')).waitFor()
      })

      await s.step('the old password is refused', async () => {
        const modal = dialog(page, L(edition, 'modal.login.title'))
        await fill(modal, L(edition, 'form.loginCode'), user.loginCode)
        await fill(modal, L(edition, 'form.password'), user.password)
        await fill(modal, L(edition, 'form.validCode'), CAPTCHA_CODE)
        const { body } = await apiAnswer(page, '/report/websiteUser/login', () =>
          modal.getByRole('button', { name: exact(L(edition, 'modal.login.submit')) }).click(),
        )
        expect(body.code).toBe(200002)
        await page.locator('.toaster [role="alert"]').getByText(body.msg).waitFor()
      })

      await s.step('the new password works', async () => {
        await login(s, dialog(page, L(edition, 'modal.login.title')), user, newPassword)
      })

      await s.step('the spent link is refused', async () => {
        const token = new URL(link).searchParams.get('resetToken') as string
        const response = await s.context.request.post(`${s.siteUrl}/api/report/websiteUser/resetPwd`, {
          headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: s.siteUrl },
          data: { resetToken: token, password: 'x', confirmNewPassword: 'x', lang: edition },
        })
        const body = (await response.json()) as { code: number }
        expect(body.code).not.toBe(200)
      })
    })
  })
})
