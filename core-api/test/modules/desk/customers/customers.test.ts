import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  decodeQuotedPrintable,
  encrypt,
  login,
  registerUser,
  TEST_CAPTCHA,
  waitForMail,
  type RegisteredUser,
} from '../../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { staffCaller, type Call } from '../../../helpers/staff-reports.ts'

// The customers desk through the real routes and database: the
// website's accounts found, read (each view audited) and acted on by sales
// and admin, with the site's own sign-in, lock and reset-mail code.
let t: TestApp
let sales: { name: string; call: Call; raw: Call }
let admin: { name: string; call: Call }
let editor: { raw: Call }
let finance: { raw: Call }
const users: Record<'alice' | 'bob' | 'carol' | 'dave', RegisteredUser> = {} as never

const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })
const audits = (target: string) =>
  q<{ actor: string; action: string; ip: string | null; before: any; after: any }>(
    `SELECT actor, action, ip, before, after FROM staff_audit WHERE target = $1 AND action LIKE 'customer.%' ORDER BY id`,
    [target],
  )
const ids = async (query: string) => (await sales.call('GET', `/staff/customers?${query}`)).data.list.map((c: any) => c.id)
const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload })

beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA_TEST_CODE: TEST_CAPTCHA, SITE_URL: 'https://research.example.com', LOGIN_MAX_FAILURES: 3 })
  sales = await staffCaller(t.app, 'sales')
  admin = await staffCaller(t.app, 'admin')
  editor = await staffCaller(t.app, 'editor')
  finance = await staffCaller(t.app, 'finance')
  users.alice = await registerUser(t.app, { companyName: 'Acme Storage Ltd', contact: '021-58881234', email: 'alice@acme.example.com' })
  users.bob = await registerUser(t.app, { companyName: 'Zeta Energy Co', contact: '13800001111', email: 'bob@zeta.example.com' })
  users.carol = await registerUser(t.app, { companyName: 'Carol Batteries', email: 'carol@example.com' })
  users.dave = await registerUser(t.app, { companyName: 'Dave Cells', email: 'dave@example.com' })
  // Registered a day apart, alice first: the list is newest first.
  for (const [n, name] of (['alice', 'bob', 'carol', 'dave'] as const).entries()) {
    await t.app.db.sequelize.query(
      `UPDATE website_user SET created_at = '2026-11-01T00:00:00Z'::timestamptz + $2 * interval '1 day' WHERE id = $1`,
      {
        bind: [users[name].id, n],
      },
    )
  }
  // Alice bought a report, downloaded its file twice, and sent a custom request.
  const [order] = await q<{ id: string }>(
    `INSERT INTO website_order (order_no, kind, user_id, product_id, lang, title, amount, currency, status, expires_at, paid_at, attachment_key, attachment_name)
     VALUES ('C100', 'research', $1, 1, 'zh-CN', '储能电池报告', 680000, 'CNY', '1', now(), now(), 'k/c100.pdf', 'c100.pdf') RETURNING id::text AS id`,
    [users.alice.id],
  )
  await t.app.db.sequelize.query(
    `INSERT INTO download_log (user_id, order_id, via, client_ip, created_at) VALUES ($1, $2, 'session', '127.0.0.1', now() - interval '1 hour'), (NULL, $2, 'link', '127.0.0.1', now())`,
    { bind: [users.alice.id, order!.id] },
  )
  const sent = await post('/basedata/customerInfo/save', {
    lang: 'zh-CN',
    type: '2',
    companyName: 'Acme Storage Ltd',
    addr: '采购经理',
    contact: '021-58881234',
    name: '李先生',
    email: 'ALICE@acme.example.com',
    demand: '储能电池市场规模',
  })
  expect(body(sent).code, sent.body).toBe(200)
})
afterAll(() => t?.close())

