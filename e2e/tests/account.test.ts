// Journey 3: a visitor registers, logs in with the captcha (the test knows
// CAPTCHA_TEST_CODE), edits their info, changes the password, logs out
// through the confirmation dialog and logs in again.
//
// The Chinese edition offers Login / Register in the header (the drawer on a
// phone). The English header has no such entries (spec section 2), so the
// English flow starts where that edition offers login: the personal centre.
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newUser } from '../support/api.ts'
import { DESKTOP, PHONE, useSession, type Edition, type Session } from '../support/browser.ts'
import { login, openLogin } from '../support/auth.ts'
import { CAPTCHA_CODE } from '../support/constants.ts'
import { alertDialog, apiAnswer, dialog, exact, field, fieldError, fill, headerScope, L, toast } from '../support/site.ts'

const EDITIONS: Edition[] = ['zh-CN', 'en-US']

/** The logged-in user's name in the header (the drawer on a phone). */
async function accountLink(s: Session, name: string): Promise<Locator> {
  const scope = await headerScope(s)
  const link = scope.getByRole('link', { name: exact(name) })
  await link.waitFor()
  return link
}

async function closeDrawer(s: Session): Promise<void> {
  if (s.device.name !== 'phone') return
  const drawer = s.page.getByRole('dialog', { name: L(s.edition, 'nav.menu') })
  if (await drawer.isVisible()) {
    await drawer.getByRole('button', { name: L(s.edition, 'nav.closeMenu') }).click()
    await drawer.waitFor({ state: 'hidden' })
  }
}

/** Logs out through the confirmation dialog, checking that it must be answered. */
async function logout(s: Session, checkDialog: boolean): Promise<void> {
  const { page, edition } = s
  const scope = await headerScope(s)
  await scope.getByRole('button', { name: exact(L(edition, 'header.logout')) }).click()
  const confirm = alertDialog(page, L(edition, 'logout.title'))
  await confirm.waitFor()
  await confirm.getByText(L(edition, 'logout.text')).waitFor()
  if (checkDialog) {
    // Esc and a click on the mask do not close it (spec section 4).
    await page.keyboard.press('Escape')
    await page.getByTestId('modal-mask').click({ position: { x: 5, y: 5 } })
    expect(await confirm.isVisible()).toBe(true)
    // Cancel keeps the session.
    await confirm.getByRole('button', { name: exact(L(edition, 'logout.cancel')) }).click()
    await confirm.waitFor({ state: 'detached' })
    const again = await headerScope(s)
    await again.getByRole('button', { name: exact(L(edition, 'header.logout')) }).click()
    await confirm.waitFor()
  }
  const { body } = await apiAnswer(page, '/report/websiteUser/logout', () =>
    confirm.getByRole('button', { name: exact(L(edition, 'logout.confirm')) }).click(),
  )
  expect(body.code).toBe(200)
  await confirm.waitFor({ state: 'detached' })
  await toast(page, L(edition, 'logout.success')).waitFor()
  // The route is replaced with the edition's home.
  await page.waitForURL((url) => url.pathname === (edition === 'en-US' ? '/en' : '/'))
  expect(await page.evaluate(() => localStorage.getItem('rpt.user'))).toBeNull()
  const cookies = await s.context.cookies()
  expect(
    cookies.some((c) => c.name.endsWith('rpt_session')),
    'the session cookie is cleared',
  ).toBe(false)
}

