// The ops journey: an operator signs in on the ops page, lowers the limit on
// custom requests, and a visitor's next request is refused with the site's
// message; the operator sees the refusal in the last hour's chart, lets the
// address back in, resets the limit, and finds each action in the audit log.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, useSession, type Edition } from '../support/browser.ts'
import { REPO_ROOT } from '../support/constants.ts'
import { exact, field, fill, L, toast } from '../support/site.ts'

// The ops page's own messages (a chunk of their own, not in the site's catalogues).
const { opsMessages } = (await import(pathToFileURL(path.join(REPO_ROOT, 'client', 'src', 'features', 'ops', 'messages.ts')).href)) as {
  opsMessages: Record<Edition, Record<string, string>>
}
const O = (edition: Edition, id: string, values: Record<string, string | number> = {}) => {
  const text = opsMessages[edition][id]
  if (text === undefined) throw new Error(`no ops message ${id}`)
  return text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all))
}

const LIMIT = 'RATE_LIMIT_CUSTOMER_INFO_MAX'

/** The ops API, as a script would call it: to leave the stack as the other journeys expect it, whatever happened. */
async function opsApi(method: 'PATCH' | 'POST', apiPath: string, body: object): Promise<void> {
  await fetch(`${inject('siteUrl')}${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${inject('opsToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

afterAll(async () => {
  await opsApi('PATCH', '/bff/ops/settings', { [LIMIT]: null })
  for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
    await opsApi('POST', '/bff/ops/unblock', { address, policy: 'customerInfo' })
})

describe.each<Edition>(['zh-CN', 'en-US'])('ops journey on a desktop, %s', (edition) => {
  const session = useSession('ops', DESKTOP, edition)

  it("lowers the custom-request limit on the ops page, and a visitor is then refused with the site's message", async () => {
    const s = session()
    const { page } = s

    await s.step('the ops page is not indexed and asks for a token', async () => {
      const response = await page.goto(s.url('/ops'))
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
      await page.getByRole('heading', { name: O(edition, 'ops.signIn.title') }).waitFor()
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow')
    })

    await s.step('a wrong token is refused, the right one signs in (for a cookie, not kept by the page)', async () => {
      await fill(page, O(edition, 'ops.signIn.token'), 'not-the-token')
      await page.getByRole('button', { name: exact(O(edition, 'ops.signIn.submit')) }).click()
      // The sign-in card shows the refusal itself, in an alert it moves focus to (not a toast).
      const refusal = page.getByRole('alert').filter({ hasText: edition === 'en-US' ? 'Invalid operations token.' : '运维令牌无效' })
      await refusal.waitFor()
      expect(await refusal.evaluate((element) => element === document.activeElement)).toBe(true)
      await fill(page, O(edition, 'ops.signIn.token'), inject('opsToken'))
      await page.getByRole('button', { name: exact(O(edition, 'ops.signIn.submit')) }).click()
      await page.getByText(O(edition, 'ops.signedInAs', { operator: 'e2e' })).waitFor()
      const cookies = await s.context.cookies()
      expect(cookies.find((c) => c.name === 'rpt_ops')?.httpOnly).toBe(true)
      const stored = await page.evaluate(
        () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
      )
      expect(stored).not.toContain(inject('opsToken'))
    })

    await s.step('an out-of-range value is refused on the page, before anything is sent', async () => {
      await fill(page, LIMIT, '0')
      await page.getByRole('button', { name: exact(O(edition, 'ops.settings.save')) }).click()
      await page.getByText(O(edition, 'ops.settings.invalid', { min: 1, max: 1_000_000 })).waitFor()
    })

    await s.step('the limit is lowered to one request per window', async () => {
      await fill(page, LIMIT, '1')
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/bff/ops/settings' && r.request().method() === 'PATCH')
      await page.getByRole('button', { name: exact(O(edition, 'ops.settings.save')) }).click()
      expect((await saved).status()).toBe(200)
      await toast(page, O(edition, 'ops.settings.saved', { names: LIMIT })).waitFor()
      expect(await field(page, LIMIT).inputValue()).toBe('1')
    })

    await s.step("a visitor sends custom requests until the second is refused with the site's message", async () => {
      const visitor = await s.context.newPage()
      await visitor.goto(s.url('/market'))
      // Typed before hydration, a field is reset by it: wait until the page's scripts have run.
      await visitor.waitForLoadState('networkidle')
      const form = visitor.locator('section.market-form form')
      const label = (name: string) => L(edition, `form.${name}`)
      const refusal = toast(visitor, edition === 'en-US' ? 'Too many requests. Please try again later.' : '请求过于频繁，请稍后再试')
      let refused = false
      for (let attempt = 0; attempt < 2 && !refused; attempt++) {
        await fill(form, label('companyName'), `Acme ops ${attempt}`)
        await fill(form, label('email'), `ops.visitor.${attempt}@example.com`)
        await fill(form, label('contact'), '13812345678')
        await fill(form, label('name'), 'Li Lei')
        await fill(form, label('demand'), 'Market sizing of solid-state batteries')
        const answered = visitor.waitForResponse((r) => new URL(r.url()).pathname === '/api/basedata/customerInfo/save')
        await form.getByRole('button', { name: exact(L(edition, 'common.submit')) }).click()
        refused = (await answered).status() === 429
      }
      expect(refused, 'one of two requests within the window is refused').toBe(true)
      await refusal.waitFor()
      await s.shot('visitor refused', visitor)
      await visitor.close()
    })

    await s.step('the refusal shows in the last hour, and the address is let back in from there', async () => {
      await page.getByRole('button', { name: exact(O(edition, 'ops.stats.refresh')) }).click()
      const card = page.locator('.ops-chart-card', { hasText: /^customerInfo/ })
      await card.getByRole('img').waitFor()
      await card.locator('summary').click()
      await card
        .getByRole('button', { name: exact(O(edition, 'ops.unblock.submit')) })
        .first()
        .click()
      await toast(page, O(edition, 'ops.unblock.done', { count: 1 })).waitFor()
    })

    await s.step('the limit goes back to its start value, and the audit log names the operator for each action', async () => {
      await page.getByRole('button', { name: O(edition, 'ops.settings.reset', { name: LIMIT }) }).click()
      await page.getByRole('button', { name: exact(O(edition, 'ops.settings.save')) }).click()
      await toast(page, O(edition, 'ops.settings.saved', { names: LIMIT })).waitFor()
      const audit = page.locator('#ops-audit table')
      await page.reload()
      await audit.waitFor()
      const rows = audit.locator('tbody tr')
      const texts = await rows.allInnerTexts()
      const ours = texts.slice(0, 3)
      expect(ours[0]).toContain(O(edition, 'ops.audit.action.settings'))
      expect(ours[0]).toContain(`"${LIMIT}":1`)
      expect(ours[1]).toContain(O(edition, 'ops.audit.action.unblock'))
      expect(ours[2]).toContain(`"${LIMIT}":1`)
      for (const row of ours) expect(row).toContain('e2e')
      expect(await field(page, LIMIT).inputValue()).toBe('100000')
    })
  })
})
