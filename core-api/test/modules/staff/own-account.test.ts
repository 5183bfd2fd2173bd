import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seal } from '../../../src/platform/lib/secret-box.ts'
import { selectRows } from '../../../src/platform/lib/sql.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { logCapture } from '../../helpers/logs.ts'
import { addStaff, secretOf, totpOf, type TestStaff } from '../../helpers/staff.ts'

// Every staff member changes their own password and second factor, giving
// the current password, which is checked and counted as a sign-in is. A new
// second factor replaces the old only once a code of the new authenticator
// confirms it. The session making the change stays; the member's others end.
// Neither a password nor a secret reaches a log line or an audit row.

let t: TestApp
const logs = logCapture()
const secrets: string[] = []

// A code works once and only near its time: a member signs in at most twice in a moment (this step's code and
// the next's). The clock of this process, which both the authenticator here and the server read, moves on instead.
const realNow = Date.now.bind(Date)
let offset = 0
const later = (ms = 60_000) => {
  offset += ms
}

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES: 3, LOGIN_IP_MAX_FAILURES: 1000 }, { logStream: logs.stream })
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset)
})
afterAll(async () => {
  vi.restoreAllMocks()
  await t?.close()
})

const signIn = async (staff: Pick<TestStaff, 'name' | 'password' | 'secret'>, stepsAhead = 0) =>
  body(
    await t.app.inject({
      method: 'POST',
      url: '/staff/login',
      payload: { name: staff.name, password: staff.password, totp: await totpOf(staff.secret, stepsAhead) },
    }),
  )
const tokenOf = async (staff: TestStaff, stepsAhead = 0) => {
  const answer = await signIn(staff, stepsAhead)
  expect(answer.code).toBe(200)
  return answer.data.token as string
}
const me = async (token: string) =>
  body(await t.app.inject({ method: 'GET', url: '/staff/me?lang=en-US', headers: { authorization: `Bearer ${token}` } }))
const post = (token: string, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload: { lang: 'en-US', ...payload }, headers: { authorization: `Bearer ${token}` } })
const auditOf = (target: string) =>
  selectRows<{ actor: string; action: string; ip: string | null; after: Record<string, unknown> | null }>(
    t.app.db.sequelize,
    `SELECT actor, action, ip, after FROM staff_audit WHERE target = $1 AND action NOT LIKE 'session.%' ORDER BY id`,
    [target],
  )
const newPassword = () => `correct horse ${Math.random().toString(36).slice(2)}`

