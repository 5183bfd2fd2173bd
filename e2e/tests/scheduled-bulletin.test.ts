// A scheduled bulletin: an editor made with the staff command
// line signs in at /staff with the authenticator's code, writes a bulletin in
// the console, schedules it a few seconds ahead, and it appears on the public
// bulletin list (its API and its page, through the BFF) at its time: the job
// queue publishes it and the purge reaches the caches.
import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, useSession, type Edition } from '../support/browser.ts'
import { exact, field, fill, toast } from '../support/site.ts'
import { addStaffAccount, S, signInToConsole } from '../support/staff.ts'

const edition: Edition = 'zh-CN'
const AHEAD_MS = 5_000
/** Published means listed within this after its time (the job queue polls every 2 s; the purge takes ~2 s). */
const LISTED_WITHIN_MS = 10_000

/** Whether the public bulletin list (through the BFF, as the site's pages call it) holds the slug. */
async function listed(siteUrl: string, slug: string): Promise<boolean> {
  const response = await fetch(`${siteUrl}/api/report/researchBriefReport/pageList`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Origin: siteUrl, Accept: 'application/json' },
    body: JSON.stringify({ lang: edition, pageNo: 1, pageSize: 100 }),
  })
  const answer = (await response.json()) as { code: number; data: { list: Array<{ webTitle: string }> } }
  if (answer.code !== 200) throw new Error(`pageList answered ${JSON.stringify(answer)}`)
  return answer.data.list.some((b) => b.webTitle === slug)
}

/** Picks the first real option of a dictionary select (the dictionaries come from the site's API). */
async function chooseFirst(page: Page, label: string): Promise<void> {
  const select = field(page, label)
  const option = select.locator('option[value]:not([value=""])').first()
  await option.waitFor({ state: 'attached' })
  await select.selectOption(await option.getAttribute('value'))
}

describe('a scheduled bulletin on a desktop', () => {
  const session = useSession('scheduled-bulletin', DESKTOP, edition)

  it('an editor schedules a bulletin and it is on the public list at its time', { timeout: 120_000 }, async () => {
    const s = session()
    const { page, siteUrl } = s
    const id = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`
    const slug = `e2e-scheduled-bulletin-${id}`
    const title = `定时简报 ${id}`

    const staff = await s.step('an editor account is made with the staff command', () => addStaffAccount('editor'))
    await s.step('the editor signs in at /staff with the TOTP code', () =>
      signInToConsole(page, `${siteUrl}/staff/bulletins`, staff, edition),
    )

    await s.step('a new bulletin is written and saved as a draft', async () => {
      await page.getByRole('link', { name: exact(S(edition, 'staff.nav.bulletins')) }).click()
      await page.getByRole('link', { name: exact(S(edition, 'staff.articles.bulletins.new')) }).click()
      await page.getByRole('heading', { level: 1, name: S(edition, 'staff.articles.bulletins.new') }).waitFor()
      await field(page, S(edition, 'staff.articles.language')).selectOption(edition)
      await fill(page, S(edition, 'staff.field.title'), title)
      await fill(page, S(edition, 'staff.field.slug'), slug)
      await chooseFirst(page, S(edition, 'staff.field.subType'))
      await chooseFirst(page, S(edition, 'staff.field.topLabel'))
      await fill(page, S(edition, 'staff.field.price', { currency: 'CNY' }), '199')
      await fill(page, S(edition, 'staff.field.outline'), `An e2e bulletin ${id}`)
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/staff-api/bulletins' && r.request().method() === 'POST')
      await page.getByRole('button', { name: exact(S(edition, 'staff.editor.save')) }).click()
      const response = await saved
      expect(response.status(), await response.text()).toBe(200)
      await toast(page, S(edition, 'staff.editor.saved')).waitFor()
      expect(await listed(siteUrl, slug)).toBe(false)
    })

    const at = await s.step(`the editor schedules it ${AHEAD_MS / 1000} s ahead`, async () => {
      // The browser's own local time, as the datetime-local field reads it.
      const { local, iso } = await page.evaluate((ahead) => {
        const when = new Date(Date.now() + ahead)
        when.setMilliseconds(0)
        const pad = (n: number) => String(n).padStart(2, '0')
        const local = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${pad(when.getHours())}:${pad(when.getMinutes())}:${pad(when.getSeconds())}`
        return { local, iso: when.toISOString() }
      }, AHEAD_MS)
      await fill(page, S(edition, 'staff.actions.at'), local)
      const scheduled = page.waitForResponse((r) => /\/staff-api\/bulletins\/\d+\/publish$/.test(new URL(r.url()).pathname))
      await page.getByRole('button', { name: exact(S(edition, 'staff.actions.schedule')) }).click()
      const response = await scheduled
      expect(response.status(), await response.text()).toBe(200)
      expect(((await response.json()) as { data: { status: string; publishAt: string } }).data).toMatchObject({
        status: 'scheduled',
        publishAt: iso,
      })
      await toast(page, S(edition, 'staff.actions.scheduled')).waitFor()
      return new Date(iso).getTime()
    })

    await s.step('it is not public before its time, and is on the public list within seconds of it', async () => {
      if (Date.now() < at - 1_000) expect(await listed(siteUrl, slug)).toBe(false)
      const deadline = at + LISTED_WITHIN_MS
      while (!(await listed(siteUrl, slug))) {
        if (Date.now() > deadline) throw new Error(`the bulletin was not listed within ${LISTED_WITHIN_MS / 1000} s of its time`)
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      const visitor = await page.context().newPage()
      try {
        await visitor.goto(`${siteUrl}/bulletin`)
        await visitor.getByText(title).first().waitFor({ timeout: 5_000 })
      } finally {
        await visitor.close()
      }
    })
  })
})
