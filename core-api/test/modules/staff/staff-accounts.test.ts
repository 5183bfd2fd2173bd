import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../../src/platform/lib/sql.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { logCapture } from '../../helpers/logs.ts'
import { addStaff, secretOf, totpOf, type TestStaff } from '../../helpers/staff.ts'
import { staffCaller, type Call } from '../../helpers/staff-reports.ts'

// Staff accounts in the console: an admin lists, adds, disables, enables and
// resets accounts and changes roles through the staff API, as `npm run staff`
// does from a shell. A new password or TOTP secret is in the answer that made
// it and nowhere else (not the audit, not the log); disabling or resetting
// ends the account's sessions; no change leaves the site without an active
// admin.

let t: TestApp
let admin: { name: string; token: string; call: Call; raw: Call }
const logs = logCapture()
/** Every password and secret handed out here: none may reach a log line or an audit row. */
const secrets: string[] = []

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES: 3, LOGIN_IP_MAX_FAILURES: 1000 }, { logStream: logs.stream })
  admin = await staffCaller(t.app, 'admin')
})
afterAll(() => t?.close())

const signIn = async (name: string, password: string, secret: string, stepsAhead = 0) =>
  body(await t.app.inject({ method: 'POST', url: '/staff/login', payload: { name, password, totp: await totpOf(secret, stepsAhead) } }))
const me = async (token: string) =>
  body(await t.app.inject({ method: 'GET', url: '/staff/me?lang=en-US', headers: { authorization: `Bearer ${token}` } }))
const tokenOf = async (staff: TestStaff, stepsAhead = 0) => {
  const answer = await signIn(staff.name, staff.password, staff.secret, stepsAhead)
  expect(answer.code).toBe(200)
  return answer.data.token as string
}
const auditOf = (target: string) =>
  selectRows<{ actor: string; action: string; ip: string | null; before: unknown; after: unknown; row: string }>(
    t.app.db.sequelize,
    `SELECT actor, action, ip, before, after, row_to_json(staff_audit)::text AS row FROM staff_audit
      WHERE target = $1 AND action NOT LIKE 'session.%' AND action NOT LIKE 'staff.login.%' ORDER BY id`,
    [target],
  )
const listed = async (name: string) =>
  ((await admin.call('GET', '/staff/accounts?lang=en-US')).data.list as { name: string }[]).find((a) => a.name === name)

