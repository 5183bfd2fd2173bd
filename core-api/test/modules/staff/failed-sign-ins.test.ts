import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StaffAccounts } from '../../../src/modules/staff/staff-accounts.ts'
import { selectRows } from '../../../src/platform/lib/sql.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { logCapture } from '../../helpers/logs.ts'
import { addStaff, totpOf, type TestStaff } from '../../helpers/staff.ts'

// Failed staff sign-ins and lockouts are kept in the staff audit and logged
// at warn level, naming the account tried and why it failed: who is being
// guessed at, and from where, is for admins and operators to see. Never the
// password or the code.

let t: TestApp
const logs = logCapture()

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES: 3, LOGIN_IP_MAX_FAILURES: 1000 }, { logStream: logs.stream })
})
afterAll(() => t?.close())

const signIn = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/staff/login', payload: { lang: 'en-US', ...payload } })

interface Row {
  actor: string
  action: string
  target: string | null
  ip: string | null
  after: Record<string, unknown> | null
  row: string
}
const auditOf = (actor: string) =>
  selectRows<Row>(
    t.app.db.sequelize,
    `SELECT actor, action, target, ip, after, row_to_json(staff_audit)::text AS row FROM staff_audit
      WHERE actor = $1 AND action LIKE 'staff.login.%' ORDER BY id`,
    [actor],
  )
const warnings = (name: string) =>
  logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.level === 40 && entry.staff === name)

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/** Each failure: its audit row and its warning, naming the account and the reason, and neither the password nor the code. */
async function expectFailure(
  staff: Pick<TestStaff, 'name' | 'password'>,
  attempt: { password: string; totp: string },
  reason: string,
  code = reason === 'locked' ? 200004 : 300001,
) {
  const res = await signIn({ name: staff.name, ...attempt })
  expect(body(res).code).toBe(code)
  const rows = await auditOf(staff.name)
  expect(rows.filter((row) => row.action === 'staff.login.failed').at(-1)).toMatchObject({
    actor: staff.name,
    action: 'staff.login.failed',
    target: staff.name,
    ip: '127.0.0.1',
    after: { reason },
  })
  const logged = warnings(staff.name)
    .filter((entry) => entry.msg === 'staff sign-in failed')
    .at(-1)
  expect(logged).toMatchObject({ staff: staff.name, reason, ip: '127.0.0.1' })
  for (const text of [...rows.map((row) => row.row), ...warnings(staff.name).map((entry) => JSON.stringify(entry))]) {
    expect(text).not.toContain(attempt.password)
    expect(text).not.toContain(staff.password)
    expect(text).not.toContain(attempt.totp)
  }
}

describe('a failed staff sign-in', () => {
  it('is audited and logged for an unknown name, a wrong password, a wrong or used code and a disabled account', async () => {
    await expectFailure(
      { name: 'nobody-by-that-name', password: 'no-such-password' },
      { password: 'a-guess-1', totp: '123456' },
      'unknown-name',
    )

    const staff = await addStaff(t.app)
    const code = await totpOf(staff.secret)
    await expectFailure(staff, { password: 'a-guess-2', totp: code }, 'wrong-password')
    await expectFailure(staff, { password: staff.password, totp: otherCode(code) }, 'wrong-code')

    const used = await addStaff(t.app)
    const usedCode = await totpOf(used.secret)
    expect(body(await signIn({ name: used.name, password: used.password, totp: usedCode })).code).toBe(200)
    // A code used once is as wrong as any other.
    await expectFailure(used, { password: used.password, totp: usedCode }, 'wrong-code')

    const disabled = await addStaff(t.app)
    await new StaffAccounts(t.app.db.sequelize, t.app.config).disable('cli:test', disabled.name)
    await expectFailure(disabled, { password: disabled.password, totp: await totpOf(disabled.secret) }, 'disabled')
  })

  it('that locks the account writes the lockout as a row of its own, and each attempt while locked is audited', async () => {
    const staff = await addStaff(t.app)
    // The third failure locks the account, and is answered so.
    for (let i = 1; i <= 3; i++)
      await expectFailure(staff, { password: `a-guess-${i}`, totp: '918273' }, 'wrong-password', i === 3 ? 200004 : 300001)
    const rows = await auditOf(staff.name)
    expect(rows.map((row) => row.action)).toEqual(['staff.login.failed', 'staff.login.failed', 'staff.login.failed', 'staff.login.locked'])
    expect(rows[3]).toMatchObject({ actor: staff.name, target: staff.name, ip: '127.0.0.1', after: { scopes: ['account'], minutes: 15 } })
    expect(warnings(staff.name).find((entry) => entry.msg === 'staff sign-in locked')).toMatchObject({
      staff: staff.name,
      scopes: ['account'],
      minutes: 15,
    })

    // Locked: even the right credentials fail, and say so in the audit.
    await expectFailure(staff, { password: staff.password, totp: await totpOf(staff.secret) }, 'locked')
  })

  it('shows in the audit list admins read', async () => {
    const admin = await addStaff(t.app, 'admin')
    const login = body(await signIn({ name: admin.name, password: admin.password, totp: await totpOf(admin.secret) }))
    const res = await t.app.inject({
      url: '/staff/audit?lang=en-US&action=staff.login.failed&actor=nobody-by-that-name',
      headers: { authorization: `Bearer ${login.data.token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(body(res).data).toMatchObject({
      count: 1,
      list: [{ actor: 'nobody-by-that-name', action: 'staff.login.failed', after: { reason: 'unknown-name' } }],
    })
    const locked = await t.app.inject({
      url: '/staff/audit?lang=en-US&action=staff.login.locked',
      headers: { authorization: `Bearer ${login.data.token}` },
    })
    expect(body(locked).data.count).toBe(1)
  })
})