describe('finding customers', () => {
  it('lists accounts newest first, paged on the server', async () => {
    const first = await sales.call('GET', '/staff/customers?pageSize=3')
    expect(first).toMatchObject({ code: 200, data: { count: 4, pageNo: 1, pageSize: 3 } })
    expect(first.data.list.map((c: any) => c.id)).toEqual([users.dave.id, users.carol.id, users.bob.id])
    expect(first.data.list[2]).toMatchObject({
      loginCode: users.bob.loginCode,
      company: 'Zeta Energy Co',
      email: 'bob@zeta.example.com',
      phone: '13800001111',
      status: 'active',
      lockedUntil: null,
    })
    expect(await ids('pageSize=3&pageNo=2')).toEqual([users.alice.id])
  })

  it('finds an account by its login, e-mail, company or phone', async () => {
    expect(await ids(`q=${users.bob.loginCode.toUpperCase()}`)).toEqual([users.bob.id])
    expect(await ids('q=zeta.example')).toEqual([users.bob.id])
    expect(await ids('q=ACME%20storage')).toEqual([users.alice.id])
    expect(await ids('q=021-5888')).toEqual([users.alice.id])
    // The phone by its digits, however it is typed.
    expect(await ids(`q=${encodeURIComponent('(021) 5888 1234')}`)).toEqual([users.alice.id])
    expect(await ids('q=1380000')).toEqual([users.bob.id])
    expect(await ids('q=100%25')).toEqual([])
    expect(await ids('q=_')).toEqual([])
    expect((await sales.call('GET', '/staff/customers?q=example.com&pageSize=1')).data).toMatchObject({ count: 4 })
  })

  it('refuses editors and finance (403) on every call, and anonymous callers (401)', async () => {
    const id = users.alice.id
    for (const caller of [editor, finance]) {
      for (const [method, url] of [
        ['GET', '/staff/customers'],
        ['GET', `/staff/customers/${id}`],
        ['POST', `/staff/customers/${id}/unlock`],
        ['POST', `/staff/customers/${id}/reset-mail`],
        ['POST', `/staff/customers/${id}/disable`],
        ['POST', `/staff/customers/${id}/enable`],
      ] as const) {
        const res = await caller.raw(method, url, method === 'POST' ? {} : undefined)
        expect(res.statusCode, `${method} ${url}`).toBe(403)
        expect(body(res)).toMatchObject({ code: 300004, data: null })
      }
    }
    expect((await t.app.inject({ url: '/staff/customers' })).statusCode).toBe(401)
    // Nothing was viewed or changed by the refused calls.
    expect(await audits(id)).toEqual([])
  })
})

describe("a customer's page", () => {
  it('shows the account, its orders, downloads and requests, and audits every view', async () => {
    const page = await sales.call('GET', `/staff/customers/${users.alice.id}`)
    expect(page.code).toBe(200)
    expect(page.data).toMatchObject({
      id: users.alice.id,
      loginCode: users.alice.loginCode,
      company: 'Acme Storage Ltd',
      position: '采购经理',
      email: 'alice@acme.example.com',
      lang: 'zh-CN',
      status: 'active',
      activeSessions: 1,
      failedLogins: 0,
    })
    expect(page.data.orders).toEqual([
      expect.objectContaining({ orderNo: 'C100', state: 'paid', amount: 6800, buyer: users.alice.loginCode }),
    ])
    expect(page.data.downloads.map((d: any) => [d.orderNo, d.via])).toEqual([
      ['C100', 'link'],
      ['C100', 'session'],
    ])
    expect(page.data.requests).toEqual([expect.objectContaining({ type: 'custom', status: 'new', company: 'Acme Storage Ltd' })])
    expect(JSON.stringify(page.data)).not.toMatch(/argon|password_hash|token/i)

    await admin.call('GET', `/staff/customers/${users.alice.id}?lang=en-US`)
    const views = await audits(users.alice.id)
    expect(views.map((a) => [a.action, a.actor])).toEqual([
      ['customer.view', sales.name],
      ['customer.view', admin.name],
    ])
    expect(views[0]!.ip).toBe('127.0.0.1')

    const missing = await sales.raw('GET', '/staff/customers/999999?lang=en-US')
    expect(missing.statusCode).toBe(404)
    expect(body(missing)).toMatchObject({ code: 300401, msg: 'There is no customer account with this id.', data: null })
    expect(await audits('999999')).toEqual([])
  })
})