describe('an admin manages staff accounts', () => {
  it('lists every account by name, with role, status, last sign-in and live sessions', async () => {
    const editor = await addStaff(t.app, 'editor')
    const answer = await admin.call('GET', '/staff/accounts?lang=en-US')
    expect(answer.code).toBe(200)
    const names = (answer.data.list as { name: string }[]).map((account) => account.name)
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    expect(answer.data.list).toContainEqual({
      name: editor.name,
      role: 'editor',
      status: 'active',
      createdAt: expect.any(String),
      lastSignInAt: null,
      activeSessions: 0,
    })
    expect(await listed(admin.name)).toMatchObject({ role: 'admin', lastSignInAt: expect.any(String), activeSessions: 1 })
  })

  it('adds an account whose one-time password and TOTP secret, answered once, sign in; the audit and the log hold neither', async () => {
    const name = `Finance.${process.pid}`
    const answer = await admin.call('POST', '/staff/accounts', { lang: 'en-US', name, role: 'finance' })
    expect(answer.code).toBe(200)
    expect(answer.data.account).toMatchObject({ name, role: 'finance', status: 'active', activeSessions: 0 })
    const { password, otpauthUri } = answer.data.credentials as { password: string; otpauthUri: string }
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/[^?]*${name}\\?.*secret=[A-Z2-7]+`))
    const secret = secretOf(otpauthUri)
    secrets.push(password, secret)
    expect(await signIn(name, password, secret)).toMatchObject({ code: 200, data: { staff: { name, role: 'finance' } } })

    // Names are one account whatever their case.
    const again = await admin.raw('POST', '/staff/accounts', { lang: 'en-US', name: name.toLowerCase(), role: 'editor' })
    expect(again.statusCode).toBe(409)
    expect(body(again)).toEqual({ code: 300006, msg: 'A staff account with this name exists already (names ignore case).', data: null })
    // Two at once: one is added, the other refused the same way.
    const both = await Promise.all(
      ['Twin', 'twin'].map((twin) =>
        admin.call('POST', '/staff/accounts', { lang: 'en-US', name: `${twin}.${process.pid}`, role: 'sales' }),
      ),
    )
    expect(both.map((answer) => answer.code).sort()).toEqual([200, 300006])

    const rows = await auditOf(name)
    expect(rows.map((row) => [row.actor, row.action, row.ip, row.after])).toEqual([
      [admin.name, 'staff.add', '127.0.0.1', { name, role: 'finance', status: 'active' }],
    ])
    // Shown once: the list never carries them.
    expect(JSON.stringify((await admin.call('GET', '/staff/accounts')).data)).not.toContain(password)
  })

  it('disables an account, ending its sessions, and enables it again with the credentials it had', async () => {
    const editor = await addStaff(t.app, 'editor')
    const token = await tokenOf(editor)
    const disabled = await admin.call('POST', `/staff/accounts/${editor.name}/disable`, { lang: 'en-US' })
    expect(disabled).toMatchObject({
      code: 200,
      data: { account: { name: editor.name, status: 'disabled', activeSessions: 0 }, sessionsEnded: 1 },
    })
    expect(await me(token)).toMatchObject({ code: 300003 })
    expect((await signIn(editor.name, editor.password, editor.secret, 1)).code).toBe(300001)

    const enabled = await admin.call('POST', `/staff/accounts/${editor.name}/enable`, { lang: 'en-US' })
    expect(enabled).toMatchObject({ code: 200, data: { account: { status: 'active' } } })
    expect(enabled.data.credentials).toBeUndefined()
    expect((await signIn(editor.name, editor.password, editor.secret, 1)).code).toBe(200)
    expect((await auditOf(editor.name)).map((row) => [row.actor, row.action, row.before, row.after])).toEqual([
      ['cli:test', 'staff.add', null, { name: editor.name, role: 'editor', status: 'active' }],
      [admin.name, 'staff.disable', { status: 'active' }, { status: 'disabled' }],
      [admin.name, 'staff.enable', { status: 'disabled' }, { status: 'active' }],
    ])
  })

  it('resets the password, the second factor or both, answered once: sessions end, the account is active and unlocked', async () => {
    const staff = await addStaff(t.app, 'sales')
    let token = await tokenOf(staff)
    const reset = (replace?: string) =>
      admin.call('POST', `/staff/accounts/${staff.name}/reset`, { lang: 'en-US', ...(replace ? { replace } : {}) })

    const password = await reset('password')
    expect(password).toMatchObject({ code: 200, data: { account: { status: 'active' }, sessionsEnded: 1 } })
    expect(Object.keys(password.data.credentials)).toEqual(['password'])
    expect(await me(token)).toMatchObject({ code: 300003 })
    expect((await signIn(staff.name, staff.password, staff.secret, 1)).code).toBe(300001)
    staff.password = password.data.credentials.password as string
    token = await tokenOf(staff, 1)

    const secondFactor = await reset('secondFactor')
    expect(Object.keys(secondFactor.data.credentials)).toEqual(['otpauthUri'])
    expect(secondFactor.data.sessionsEnded).toBe(1)
    expect(await me(token)).toMatchObject({ code: 300003 })
    expect((await signIn(staff.name, staff.password, staff.secret)).code).toBe(300001)
    staff.secret = secretOf(secondFactor.data.credentials.otpauthUri as string)

    // Locked by failures and disabled: a reset of both lets the member in again at once.
    for (let i = 0; i < 3; i++) await signIn(staff.name, 'not-the-password', staff.secret)
    expect((await signIn(staff.name, staff.password, staff.secret)).code).toBe(200004)
    await admin.call('POST', `/staff/accounts/${staff.name}/disable`, { lang: 'en-US' })
    const both = await reset()
    expect(both).toMatchObject({ code: 200, data: { account: { status: 'active' }, sessionsEnded: 0 } })
    const { password: newPassword, otpauthUri } = both.data.credentials as { password: string; otpauthUri: string }
    secrets.push(staff.password, staff.secret, newPassword, secretOf(otpauthUri))
    expect((await signIn(staff.name, newPassword, secretOf(otpauthUri))).code).toBe(200)

    const rows = (await auditOf(staff.name)).filter((row) => row.action === 'staff.reset')
    expect(rows.map((row) => row.after)).toEqual([
      { status: 'active', replaced: ['password'] },
      { status: 'active', replaced: ['secondFactor'] },
      { status: 'active', replaced: ['password', 'secondFactor'] },
    ])
  })

  it("changes a role, which the account's sessions carry from their next call", async () => {
    const staff = await addStaff(t.app, 'editor')
    const token = await tokenOf(staff)
    const changed = await admin.call('PUT', `/staff/accounts/${staff.name}/role`, { lang: 'en-US', role: 'finance' })
    expect(changed).toMatchObject({ code: 200, data: { account: { name: staff.name, role: 'finance', activeSessions: 1 } } })
    expect(await me(token)).toMatchObject({ code: 200, data: { role: 'finance' } })
    expect((await auditOf(staff.name)).at(-1)).toMatchObject({
      action: 'staff.role',
      before: { role: 'editor' },
      after: { role: 'finance' },
    })
  })

  it('answers 300005 for an unknown name and 100001 for a malformed one or body, in either language', async () => {
    const unknown = await admin.raw('POST', '/staff/accounts/nobody-here/disable', { lang: 'zh-CN' })
    expect(unknown.statusCode).toBe(404)
    expect(body(unknown)).toEqual({ code: 300005, msg: '员工账号不存在', data: null })
    expect(body(await admin.raw('POST', '/staff/accounts/nobody-here/reset', { lang: 'en-US' }))).toMatchObject({
      code: 300005,
      msg: 'There is no staff account with this name.',
    })
    for (const [method, url, payload] of [
      ['POST', '/staff/accounts', { lang: 'en-US', name: 'a b', role: 'editor' }],
      ['POST', '/staff/accounts', { lang: 'en-US', name: 'someone', role: 'root' }],
      ['PUT', `/staff/accounts/${admin.name}/role`, { lang: 'en-US', role: 'owner' }],
      ['POST', `/staff/accounts/${admin.name}/reset`, { lang: 'en-US', replace: 'everything' }],
      ['POST', '/staff/accounts/..%2Fadmin/disable', { lang: 'en-US' }],
    ] as const) {
      const res = await admin.raw(method, url, payload)
      expect(res.statusCode, url).toBe(400)
      expect(body(res).code, url).toBe(100001)
    }
  })

  it('is for admins only: editor, sales and finance are refused every call (403, 300004)', async () => {
    const target = await addStaff(t.app, 'editor')
    for (const role of ['editor', 'sales', 'finance'] as const) {
      const caller = await staffCaller(t.app, role)
      for (const [method, url, payload] of [
        ['GET', '/staff/accounts?lang=en-US', undefined],
        ['POST', '/staff/accounts', { lang: 'en-US', name: `x-${role}`, role: 'admin' }],
        ['POST', `/staff/accounts/${target.name}/disable`, { lang: 'en-US' }],
        ['POST', `/staff/accounts/${target.name}/enable`, { lang: 'en-US' }],
        ['POST', `/staff/accounts/${target.name}/reset`, { lang: 'en-US' }],
        ['PUT', `/staff/accounts/${caller.name}/role`, { lang: 'en-US', role: 'admin' }],
      ] as const) {
        const res = await caller.raw(method, url, payload)
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403)
        expect(body(res)).toMatchObject({ code: 300004, data: null })
      }
    }
    // Nothing changed: no account added, none touched, no role taken.
    expect(await listed('x-editor')).toBeUndefined()
    expect(await listed(target.name)).toMatchObject({ status: 'active' })
    expect((await auditOf(target.name)).map((row) => row.action)).toEqual(['staff.add'])
  })

  it('never writes a password or a TOTP secret into a log line or an audit row', async () => {
    expect(secrets.length).toBeGreaterThan(5)
    const rows = await selectRows<{ row: string }>(t.app.db.sequelize, `SELECT row_to_json(staff_audit)::text AS row FROM staff_audit`, [])
    const text = logs.text()
    expect(text).toContain('"url":"/staff/accounts')
    for (const secret of secrets) {
      expect(text).not.toContain(secret)
      for (const row of rows) expect(row.row).not.toContain(secret)
    }
  })
})

// Last: these leave the site with one admin of their own making.
describe('the last active admin', () => {
  it('cannot be disabled or demoted, by another admin or itself; with a second admin it can', async () => {
    // Only `admin` stays an active admin.
    const others = ((await admin.call('GET', '/staff/accounts')).data.list as { name: string; role: string; status: string }[]).filter(
      (account) => account.role === 'admin' && account.status === 'active' && account.name !== admin.name,
    )
    for (const other of others) expect((await admin.call('POST', `/staff/accounts/${other.name}/disable`, {})).code).toBe(200)
    // A disabled admin does not count: enabling one is what brings it back.
    const sleeping = await addStaff(t.app, 'admin')
    await admin.call('POST', `/staff/accounts/${sleeping.name}/disable`, {})

    for (const [method, url, payload] of [
      ['POST', `/staff/accounts/${admin.name}/disable`, { lang: 'en-US' }],
      ['PUT', `/staff/accounts/${admin.name}/role`, { lang: 'en-US', role: 'editor' }],
    ] as const) {
      const res = await admin.raw(method, url, payload)
      expect(res.statusCode).toBe(409)
      expect(body(res)).toEqual({
        code: 300008,
        msg: 'At least one active admin must remain: enable or add another admin first.',
        data: null,
      })
    }
    expect(await listed(admin.name)).toMatchObject({ role: 'admin', status: 'active', activeSessions: 1 })
    expect((await auditOf(admin.name)).map((row) => row.action)).toEqual(['staff.add'])
    // Keeping the role is no demotion.
    expect((await admin.call('PUT', `/staff/accounts/${admin.name}/role`, { role: 'admin' })).code).toBe(200)

    // Two admins who disable each other at once: one of them wins, one admin remains.
    const second = await staffCaller(t.app, 'admin')
    const answers = await Promise.all([
      admin.call('POST', `/staff/accounts/${second.name}/disable`, {}),
      second.call('POST', `/staff/accounts/${admin.name}/disable`, {}),
    ])
    expect(answers.map((answer) => answer.code).filter((code) => code === 200)).toHaveLength(1)
    const admins = (
      (await (answers[0].code === 200 ? admin : second).call('GET', '/staff/accounts')).data.list as {
        role: string
        status: string
      }[]
    ).filter((account) => account.role === 'admin' && account.status === 'active')
    expect(admins).toHaveLength(1)
  })
})
