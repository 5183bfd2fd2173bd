// Logging in through the page, as a person does: the Chinese edition offers
// Login in the header (the drawer on a phone); the English header has none
// (spec section 2), so English visitors meet it in the personal centre.
import type { Locator } from 'playwright-core'
import { expect } from 'vitest'
import type { TestUser } from './api.ts'
import type { Session } from './browser.ts'
import { CAPTCHA_CODE } from './constants.ts'
import { apiAnswer, dialog, exact, fill, headerScope, L, toast } from './site.ts'

/** Opens the login modal where the session's edition offers it. */
export async function openLogin(s: Session): Promise<Locator> {
  const { page, edition } = s
  const modal = dialog(page, L(edition, 'modal.login.title'))
  if (edition === 'zh-CN') {
    const scope = await headerScope(s)
    await scope.getByRole('button', { name: exact(L(edition, 'header.login')) }).click()
  } else {
    await page.goto(s.url('/personalCenter/myInfo'))
    await page.getByText(L(edition, 'account.needLogin')).waitFor()
    await page
      .locator('main, #root')
      .getByRole('button', { name: exact(L(edition, 'header.login')) })
      .first()
      .click()
  }
  await modal.waitFor()
  return modal
}

/** Fills the open login modal (with the test captcha) and expects success. */
export async function login(s: Session, modal: Locator, user: Pick<TestUser, 'loginCode'>, password: string): Promise<void> {
  const { page, edition } = s
  await fill(modal, L(edition, 'form.loginCode'), user.loginCode)
  await fill(modal, L(edition, 'form.password'), password)
  await fill(modal, L(edition, 'form.validCode'), CAPTCHA_CODE)
  const { body } = await apiAnswer(page, '/report/websiteUser/login', () =>
    modal.getByRole('button', { name: exact(L(edition, 'modal.login.submit')) }).click(),
  )
  expect(body.code, JSON.stringify(body)).toBe(200)
  await modal.waitFor({ state: 'detached' })
  await toast(page, L(edition, 'modal.login.success')).waitFor()
}