describe.each([DESKTOP, PHONE])('journey 3: account on $name', (device) => {
  describe.each(EDITIONS)('%s edition', (edition) => {
    const session = useSession('03-account', device, edition)

    it('registers, logs in with the captcha, edits info, changes the password, logs out and in again', async () => {
      const s = session()
      const { page } = s
      const user = newUser(`${device.name[0]}${edition === 'zh-CN' ? 'zh' : 'en'}`)
      const newPassword = `${user.password}x2`
      const newName = edition === 'zh-CN' ? '李四' : 'Jane Roe'
      await page.goto(s.url('/'))

      await s.step('header entries of the edition', async () => {
        const scope = await headerScope(s)
        const loginEntry = scope.getByRole('button', { name: exact(L(edition, 'header.login')) })
        const registerEntry = scope.getByRole('button', { name: exact(L(edition, 'header.register')) })
        if (edition === 'zh-CN') {
          await loginEntry.waitFor()
          await registerEntry.waitFor()
        } else {
          await scope
            .getByRole('link', { name: exact(L(edition, 'nav.home')) })
            .first()
            .waitFor()
          expect(await loginEntry.count(), 'no Login entry in the English header').toBe(0)
          expect(await registerEntry.count(), 'no Register entry in the English header').toBe(0)
        }
        await closeDrawer(s)
      })

      const register = await s.step('open the register form', async () => {
        const modal = dialog(page, L(edition, 'modal.register.title'))
        if (edition === 'zh-CN') {
          const scope = await headerScope(s)
          await scope.getByRole('button', { name: exact(L(edition, 'header.register')) }).click()
        } else {
          const loginModal = await openLogin(s)
          await loginModal.getByRole('button', { name: exact(L(edition, 'modal.login.toRegister')) }).click()
        }
        await modal.waitFor()
        return modal
      })

      await s.step('register: validation messages', async () => {
        await register.getByRole('button', { name: exact(L(edition, 'modal.register.submit')) }).click()
        await fieldError(register, L(edition, 'form.loginCode')).getByText(L(edition, 'validation.loginCodeRequired')).waitFor()
        await fieldError(register, L(edition, 'form.password')).getByText(L(edition, 'validation.passwordRequired')).waitFor()
        await fieldError(register, L(edition, 'form.confirmPassword')).getByText(L(edition, 'validation.confirmRequired')).waitFor()
        await fieldError(register, L(edition, 'form.companyName')).getByText(L(edition, 'validation.companyNameRequired')).waitFor()
        await fill(register, L(edition, 'form.password'), user.password)
        await fill(register, L(edition, 'form.confirmPassword'), `${user.password}-other`)
        await register.getByRole('button', { name: exact(L(edition, 'modal.register.submit')) }).click()
        await fieldError(register, L(edition, 'form.confirmPassword')).getByText(L(edition, 'validation.passwordMismatch')).waitFor()
        if (edition === 'en-US') await fieldError(register, 'Confirm password').getByText('Passwords do not match').waitFor()
      })

      await s.step('register', async () => {
        await fill(register, L(edition, 'form.loginCode'), user.loginCode)
        await fill(register, L(edition, 'form.password'), user.password)
        await fill(register, L(edition, 'form.confirmPassword'), user.password)
        await fill(register, L(edition, 'form.companyName'), user.companyName)
        await fill(register, L(edition, 'form.addr'), user.addr)
        await fill(register, L(edition, 'form.name'), user.name)
        await fill(register, L(edition, 'form.contact'), user.contact)
        await fill(register, L(edition, 'form.email'), user.email)
        const { body } = await apiAnswer(page, '/report/websiteUser/register', () =>
          register.getByRole('button', { name: exact(L(edition, 'modal.register.submit')) }).click(),
        )
        expect(body.code, JSON.stringify(body)).toBe(200)
        // Register success: the modal closes and the visitor is logged in.
        await register.waitFor({ state: 'detached' })
        await toast(page, L(edition, 'modal.register.success')).waitFor()
        await accountLink(s, user.name)
      })

      await s.step('log out after registering', async () => {
        await logout(s, false)
      })

      const loginModal = await s.step('login: validation and a wrong captcha', async () => {
        const modal = await openLogin(s)
        await modal.getByRole('img', { name: L(edition, 'form.captchaAlt') }).waitFor()
        await modal.getByRole('button', { name: exact(L(edition, 'modal.login.submit')) }).click()
        await fieldError(modal, L(edition, 'form.loginCode')).getByText(L(edition, 'validation.loginCodeRequired')).waitFor()
        await fieldError(modal, L(edition, 'form.password')).getByText(L(edition, 'validation.passwordRequired')).waitFor()
        await fieldError(modal, L(edition, 'form.validCode')).getByText(L(edition, 'validation.validCodeRequired')).waitFor()
        if (edition === 'en-US') {
          await modal.getByText('Username is required').waitFor()
          await modal.getByText('Password is required').waitFor()
          await modal.getByText('Verification code is required').waitFor()
        }
        const captcha = modal.getByRole('img', { name: L(edition, 'form.captchaAlt') })
        const before = await captcha.getAttribute('src')
        await fill(modal, L(edition, 'form.loginCode'), user.loginCode)
        await fill(modal, L(edition, 'form.password'), user.password)
        await fill(modal, L(edition, 'form.validCode'), 'zzzz')
        const { body } = await apiAnswer(page, '/report/websiteUser/login', () =>
          modal.getByRole('button', { name: exact(L(edition, 'modal.login.submit')) }).click(),
        )
        expect(body.code).not.toBe(200)
        // The server's message is shown, the code is cleared and the captcha refreshed.
        await page.locator('.toaster [role="alert"]').getByText(body.msg).waitFor()
        await expect.poll(() => field(modal, L(edition, 'form.validCode')).inputValue()).toBe('')
        await expect.poll(() => captcha.getAttribute('src')).not.toBe(before)
        return modal
      })

      await s.step('login with the captcha', async () => {
        await login(s, loginModal, user, user.password)
        await accountLink(s, user.name)
      })

      await s.step('edit my info', async () => {
        const link = await accountLink(s, user.name)
        await link.click()
        await page.waitForURL((url) => url.pathname.endsWith('/personalCenter/myInfo'))
        // The drawer closes on a route change; a link to the page already open (English: the login
        // started on My information) leaves it open, so close it by hand.
        await closeDrawer(s)
        await page.getByRole('heading', { level: 1, name: L(edition, 'account.info') }).waitFor()
        await page.getByText(user.companyName, { exact: true }).waitFor()
        await page.getByRole('button', { name: exact(L(edition, 'common.edit')) }).click()
        const form = page.locator('form.account-form')
        expect(await field(form, L(edition, 'form.email')).inputValue()).toBe(user.email)
        await fill(form, L(edition, 'form.contact'), 'not a phone')
        await form.getByRole('button', { name: exact(L(edition, 'common.save')) }).click()
        await fieldError(form, L(edition, 'form.contact')).getByText(L(edition, 'validation.contactFormat')).waitFor()
        await fill(form, L(edition, 'form.contact'), '010-87654321')
        await fill(form, L(edition, 'form.companyName'), `${user.companyName} Ltd`)
        await fill(form, L(edition, 'form.name'), newName)
        const { body } = await apiAnswer(page, '/report/websiteUser/updateUser', () =>
          form.getByRole('button', { name: exact(L(edition, 'common.save')) }).click(),
        )
        expect(body.code, JSON.stringify(body)).toBe(200)
        await toast(page, L(edition, 'account.saved')).waitFor()
        await form.waitFor({ state: 'detached' })
        const info = page.locator('dl.info-list')
        await info.getByText(`${user.companyName} Ltd`, { exact: true }).waitFor()
        await info.getByText('010-87654321', { exact: true }).waitFor()
        // The header follows the new name.
        await accountLink(s, newName)
        await closeDrawer(s)
      })

      await s.step('the profile survives a reload', async () => {
        await page.reload()
        await page.locator('dl.info-list').getByText(newName, { exact: true }).waitFor()
      })

      await s.step('change the password', async () => {
        await page
          .locator('nav.account-nav')
          .getByRole('link', { name: exact(L(edition, 'account.password')) })
          .click()
        await page.waitForURL((url) => url.pathname.endsWith('/personalCenter/updatePwd'))
        await page.getByRole('heading', { level: 1, name: L(edition, 'account.password') }).waitFor()
        // Header and footer hidden on this page.
        expect(await page.locator('header.site-header').count()).toBe(0)
        expect(await page.locator('footer').count()).toBe(0)
        await fill(page, L(edition, 'form.newPassword'), newPassword)
        await fill(page, L(edition, 'form.confirmPassword'), `${newPassword}9`)
        await page.getByRole('button', { name: exact(L(edition, 'common.save')) }).click()
        await fieldError(page, L(edition, 'form.confirmPassword')).getByText(L(edition, 'validation.passwordMismatch')).waitFor()
        await fill(page, L(edition, 'form.confirmPassword'), newPassword)
        const { body } = await apiAnswer(page, '/report/websiteUser/updatePwd', () =>
          page.getByRole('button', { name: exact(L(edition, 'common.save')) }).click(),
        )
        expect(body.code, JSON.stringify(body)).toBe(200)
        await toast(page, L(edition, 'account.pwdSaved')).waitFor()
        await page.waitForURL((url) => url.pathname.endsWith('/personalCenter/myInfo'))
        // The session that changed the password stays valid.
        await page.locator('dl.info-list').getByText(newName, { exact: true }).waitFor()
      })

      await s.step('log out through the confirmation dialog', async () => {
        await logout(s, true)
        const scope = await headerScope(s)
        expect(await scope.getByRole('link', { name: exact(newName) }).count()).toBe(0)
        await closeDrawer(s)
      })

      await s.step('the old password no longer works', async () => {
        const modal = await openLogin(s)
        await fill(modal, L(edition, 'form.loginCode'), user.loginCode)
        await fill(modal, L(edition, 'form.password'), user.password)
        await fill(modal, L(edition, 'form.validCode'), CAPTCHA_CODE)
        const { body } = await apiAnswer(page, '/report/websiteUser/login', () =>
          modal.getByRole('button', { name: exact(L(edition, 'modal.login.submit')) }).click(),
        )
        expect(body.code).toBe(200002)
        await page.locator('.toaster [role="alert"]').getByText(body.msg).waitFor()
        await modal.waitFor()
      })

      await s.step('log in again with the new password', async () => {
        const modal = dialog(page, L(edition, 'modal.login.title'))
        await login(s, modal, user, newPassword)
        await accountLink(s, newName)
      })
    })
  })
})