describe('changing one’s own password', () => {
  it('takes the current password; the other sessions end, this one stays, and the new password signs in', async () => {
    for (const role of ['editor', 'sales', 'finance', 'admin'] as const) {
      const staff = await addStaff(t.app, role)
      const token = await tokenOf(staff)
      const other = await tokenOf(staff, 1)
      const password = newPassword()
      secrets.push(staff.password, password)
      const res = await post(token, '/staff/me/password', { currentPassword: staff.password, newPassword: password })
      expect(body(res), role).toEqual({ code: 200, msg: expect.any(String), data: { sessionsEnded: 1 } })
      expect(await me(token)).toMatchObject({ code: 200, data: { name: staff.name } })
      expect(await me(other)).toMatchObject({ code: 300003 })
      expect((await signIn(staff)).code).toBe(300001)
      later()
      expect((await signIn({ ...staff, password })).code).toBe(200)
      expect((await auditOf(staff.name)).filter((row) => row.action === 'staff.password.change')).toEqual([
        { actor: staff.name, action: 'staff.password.change', ip: '127.0.0.1', after: { sessionsEnded: 1 } },
      ])
    }
  })

  it('refuses a new password of under 12 or over 128 characters (100001), or the current one (300010)', async () => {
    const staff = await addStaff(t.app)
    const token = await tokenOf(staff)
    for (const password of ['short-1', 'x'.repeat(129)]) {
      const res = await post(token, '/staff/me/password', { currentPassword: staff.password, newPassword: password })
      expect(res.statusCode).toBe(400)
      expect(body(res).code).toBe(100001)
    }
    const same = await post(token, '/staff/me/password', { lang: 'zh-CN', currentPassword: staff.password, newPassword: staff.password })
    expect(body(same)).toEqual({ code: 300010, msg: '新密码不能与当前密码相同', data: null })
    expect((await signIn(staff, 1)).code).toBe(200)
  })

  it('counts a wrong current password as a failed sign-in: 300009, then the lock (200004) for the sign-in too', async () => {
    const staff = await addStaff(t.app)
    const token = await tokenOf(staff)
    const attempt = (currentPassword: string) => post(token, '/staff/me/password', { currentPassword, newPassword: newPassword() })
    for (let i = 0; i < 2; i++) {
      const res = await attempt('not-my-password')
      expect(res.statusCode).toBe(400)
      expect(body(res)).toEqual({ code: 300009, msg: 'The current password is not correct.', data: null })
    }
    expect(body(await attempt('not-my-password')).code).toBe(200004)
    // Locked: the right password is refused too, here and at the sign-in, and nothing changed.
    expect(body(await attempt(staff.password)).code).toBe(200004)
    expect((await signIn(staff, 1)).code).toBe(200004)
    const failures = (await auditOf(staff.name)).filter((row) => row.action.startsWith('staff.login.'))
    expect(failures.map((row) => [row.action, row.after])).toEqual([
      ['staff.login.failed', { reason: 'wrong-current-password' }],
      ['staff.login.failed', { reason: 'wrong-current-password' }],
      ['staff.login.failed', { reason: 'wrong-current-password' }],
      ['staff.login.locked', { scopes: ['account'], minutes: 15 }],
      ['staff.login.failed', { reason: 'locked' }],
      ['staff.login.failed', { reason: 'locked' }],
    ])
    expect(await me(token)).toMatchObject({ code: 200 })
  })
})

