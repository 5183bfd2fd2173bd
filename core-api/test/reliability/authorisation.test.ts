import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { registerUser, readableMail, type RegisteredUser } from '../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { authed, bulletinWithFile, postNotification, reportWithPrices, signedAlipayNotification } from '../helpers/orders.ts'

// Every user-scoped call, asked by the wrong user, must answer as if the
// record did not exist, and change nothing. Files are reachable only for a
// paid order of the caller, and only inside the file store; mailed links
// only as issued, before they expire and while downloads remain.
let t: TestApp
const BRIEF = '/report/websiteUserOrder'
const RESEARCH = '/report/websiteUserResearchOrder'
let owner: RegisteredUser
let intruder: RegisteredUser
let paidBrief: { id: string; orderNo: string }
let unpaidResearch: { id: string; orderNo: string }
let paidResearch: { id: string; orderNo: string }
let link: string

async function pay(orderNo: string, amount: number) {
  expect((await postNotification(t.app, await signedAlipayNotification({ orderNo, amount }))).body).toBe('success')
}

beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'http://site.test', DOWNLOAD_LINK_MAX: 3 })
  owner = await registerUser(t.app)
  intruder = await registerUser(t.app)
  const api = authed(t.app, owner.token)
  const { bulletin } = await bulletinWithFile(t.app)
  paidBrief = body(
    await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod: 'zfb', payPrice: 299 }),
  ).data
  await pay(paidBrief.orderNo, 29900)
  const { report } = await reportWithPrices(t.app, { file: true })
  paidResearch = body(await api.post(`${RESEARCH}/save`, { reportId: String(report.id), edition: 'standard', licence: 'single' })).data
  await api.post(`${RESEARCH}/payOrder`, { id: paidResearch.id, payMethod: 'zfb', payPrice: 6800 })
  await pay(paidResearch.orderNo, 680000)
  const other = await reportWithPrices(t.app)
  unpaidResearch = body(
    await api.post(`${RESEARCH}/save`, { reportId: String(other.report.id), edition: 'standard', licence: 'single' }),
  ).data
  link = await mailedLink(owner.email)
})
afterAll(() => t?.close())

/** The signed link of the owner's delivery mail; the bulletin's mail (no link) may arrive after it. */
async function mailedLink(to: string): Promise<string> {
  const deadline = Date.now() + 5000
  while (Date.now() < deadline) {
    for (const file of await readdir(path.join(t.dataDir, 'outbox')).catch(() => [] as string[])) {
      const raw = await readFile(path.join(t.dataDir, 'outbox', file), 'utf8')
      const found = raw.includes(`To: ${to}`) ? /http:\/\/site\.test\/api\/download\/[A-Za-z0-9_-]+/.exec(readableMail(raw)) : null
      if (found) return found[0]
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('no delivery mail with a link')
}

async function snapshot() {
  return t.app.db.sequelize.query(`SELECT id, status, email, pay_method, updated_at FROM website_order ORDER BY id`, {
    type: QueryTypes.SELECT,
  })
}

describe("another user's ids", () => {
  it('are answered 100004 by every order call, and nothing changes', async () => {
    const before = await snapshot()
    const api = authed(t.app, intruder.token)
    const calls: [string, Record<string, unknown>][] = [
      [`${BRIEF}/downFile`, { id: paidBrief.id }],
      [`${BRIEF}/downFile`, { id: paidResearch.id }],
      [`${BRIEF}/cancelOrder`, { id: paidBrief.id }],
      [`${BRIEF}/payOrder`, { id: paidBrief.id, payMethod: 'zfb', payPrice: 299 }],
      [`${RESEARCH}/cancelOrder`, { id: unpaidResearch.id }],
      [`${RESEARCH}/payOrder`, { id: unpaidResearch.id, payMethod: 'zfb', payPrice: 6800 }],
      [`${RESEARCH}/updateEmail`, { id: unpaidResearch.id, email: 'thief@example.com', confirmEmail: 'thief@example.com' }],
    ]
    for (const [url, payload] of calls) {
      const res = await api.post(url, payload)
      expect(body(res).code, url).toBe(100004)
      expect(res.statusCode, url).toBe(200)
    }
    expect(await snapshot()).toEqual(before)
  })

  it('never appear in their lists', async () => {
    const api = authed(t.app, intruder.token)
    for (const url of [`${BRIEF}/orderList`, `${RESEARCH}/orderList`, `${BRIEF}/downList`]) {
      const answer = body(await api.post(url, { pageSize: 100 }))
      expect(answer.code, url).toBe(200)
      expect(answer.data.count, url).toBe(0)
    }
    const own = body(await authed(t.app, owner.token).post(`${BRIEF}/downList`, { pageSize: 100 }))
    expect(own.data.list.map((o: { id: string }) => o.id).sort()).toEqual([paidBrief.id, paidResearch.id].sort())
  })

  it('cannot be named on the profile calls, which act only on the token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/report/websiteUser/updateUser',
      headers: { 'website-token': intruder.token },
      payload: { id: owner.id, name: 'Mallory' },
    })
    expect(res.statusCode).toBe(200)
    const info = await t.app.inject({ url: `/report/websiteUser/getUserInfo?id=${owner.id}`, headers: { 'website-token': intruder.token } })
    expect(info.statusCode).toBe(200)
    const mine = body(await t.app.inject({ url: '/report/websiteUser/getUserInfo', headers: { 'website-token': intruder.token } }))
    expect(mine.data.id).toBe(intruder.id)
    expect(
      body(await t.app.inject({ url: '/report/websiteUser/getUserInfo', headers: { 'website-token': owner.token } })).data.name,
    ).not.toBe('Mallory')
  })

  it("are kind-checked too: a research order id is not the owner's bulletin order", async () => {
    const res = await authed(t.app, owner.token).post(`${BRIEF}/cancelOrder`, { id: unpaidResearch.id })
    expect(body(res).code).toBe(100004)
  })
})

