import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, plantCaptcha, registerUser, TEST_CAPTCHA } from '../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../helpers/build-app.ts'

// Password guessing must get slower for the guesser, not the owner: a lock
// per account (whatever address the guesses come from), one per address
// (whatever accounts it tries), engaging at the threshold even when the
// guesses arrive together. A captcha answer buys exactly one attempt.
let t: TestApp
const ACCOUNT_MAX = 5
const IP_MAX = 8

beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA_TEST_CODE: TEST_CAPTCHA, LOGIN_MAX_FAILURES: ACCOUNT_MAX, LOGIN_IP_MAX_FAILURES: IP_MAX })
})
afterAll(() => t?.close())

function attempt(loginCode: string, password: string, ip: string, captcha: { unTime?: string; validCode?: string } = {}) {
  return login(t.app, loginCode, password, captcha, ip)
}

describe('per account', () => {
  it('locks at the threshold even when each guess comes from a new address', async () => {
    const user = await registerUser(t.app)
    const codes: number[] = []
    for (let i = 0; i < ACCOUNT_MAX + 2; i++) codes.push(body(await attempt(user.loginCode, `Wrong${i}xyz9`, `198.51.100.${i + 1}`)).code)
    expect(codes.slice(0, ACCOUNT_MAX - 1)).toEqual(Array(ACCOUNT_MAX - 1).fill(200002))
    expect(codes.slice(ACCOUNT_MAX - 1)).toEqual(Array(3).fill(200004))
    // The owner, from a fresh address, with the right password: still locked.
    expect(body(await attempt(user.loginCode, user.password, '192.0.2.200')).code).toBe(200004)
  })

  it('locks under 20 concurrent guesses, and lets none of them through', async () => {
    const user = await registerUser(t.app)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(user.loginCode, `Guess${i}abc1`, `203.0.113.${i + 1}`)))
    const codes = answers.map((a) => body(a).code)
    expect(codes.every((c) => c === 200002 || c === 200004)).toBe(true)
    expect(codes.filter((c) => c === 200002).length).toBeLessThanOrEqual(ACCOUNT_MAX - 1)
    expect(body(await attempt(user.loginCode, user.password, '192.0.2.201')).code).toBe(200004)
  })

  it('counts a differently cased username as the same account', async () => {
    const user = await registerUser(t.app)
    for (let i = 0; i < ACCOUNT_MAX; i++)
      await attempt(i % 2 ? user.loginCode.toUpperCase() : user.loginCode, 'Wrong000x', `198.18.0.${i + 1}`)
    expect(body(await attempt(user.loginCode, user.password, '198.18.1.1')).code).toBe(200004)
  })
})

describe('per address', () => {
  it('locks an address that sprays one password over many accounts, and only that address', async () => {
    const users = await Promise.all(Array.from({ length: IP_MAX + 1 }, () => registerUser(t.app)))
    const sprayer = '100.64.0.9'
    const codes: number[] = []
    for (const user of users.slice(0, IP_MAX)) codes.push(body(await attempt(user.loginCode, 'Spring2026x', sprayer)).code)
    expect(codes.slice(0, IP_MAX - 1)).toEqual(Array(IP_MAX - 1).fill(200002))
    expect(codes[IP_MAX - 1]).toBe(200004)
    const last = users[IP_MAX]!
    // Even the right password is refused from that address, and accepted from another.
    expect(body(await attempt(last.loginCode, last.password, sprayer)).code).toBe(200004)
    expect(body(await attempt(last.loginCode, last.password, '100.64.0.10')).code).toBe(200)
  })
})

describe('captcha answers', () => {
  it('are single use even when ten logins race with the same answer', async () => {
    const user = await registerUser(t.app)
    await plantCaptcha(t.app, '777001', 'Q7wE')
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        attempt(user.loginCode, user.password, `10.9.0.${i + 1}`, { unTime: '777001', validCode: 'q7we' }),
      ),
    )
    const codes = answers.map((a) => body(a).code).sort()
    expect(codes).toEqual([200, ...Array(9).fill(200003)])
  })

  it('are spent by a locked attempt, so a lock cannot be waited out with one solved image', async () => {
    const user = await registerUser(t.app)
    for (let i = 0; i < ACCOUNT_MAX; i++) await attempt(user.loginCode, 'Wrong000x', `172.16.0.${i + 1}`)
    await plantCaptcha(t.app, '777002', 'ZZ99')
    expect(body(await attempt(user.loginCode, user.password, '172.16.1.1', { unTime: '777002', validCode: 'zz99' })).code).toBe(200004)
    await t.app.db.sequelize.query(`UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE key = $1`, {
      bind: [user.loginCode.toLowerCase()],
    })
    expect(body(await attempt(user.loginCode, user.password, '172.16.1.1', { unTime: '777002', validCode: 'zz99' })).code).toBe(200003)
    expect(body(await attempt(user.loginCode, user.password, '172.16.1.1')).code).toBe(200)
  })
})
