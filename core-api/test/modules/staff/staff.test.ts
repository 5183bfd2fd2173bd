import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seal } from '../../../src/platform/lib/secret-box.ts'
import { StaffAccounts, TOTP_PURPOSE } from '../../../src/modules/staff/staff-accounts.ts'
import { selectRows } from '../../../src/platform/lib/sql.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { addStaff, totpOf, type TestStaff } from '../../helpers/staff.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES: 3 })
})
afterAll(() => t?.close())

const signIn = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/staff/login', payload })
const me = (token?: string, lang = 'en-US') =>
  t.app.inject({ method: 'GET', url: `/staff/me?lang=${lang}`, headers: token ? { authorization: `Bearer ${token}` } : {} })
const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/staff/logout', payload: { lang: 'en-US' }, headers: { authorization: `Bearer ${token}` } })

async function signedIn(staff: TestStaff): Promise<string> {
  const answer = body(await signIn({ name: staff.name, password: staff.password, totp: await totpOf(staff.secret) }))
  expect(answer.code).toBe(200)
  return answer.data.token as string
}

describe('staff sign-in', () => {
  it('signs in with name, password and TOTP code, and answers who is signed in', async () => {
    const staff = await addStaff(t.app, 'finance')
    const res = await signIn({ lang: 'en-US', name: staff.name, password: staff.password, totp: await totpOf(staff.secret) })
    expect(res.statusCode).toBe(200)
    const answer = body(res)
    expect(answer.data.staff).toEqual({ name: staff.name, role: 'finance' })
    expect(answer.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(body(await me(answer.data.token))).toMatchObject({ code: 200, data: { name: staff.name, role: 'finance' } })
  })

  it('keeps the TOTP secret sealed, seals one stored plain at its next sign-in, and refuses one sealed with another key', async () => {
    const staff = await addStaff(t.app)
    const stored = async () =>
      (
        await selectRows<{ secret: string }>(t.app.db.sequelize, `SELECT totp_secret AS secret FROM staff_account WHERE name = $1`, [
          staff.name,
        ])
      )[0]!.secret
    const sealed = await stored()
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(sealed).not.toContain(staff.secret)

    // A row from before secrets were sealed still signs in, and leaves sealed.
    await t.app.db.sequelize.query(`UPDATE staff_account SET totp_secret = $2 WHERE name = $1`, { bind: [staff.name, staff.secret] })
    await signedIn(staff)
    expect(await stored()).toMatch(/^v1\./)

    // Sealed under another STAFF_SECRET_KEY: the right code no longer passes.
    const other = seal('another-key-of-at-least-32-characters!!', TOTP_PURPOSE, staff.secret)
    await t.app.db.sequelize.query(`UPDATE staff_account SET totp_secret = $2 WHERE name = $1`, { bind: [staff.name, other] })
    const res = await signIn({ name: staff.name, password: staff.password, totp: await totpOf(staff.secret, 1) })
    expect(body(res).code).toBe(300001)
  })

  it('answers one failure for a wrong password, a wrong or reused code and an unknown name', async () => {
    const staff = await addStaff(t.app)
    const code = await totpOf(staff.secret)
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const failures = [
      { name: staff.name, password: 'not-it', totp: code },
      { name: staff.name, password: staff.password, totp: wrongCode },
      { name: 'nobody-here', password: staff.password, totp: code },
    ]
    for (const attempt of failures) {
      const res = await signIn({ lang: 'en-US', ...attempt })
      expect(res.statusCode).toBe(400)
      expect(body(res)).toEqual({ code: 300001, msg: 'Incorrect name, password or authenticator code', data: null })
    }
    // The right code works once.
    expect(body(await signIn({ name: staff.name, password: staff.password, totp: code })).code).toBe(200)
    expect(body(await signIn({ name: staff.name, password: staff.password, totp: code })).code).toBe(300001)
  })

  it('soft-locks an account after repeated failures, even for the right credentials', async () => {
    const staff = await addStaff(t.app)
    for (let i = 0; i < 3; i++) await signIn({ name: staff.name, password: 'wrong-one', totp: '000000' })
    const res = await signIn({ lang: 'en-US', name: staff.name, password: staff.password, totp: await totpOf(staff.secret) })
    expect(res.statusCode).toBe(429)
    expect(body(res)).toMatchObject({ code: 200004, msg: expect.stringContaining('locked for 15 minutes') })
  })

  it('refuses a disabled account, and ends its sessions', async () => {
    const staff = await addStaff(t.app)
    const token = await signedIn(staff)
    await new StaffAccounts(t.app.db.sequelize, t.app.config).disable('cli:test', staff.name)
    expect(body(await me(token))).toMatchObject({ code: 300003 })
    const res = await signIn({ name: staff.name, password: staff.password, totp: await totpOf(staff.secret, 1) })
    expect(body(res).code).toBe(300001)
  })
})

describe('staff sessions', () => {
  it('end after 30 idle minutes', async () => {
    const staff = await addStaff(t.app)
    const token = await signedIn(staff)
    await t.app.db.sequelize.query(
      `UPDATE staff_session SET last_seen_at = now() - interval '29 minutes' WHERE staff_id = (SELECT id FROM staff_account WHERE name = $1)`,
      { bind: [staff.name] },
    )
    // A call within the 30 minutes starts the idle time again.
    expect(body(await me(token)).code).toBe(200)
    await t.app.db.sequelize.query(
      `UPDATE staff_session SET last_seen_at = now() - interval '31 minutes' WHERE staff_id = (SELECT id FROM staff_account WHERE name = $1)`,
      { bind: [staff.name] },
    )
    const res = await me(token)
    expect(res.statusCode).toBe(401)
    expect(body(res)).toEqual({ code: 300003, msg: 'Your staff session has ended. Please sign in again.', data: null })
  })

  it('end on logout', async () => {
    const staff = await addStaff(t.app, 'sales')
    const token = await signedIn(staff)
    expect(body(await logout(token))).toEqual({ code: 200, msg: expect.any(String), data: null })
    expect(body(await me(token)).code).toBe(300003)
  })

  it('are not the website’s: no token, a website token or garbage is refused', async () => {
    expect(body(await me())).toMatchObject({ code: 300002, msg: 'Staff member not signed in' })
    expect(body(await me(undefined, 'zh-CN'))).toMatchObject({ code: 300002, msg: '员工未登录' })
    expect(body(await me('x'.repeat(500))).code).toBe(300003)
  })
})

describe('staff permissions', () => {
  it('are checked on the server: a role without the action is refused, admin is let through', async () => {
    const asking = async (staff: TestStaff) => {
      const request = { headers: { authorization: `Bearer ${await signedIn(staff)}` } } as unknown as FastifyRequest
      await t.app.requireStaff('staff.manage')(request)
      return request.staffMember
    }
    await expect(asking(await addStaff(t.app, 'editor'))).rejects.toMatchObject({ code: 300004, status: 403 })
    expect(await asking(await addStaff(t.app, 'admin'))).toMatchObject({ role: 'admin' })
  })
})

describe('bad input', () => {
  it('answers the envelope in the caller’s language on each call, never a 500', async () => {
    const token = await signedIn(await addStaff(t.app, 'editor'))
    for (const [lang, pattern] of [
      ['en-US', /^[\x20-\x7e]+$/],
      ['zh-CN', /[\u4e00-\u9fff]/],
    ] as const) {
      const login = await signIn({ lang, name: '', password: 'x', totp: 'abc' })
      expect(login.statusCode).toBe(400)
      expect(body(login)).toMatchObject({ code: 100001, msg: expect.stringMatching(pattern), data: null })
      // Only the language in these two: a language not offered is the bad input, and the header says the caller's.
      const headers = { 'accept-language': lang, authorization: `Bearer ${token}` }
      const who = await t.app.inject({ method: 'GET', url: '/staff/me?lang=fr', headers })
      expect(who.statusCode).toBe(400)
      expect(body(who)).toMatchObject({ code: 100001, msg: expect.stringMatching(pattern) })
      const out = await t.app.inject({ method: 'POST', url: '/staff/logout', payload: { lang: 'fr' }, headers })
      expect(out.statusCode).toBe(400)
      expect(body(out)).toMatchObject({ code: 100001, msg: expect.stringMatching(pattern) })
      // Without a token the input is never read: the refusal, in the caller's language all the same.
      const anonymous = await t.app.inject({ method: 'GET', url: '/staff/me?lang=fr', headers: { 'accept-language': lang } })
      expect(anonymous.statusCode).toBe(401)
      expect(body(anonymous)).toMatchObject({ code: 300002, msg: expect.stringMatching(pattern), data: null })
    }
  })
})

describe('the staff audit', () => {
  it('keeps who, when, from where and what of each write, never a password or a token', async () => {
    const staff = await addStaff(t.app, 'admin')
    const token = await signedIn(staff)
    await logout(token)
    const rows = await selectRows<{ actor: string; action: string; target: string; ip: string | null; at: Date; row: string }>(
      t.app.db.sequelize,
      `SELECT actor, action, target, ip, at, row_to_json(staff_audit)::text AS row FROM staff_audit WHERE target = $1 ORDER BY id`,
      [staff.name],
    )
    expect(rows.map((row) => [row.actor, row.action, row.ip])).toEqual([
      ['cli:test', 'staff.add', null],
      [staff.name, 'session.start', '127.0.0.1'],
      [staff.name, 'session.end', '127.0.0.1'],
    ])
    for (const row of rows) {
      expect(row.at).toBeTruthy()
      expect(row.row).not.toContain(staff.password)
      expect(row.row).not.toContain(token)
      expect(row.row).not.toContain(staff.secret)
    }
  })
})

describe('the staff API in the OpenAPI document', () => {
  it('names its operations', async () => {
    const doc = JSON.parse((await t.app.inject({ url: '/docs/json' })).body) as {
      paths: Record<string, Record<string, { operationId?: string }>>
    }
    expect(doc.paths['/staff/login']?.post?.operationId).toBe('staffLogin')
    expect(doc.paths['/staff/logout']?.post?.operationId).toBe('staffLogout')
    expect(doc.paths['/staff/me']?.get?.operationId).toBe('staffMe')
    // The files of bulletins and news (staff-article-files).
    expect(doc.paths['/staff/bulletins/{id}/file']?.put?.operationId).toBe('uploadBulletinFile')
    expect(doc.paths['/staff/bulletins/{id}/cover']?.put?.operationId).toBe('uploadBulletinCover')
    expect(doc.paths['/staff/bulletins/{id}/cover']?.delete?.operationId).toBe('removeBulletinCover')
    expect(doc.paths['/staff/news/{id}/cover']?.put?.operationId).toBe('uploadNewsCover')
    expect(doc.paths['/staff/news/{id}/cover']?.delete?.operationId).toBe('removeNewsCover')
  })

  it('holds every operation the publishing and staff desk issues name', async () => {
    const doc = JSON.parse((await t.app.inject({ url: '/docs/json' })).body) as {
      paths: Record<string, Record<string, { operationId?: string }>>
    }
    const ids = new Set(Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId)))
    const content = ['Report', 'Bulletin', 'News'].flatMap((kind) =>
      ['list', 'get', 'create', 'update', 'publish', 'unpublish', 'delete'].map(
        (verb) => `${verb}${kind}${verb === 'list' && kind !== 'News' ? 's' : ''}`,
      ),
    )
    const named = [
      ...content,
      ...['listReportRevisions', 'restoreReportRevision', 'uploadReportFile', 'importReports'],
      ...['listBulletinRevisions', 'restoreBulletinRevision', 'listNewsRevisions', 'restoreNewsRevision'],
      ...['listCarousel', 'updateCarousel', 'listDictItems', 'updateDictItem', 'listConfig', 'updateConfig', 'listAudit'],
      // The staff desk
      ...['listRequests', 'getRequest', 'updateRequest', 'addRequestNote', 'exportRequests'],
      ...['listOrders', 'getOrder', 'exportOrders', 'listPaymentCases', 'refundOrder', 'closeOrder', 'resendOrderMail', 'deliverOrderFile'],
      ...['listCustomers', 'getCustomer', 'unlockCustomer', 'sendCustomerResetMail', 'disableCustomer', 'enableCustomer', 'getDashboard'],
    ]
    expect(named.filter((id) => !ids.has(id))).toEqual([])
  })
})
