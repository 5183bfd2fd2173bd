import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/platform/config.ts'
import { selectRows } from '../../../src/platform/lib/sql.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { addStaff, totpOf, type TestStaff } from '../../helpers/staff.ts'

// A staff session ends some hours after its sign-in however busy it is, as
// well as after 30 idle minutes: a stolen token is not good for ever.

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const me = (token: string) => t.app.inject({ method: 'GET', url: '/staff/me?lang=en-US', headers: { authorization: `Bearer ${token}` } })

async function signedIn(staff: TestStaff, stepsAhead = 0): Promise<string> {
  const answer = body(
    await t.app.inject({
      method: 'POST',
      url: '/staff/login',
      payload: { name: staff.name, password: staff.password, totp: await totpOf(staff.secret, stepsAhead) },
    }),
  )
  expect(answer.code).toBe(200)
  return answer.data.token as string
}

/** Moves the staff member's session back: signed in `age` ago, last seen `idle` ago. */
async function age(staff: TestStaff, created: string, idle: string) {
  await t.app.db.sequelize.query(
    `UPDATE staff_session SET created_at = now() - $2::interval, last_seen_at = now() - $3::interval
      WHERE staff_id = (SELECT id FROM staff_account WHERE name = $1)`,
    { bind: [staff.name, created, idle] },
  )
}

const sessionsOf = async (staff: TestStaff) =>
  (
    await selectRows<{ n: string }>(
      t.app.db.sequelize,
      `SELECT count(*) AS n FROM staff_session WHERE staff_id = (SELECT id FROM staff_account WHERE name = $1)`,
      [staff.name],
    )
  )[0]!.n

describe('the staff session’s absolute lifetime', () => {
  it('is 12 hours by default', () => {
    expect(t.app.config.STAFF_SESSION_MAX_AGE_S).toBe(12 * 60 * 60)
  })

  it('refuses a session older than that even when it was used a minute ago, as an idle one, and removes it', async () => {
    const staff = await addStaff(t.app)
    const token = await signedIn(staff)
    await age(staff, '45 days', '29 minutes')
    const res = await me(token)
    expect(res.statusCode).toBe(401)
    expect(body(res)).toEqual({ code: 300003, msg: 'Your staff session has ended. Please sign in again.', data: null })
    expect(await sessionsOf(staff)).toBe('0')

    const again = await signedIn(staff, 1) // a code not used yet
    await age(staff, '12 hours 1 minute', '1 minute')
    expect(body(await me(again)).code).toBe(300003)
  })

  it('keeps a younger session that is in use', async () => {
    const staff = await addStaff(t.app)
    const token = await signedIn(staff)
    await age(staff, '11 hours 50 minutes', '29 minutes')
    expect(body(await me(token)).code).toBe(200)
    expect(await sessionsOf(staff)).toBe('1')
  })

  it('follows STAFF_SESSION_MAX_AGE_S, checked at boot', async () => {
    const short = await buildTestApp({ STAFF_SESSION_MAX_AGE_S: 3600 })
    try {
      const staff = await addStaff(short.app)
      const login = await short.app.inject({
        method: 'POST',
        url: '/staff/login',
        payload: { name: staff.name, password: staff.password, totp: await totpOf(staff.secret) },
      })
      const token = body(login).data.token as string
      await short.app.db.sequelize.query(
        `UPDATE staff_session SET created_at = now() - interval '61 minutes' WHERE staff_id = (SELECT id FROM staff_account WHERE name = $1)`,
        { bind: [staff.name] },
      )
      const res = await short.app.inject({ url: '/staff/me', headers: { authorization: `Bearer ${token}` } })
      expect(body(res).code).toBe(300003)
    } finally {
      await short.close()
    }
    expect(() => loadConfig({ STAFF_SESSION_MAX_AGE_S: '10' })).toThrow(/STAFF_SESSION_MAX_AGE_S/)
    expect(() => loadConfig({ STAFF_SESSION_MAX_AGE_S: 'twelve hours' })).toThrow(/STAFF_SESSION_MAX_AGE_S/)
  }, 120_000)
})