describe('downloads', () => {
  it('refuse an unpaid order of the owner', async () => {
    expect(body(await authed(t.app, owner.token).post(`${BRIEF}/downFile`, { id: unpaidResearch.id })).code).toBe(100010)
  })

  it('refuse ids shaped like paths', async () => {
    for (const id of ['../1', '1/../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '/etc/passwd', `${paidBrief.id}/..`]) {
      const res = await authed(t.app, owner.token).post(`${BRIEF}/downFile`, { id })
      expect(res.statusCode, id).toBe(200)
    }
  })

  it('refuse a stored key that leaves the file store, answering no bytes of the target', async () => {
    const [secret] = await t.app.db.sequelize.query<{ id: string }>(
      `INSERT INTO website_order (order_no, kind, user_id, product_id, lang, title, amount, currency, status, paid_at, expires_at, attachment_key, attachment_name)
       VALUES ('B-traversal-1', 'brief', $1, 1, 'zh-CN', 't', 100, 'CNY', '1', now(), now(), '../../../../etc/passwd', 'passwd') RETURNING id::text`,
      { bind: [owner.id], type: QueryTypes.SELECT },
    )
    for (const key of ['../../../../etc/passwd', '/etc/passwd', 'files/../../outside.pdf', 'reports/./x.pdf']) {
      await t.app.db.sequelize.query(`UPDATE website_order SET attachment_key = $2 WHERE id = $1`, { bind: [secret!.id, key] })
      const res = await authed(t.app, owner.token).post(`${BRIEF}/downFile`, { id: secret!.id })
      expect(res.statusCode, key).toBe(200)
      expect(body(res).code, key).toBe(100004)
      expect(res.body, key).not.toContain('root:')
    }
  })
})

describe('signed links', () => {
  const pathOf = (url: string) => new URL(url).pathname.replace(/^\/api/, '')

  it('serve the file as issued', async () => {
    const res = await t.app.inject({ url: pathOf(link) })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('refuse every tampered form of the token', async () => {
    const token = pathOf(link).split('/').pop()!
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1)
    const forms = [
      flip(token, 0),
      flip(token, token.length - 1),
      token.slice(0, -1),
      `${token}A`,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
    ]
    for (const form of forms) {
      const res = await t.app.inject({ url: `/download/${form}` })
      expect(res.statusCode, form).toBe(404)
    }
    for (const hostile of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', `${token}%00.pdf`, `..%2F${token}`]) {
      const res = await t.app.inject({ url: `/download/${hostile}` })
      expect(res.statusCode, hostile).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, hostile).toBeLessThan(500)
    }
  })

  it('refuse an expired link, and a link of an order that is no longer paid', async () => {
    const token = pathOf(link).split('/').pop()!
    await t.app.db.sequelize.query(`UPDATE download_link SET expires_at = now() - interval '1 second' WHERE order_id = $1`, {
      bind: [paidResearch.id],
    })
    expect((await t.app.inject({ url: `/download/${token}` })).statusCode).toBe(404)
    await t.app.db.sequelize.query(`UPDATE download_link SET expires_at = now() + interval '1 day' WHERE order_id = $1`, {
      bind: [paidResearch.id],
    })
    expect((await t.app.inject({ url: `/download/${token}` })).statusCode).toBe(200)
    // A refunded (here: cancelled) order's link stops working.
    await t.app.db.sequelize.query(`UPDATE website_order SET status = '2' WHERE id = $1`, { bind: [paidResearch.id] })
    expect((await t.app.inject({ url: `/download/${token}` })).statusCode).toBe(404)
    await t.app.db.sequelize.query(`UPDATE website_order SET status = '1' WHERE id = $1`, { bind: [paidResearch.id] })
  })

  it('refuse a link that has used up its downloads', async () => {
    const token = pathOf(link).split('/').pop()!
    let served = 0
    for (let i = 0; i < 6; i++) if ((await t.app.inject({ url: `/download/${token}` })).statusCode === 200) served++
    const [row] = await t.app.db.sequelize.query<{ downloads: number; max: number }>(
      `SELECT downloads, max_downloads AS max FROM download_link WHERE order_id = $1`,
      { bind: [paidResearch.id], type: QueryTypes.SELECT },
    )
    expect(row!.downloads).toBe(3)
    expect(served).toBeLessThan(6)
    expect((await t.app.inject({ url: `/download/${token}` })).statusCode).toBe(404)
  })
})
