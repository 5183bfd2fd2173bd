// Journey 2: a visitor submits the custom request form. Every validation
// message of the spec (section 5) appears for bad input; a valid request is
// stored (the API answers its id) and staff are mailed.
import { randomBytes } from 'node:crypto'
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, useSession, type Edition } from '../support/browser.ts'
import { waitForMail } from '../support/mail.ts'
import { apiAnswer, dialog, exact, field, fieldError, fill, L } from '../support/site.ts'

const STAFF_EMAIL = 'service@hengzhi-research.cn'
const EDITIONS: Edition[] = ['zh-CN', 'en-US']

/** The spec's English copy; the Chinese edition shows its catalogue's translation of the same message. */
const SPEC_MESSAGES_EN = {
  companyName: 'Please enter the company name',
  email: 'Please enter your email address',
  emailFormat: 'Please enter the correct format email address',
  contact: 'Please enter a phone number',
  contactFormat: 'Please enter the correct format for contact phone number',
  name: 'Please enter a contact person',
  demand: 'Please briefly describe your needs',
  version: 'Please select a version',
}

async function errorText(scope: Locator, label: string): Promise<string> {
  const error = fieldError(scope, label)
  await error.waitFor()
  return ((await error.textContent()) ?? '').trim()
}

describe.each([DESKTOP, PHONE])('journey 2: custom request on $name', (device) => {
  describe.each(EDITIONS)('%s edition', (edition) => {
    const session = useSession('02-custom-request', device, edition)
    const label = (field: string) => L(edition, `form.${field}`)

    it('shows every validation message, then stores a valid request and mails staff', async () => {
      const s = session()
      const { page } = s
      const form = page.locator('section.market-form form')

      await s.step('open the custom research page', async () => {
        await page.goto(s.url('/market'))
        await page.getByRole('heading', { level: 2, name: L(edition, 'market.formTitle') }).waitFor()
      })

      await s.step('submit the empty form: every required message', async () => {
        await form.getByRole('button', { name: exact(L(edition, 'common.submit')) }).click()
        expect(await errorText(form, label('companyName'))).toBe(L(edition, 'validation.companyNameRequired'))
        expect(await errorText(form, label('email'))).toBe(L(edition, 'validation.emailRequired'))
        expect(await errorText(form, label('contact'))).toBe(L(edition, 'validation.contactRequired'))
        expect(await errorText(form, label('name'))).toBe(L(edition, 'validation.nameRequired'))
        expect(await errorText(form, label('demand'))).toBe(L(edition, 'validation.demandRequired'))
        // Position is optional.
        expect(await fieldError(form, label('addr')).count()).toBe(0)
        if (edition === 'en-US') {
          expect(await errorText(form, label('companyName'))).toBe(SPEC_MESSAGES_EN.companyName)
          expect(await errorText(form, label('email'))).toBe(SPEC_MESSAGES_EN.email)
          expect(await errorText(form, label('contact'))).toBe(SPEC_MESSAGES_EN.contact)
          expect(await errorText(form, label('name'))).toBe(SPEC_MESSAGES_EN.name)
          expect(await errorText(form, label('demand'))).toBe(SPEC_MESSAGES_EN.demand)
        }
        // The fields are marked invalid for assistive technology.
        expect(await field(form, label('companyName')).getAttribute('aria-invalid')).toBe('true')
      })

      await s.step('badly formatted e-mail and phone', async () => {
        for (const [email, phone] of [
          ['ab@example.com', '12345'], // two characters before @; not a phone number
          ['abc@example.COM', '010-1234567'], // upper-case top-level domain; landline with 7 digits
          ['.abc@example.com', '1234567890123'], // starts with a dot; 13 digits
        ] as const) {
          await fill(form, label('email'), email)
          await fill(form, label('contact'), phone)
          await form.getByRole('button', { name: exact(L(edition, 'common.submit')) }).click()
          expect(await errorText(form, label('email')), email).toBe(L(edition, 'validation.emailFormat'))
          expect(await errorText(form, label('contact')), phone).toBe(L(edition, 'validation.contactFormat'))
        }
        if (edition === 'en-US') {
          expect(await errorText(form, label('email'))).toBe(SPEC_MESSAGES_EN.emailFormat)
          expect(await errorText(form, label('contact'))).toBe(SPEC_MESSAGES_EN.contactFormat)
        }
      })

      const marker = `E2E-${device.name}-${edition}-${randomBytes(4).toString('hex')}`
      const visitorEmail = `visitor.${marker.toLowerCase()}@example.com`
      const id = await s.step('a valid request is stored', async () => {
        await fill(form, label('companyName'), `Acme ${marker}`)
        await fill(form, label('addr'), 'Head of Strategy')
        await fill(form, label('email'), visitorEmail)
        // A landline (3-4 digit area code, hyphen, 8 digits) is valid too.
        await fill(form, label('contact'), device.name === 'phone' ? '0755-12345678' : '13812345678')
        await fill(form, label('name'), 'Li Lei')
        await fill(form, label('demand'), `Market sizing of solid-state batteries, ${marker}`)
        expect(await form.locator('.field-error').count(), 'the errors clear as the fields are corrected').toBe(0)
        const { body } = await apiAnswer<{ id: string }>(page, '/basedata/customerInfo/save', () =>
          form.getByRole('button', { name: exact(L(edition, 'common.submit')) }).click(),
        )
        expect(body.code).toBe(200)
        expect(body.data.id).toMatch(/^\d+$/)
        await form
          .getByRole('status')
          .filter({ hasText: L(edition, 'modal.custom.success') })
          .waitFor()
        // The form is emptied for the next request.
        expect(await field(form, label('companyName')).inputValue()).toBe('')
        return body.data.id
      })

      await s.step('staff are mailed', async () => {
        const mail = await waitForMail(STAFF_EMAIL, (m) => m.text.includes(marker))
        expect(mail.subject).toContain(`#${id}`)
        expect(mail.subject).toContain(`Acme ${marker}`)
        expect(mail.text).toContain(visitorEmail)
        expect(mail.text).toContain(edition)
      })
    })

    if (edition === 'zh-CN') {
      it('a sample request from a report asks for the version (China / Global)', async () => {
        const s = session()
        const { page } = s
        await s.step('open a report and ask for a sample', async () => {
          await page.goto(s.url('/report-industries'))
          const link = page.locator('ul.item-list h2 a').first()
          await link.click()
          await page.waitForURL(/\/reports\/[^/]+$/)
          await page.getByRole('button', { name: exact(L(edition, 'reports.sample')) }).click()
        })
        const modal = dialog(page, L(edition, 'modal.sample.title'))
        await s.step('the version is required', async () => {
          await modal.waitFor()
          await modal.getByRole('button', { name: exact(L(edition, 'common.submit')) }).click()
          const versionError = modal.getByRole('radiogroup').locator('.field-error')
          await versionError.waitFor()
          expect(((await versionError.textContent()) ?? '').trim()).toBe(L(edition, 'validation.versionRequired'))
          expect(await errorText(modal, label('companyName'))).toBe(L(edition, 'validation.companyNameRequired'))
        })
        const marker = `E2E-sample-${device.name}-${randomBytes(4).toString('hex')}`
        await s.step('a valid sample request is stored and staff are mailed', async () => {
          await modal.getByRole('radio', { name: L(edition, 'form.version.1') }).check()
          expect(await modal.getByRole('radiogroup').locator('.field-error').count()).toBe(0)
          await fill(modal, label('companyName'), `Sample Co ${marker}`)
          await fill(modal, label('email'), `sample.${marker.toLowerCase()}@example.com`)
          await fill(modal, label('contact'), '13912345678')
          await fill(modal, label('name'), '王五')
          await fill(modal, label('demand'), `请提供样本 ${marker}`)
          const { body } = await apiAnswer<{ id: string }>(page, '/basedata/customerInfo/save', () =>
            modal.getByRole('button', { name: exact(L(edition, 'common.submit')) }).click(),
          )
          expect(body.code).toBe(200)
          await modal.waitFor({ state: 'detached' })
          await page.locator('.toaster').getByText(L(edition, 'modal.custom.success')).waitFor()
          const mail = await waitForMail(STAFF_EMAIL, (m) => m.text.includes(marker))
          expect(mail.text).toContain('全球及中国版')
          expect(mail.subject).toContain(`#${body.data.id}`)
        })
      })
    }
  })
})