describe('changing one’s own second factor', () => {
  const start = async (token: string) => {
    const answer = body(await post(token, '/staff/me/second-factor', {}))
    expect(answer.code).toBe(200)
    return answer.data as { enrollment: string; otpauthUri: string; expiresAt: string }
  }

  it('starts a new secret that changes nothing until a code of the new authenticator confirms it', async () => {
    const staff = await addStaff(t.app, 'finance')
    const token = await tokenOf(staff)
    const other = await tokenOf(staff, 1)
    const started = await start(token)
    const secret = secretOf(started.otpauthUri)
    secrets.push(staff.password, secret, started.enrollment)
    expect(started.otpauthUri).toMatch(new RegExp(`^otpauth://totp/[^?]*${staff.name}\\?`))
    expect(Date.parse(started.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000)
    expect(started.enrollment).not.toContain(secret)
    // Started, not confirmed: the old authenticator still signs in.
    later()
    expect((await signIn(staff)).code).toBe(200)

    const confirm = (payload: Record<string, unknown>) => post(token, '/staff/me/second-factor/confirm', payload)
    const code = await totpOf(secret)
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    expect(body(await confirm({ currentPassword: staff.password, enrollment: started.enrollment, totp: wrongCode }))).toMatchObject({
      code: 300011,
      msg: "The new authenticator's code is not correct. Enter the 6 digits it shows now.",
    })
    expect(body(await confirm({ currentPassword: 'not-it', enrollment: started.enrollment, totp: code })).code).toBe(300009)

    const done = await confirm({ currentPassword: staff.password, enrollment: started.enrollment, totp: code })
    expect(body(done)).toMatchObject({ code: 200, data: { sessionsEnded: 2 } })
    expect(await me(token)).toMatchObject({ code: 200 })
    expect(await me(other)).toMatchObject({ code: 300003 })
    // The old secret no longer signs in; the new one does, though not with the code that confirmed it.
    expect((await signIn(staff, 1)).code).toBe(300001)
    const renewed = { ...staff, secret }
    // The confirming code itself, as sent (not the current step's code again, which differs once a 30 s step has passed).
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/staff/login',
      payload: { name: staff.name, password: staff.password, totp: code },
    })
    expect(body(replayed).code).toBe(300001)
    expect((await signIn(renewed, 1)).code).toBe(200)
    expect((await auditOf(staff.name)).filter((row) => row.action === 'staff.totp.change')).toEqual([
      { actor: staff.name, action: 'staff.totp.change', ip: '127.0.0.1', after: { sessionsEnded: 2 } },
    ])
  })

  it("refuses an enrollment that is another member's, expired, made up or tampered with (300012)", async () => {
    const staff = await addStaff(t.app, 'sales')
    const someone = await addStaff(t.app, 'sales')
    const token = await tokenOf(staff)
    const theirs = await start(await tokenOf(someone))
    const mine = await start(token)
    const confirm = async (enrollment: string, secret: string) =>
      body(
        await post(token, '/staff/me/second-factor/confirm', { currentPassword: staff.password, enrollment, totp: await totpOf(secret) }),
      )

    expect(await confirm(theirs.enrollment, secretOf(theirs.otpauthUri))).toMatchObject({
      code: 300012,
      msg: 'This second-factor setup has expired or is not valid. Start again.',
    })
    const made = secretOf(theirs.otpauthUri)
    const plain = JSON.stringify({ staff: '1', secret: made, expires: Date.now() + 60_000 })
    expect((await confirm(plain, made)).code).toBe(300012)
    const wrongKey = seal('another-key-of-at-least-32-characters!!', 'staff totp enrollment', plain)
    expect((await confirm(wrongKey, made)).code).toBe(300012)
    expect((await confirm(`${mine.enrollment.slice(0, -4)}AAAA`, secretOf(mine.otpauthUri))).code).toBe(300012)
    later(11 * 60_000)
    expect((await confirm(mine.enrollment, secretOf(mine.otpauthUri))).code).toBe(300012)
    // None of these changed anything: the first secret still signs in.
    expect((await signIn(staff)).code).toBe(200)
    expect((await auditOf(staff.name)).map((row) => row.action)).toEqual(['staff.add'])
  })
})

describe('the own account calls', () => {
  it('need a live staff session (401) and are in the OpenAPI document', async () => {
    for (const [url, payload] of [
      ['/staff/me/password', { currentPassword: 'x', newPassword: 'long enough password' }],
      ['/staff/me/second-factor', {}],
      ['/staff/me/second-factor/confirm', { currentPassword: 'x', enrollment: 'v1.x', totp: '123456' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload: { lang: 'en-US', ...payload } })
      expect(res.statusCode, url).toBe(401)
      expect(body(res).code).toBe(300002)
    }
    const doc = JSON.parse((await t.app.inject({ url: '/docs/json' })).body) as {
      paths: Record<string, Record<string, { operationId?: string }>>
    }
    const ids = new Set(Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId)))
    const named = ['changeOwnPassword', 'startSecondFactor', 'confirmSecondFactor', 'listStaffAccounts', 'addStaffAccount']
    named.push('disableStaffAccount', 'enableStaffAccount', 'resetStaffAccount', 'setStaffRole')
    expect(named.filter((id) => !ids.has(id))).toEqual([])
    expect(doc.paths['/staff/accounts/{name}/role']?.put?.operationId).toBe('setStaffRole')
  })

  it('never write a password or a secret into a log line or an audit row', async () => {
    expect(secrets.length).toBeGreaterThan(8)
    const rows = await selectRows<{ row: string }>(t.app.db.sequelize, `SELECT row_to_json(staff_audit)::text AS row FROM staff_audit`, [])
    const text = logs.text()
    expect(text).toContain('"url":"/staff/me/password"')
    for (const secret of secrets) {
      expect(text).not.toContain(secret)
      for (const row of rows) expect(row.row).not.toContain(secret)
    }
  })
})