describe('acting on an account', () => {
  it('unlocks an account that failed logins locked, so that it signs in again', async () => {
    const { carol } = users
    for (let i = 0; i < 3; i++) await login(t.app, carol.loginCode, 'Wrong12345')
    expect(body(await login(t.app, carol.loginCode, carol.password)).code).toBe(200004)
    expect(await ids('locked=true')).toEqual([carol.id])
    const locked = (await sales.call('GET', `/staff/customers/${carol.id}`)).data
    expect(locked.lockedUntil).not.toBeNull()

    const unlocked = await sales.call('POST', `/staff/customers/${carol.id}/unlock`, {})
    expect(unlocked.code).toBe(200)
    expect(unlocked.data.account).toMatchObject({ id: carol.id, lockedUntil: null, status: 'active' })
    expect(await ids('locked=true')).toEqual([])
    expect(body(await login(t.app, carol.loginCode, carol.password)).code).toBe(200)

    const trail = await audits(carol.id)
    expect(trail.map((a) => a.action)).toEqual(['customer.view', 'customer.unlock'])
    expect(trail[1]).toMatchObject({ actor: sales.name, before: { status: 'active' }, after: { lockedUntil: null } })
    expect(trail[1]!.before.lockedUntil).not.toBeNull()
  })

  it("mails the site's own reset link once, and the link sets a new password", async () => {
    const { bob } = users
    const sent = await sales.call('POST', `/staff/customers/${bob.id}/reset-mail`, {})
    expect(sent.data).toMatchObject({ mailQueued: true, account: { id: bob.id } })
    // The account registered in Chinese: the mail and link of its edition.
    const mail = decodeQuotedPrintable(await waitForMail(t.dataDir, bob.email, 5000, (text) => text.includes('重置您')))
    const link = /https:\/\/research\.example\.com\/\?resetToken=([A-Za-z0-9_%-]+)/.exec(mail)
    expect(link).not.toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 500))
    const outbox = path.join(t.dataDir, 'outbox')
    const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'))
    const toBob = (await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')))).filter((m) =>
      m.includes(`To: ${bob.email}`),
    )
    expect(toBob).toHaveLength(1)

    const resetToken = decodeURIComponent(link![1]!)
    const reset = await post('/report/websiteUser/resetPwd', {
      lang: 'en-US',
      resetToken,
      newPassword: encrypt('Fresh789x'),
      confirmNewPassword: encrypt('Fresh789x'),
    })
    expect(body(reset).code).toBe(200)
    expect(body(await login(t.app, bob.loginCode, 'Fresh789x')).code).toBe(200)
    expect((await audits(bob.id)).map((a) => [a.action, a.after?.to])).toEqual([['customer.reset-mail', bob.email]])
  })

  it('disables an account: its sessions end, sign-in is refused, no reset mail; enabled, it signs in again', async () => {
    const { dave } = users
    const info = (token: string) => t.app.inject({ url: '/report/websiteUser/getUserInfo', headers: { 'website-token': token } })
    expect(body(await info(dave.token)).code).toBe(200)

    const disabled = await sales.call('POST', `/staff/customers/${dave.id}/disable`, {})
    expect(disabled.data).toMatchObject({ account: { id: dave.id, status: 'disabled' }, sessionsEnded: 1 })
    expect(body(await info(dave.token)).code).toBe(5001)
    expect(body(await login(t.app, dave.loginCode, dave.password))).toMatchObject({
      code: 200008,
      msg: 'This account has been disabled. Please contact us if you have questions.',
      data: null,
    })
    // A wrong password learns nothing of it.
    expect(body(await login(t.app, dave.loginCode, 'Wrong12345')).code).toBe(200002)
    expect(await ids('status=disabled')).toEqual([dave.id])
    const refused = await sales.raw('POST', `/staff/customers/${dave.id}/reset-mail`, { lang: 'en-US' })
    expect(refused.statusCode).toBe(409)
    expect(body(refused).code).toBe(300402)

    const enabled = await admin.call('POST', `/staff/customers/${dave.id}/enable`, {})
    expect(enabled.data.account).toMatchObject({ status: 'active' })
    expect(body(await login(t.app, dave.loginCode, dave.password)).code).toBe(200)
    expect((await audits(dave.id)).map((a) => [a.action, a.actor, a.before.status, a.after.status])).toEqual([
      ['customer.disable', sales.name, 'active', 'disabled'],
      ['customer.enable', admin.name, 'disabled', 'active'],
    ])
    expect((await sales.call('POST', '/staff/customers/999999/disable', {})).code).toBe(300401)
  })
})
