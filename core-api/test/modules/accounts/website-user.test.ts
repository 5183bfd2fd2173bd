import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import {
  decodeQuotedPrintable,
  encrypt,
  login,
  plantCaptcha,
  registerUser,
  registrationBody,
  TEST_CAPTCHA,
  waitForMail,
} from '../../helpers/accounts.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA_TEST_CODE: TEST_CAPTCHA, SITE_URL: 'https://research.example.com', LOGIN_MAX_FAILURES: 3 })
})
afterAll(() => t?.close())

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  t.app.inject({ method: 'POST', url: `/report/websiteUser${url}`, payload, headers: token ? { 'website-token': token } : {} })
/** The address in other case; the spec's e-mail rule wants the top-level domain lowercase. */
const shout = (email: string) => email.replace(/^[^@.]+@[^.]+/, (head) => head.toUpperCase())
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/report/websiteUser${url}`, headers: token ? { 'website-token': token } : {} })

describe('the account journey', () => {
  it('registers, logs in, edits, changes and resets the password, and logs out', async () => {
    // Register: a token and the user, never a hash.
    const { plain, body: registration } = registrationBody()
    const registered = await post('/register', registration)
    expect(registered.statusCode).toBe(200)
    const reg = body(registered)
    expect(reg.code).toBe(200)
    expect(reg.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(reg.data.user).toMatchObject({ loginCode: plain.loginCode, email: plain.email, name: '张三', companyName: '示例科技有限公司' })
    expect(JSON.stringify(reg.data.user)).not.toMatch(/argon|password|hash/i)

    // Login with the captcha.
    const loggedIn = body(await login(t.app, plain.loginCode, plain.password))
    expect(loggedIn.code).toBe(200)
    const token = loggedIn.data.token as string
    expect(token).not.toBe(reg.data.token)

    // Profile.
    const info = body(await get('/getUserInfo?lang=en-US', token))
    expect(info.data).toMatchObject({ id: reg.data.user.id, loginCode: plain.loginCode })
    const updated = body(
      await post('/updateUser', { lang: 'en-US', companyName: 'Example Ltd', addr: 'Head of Strategy', contact: '021-12345678' }, token),
    )
    expect(updated.code).toBe(200)
    expect(updated.data).toMatchObject({
      companyName: 'Example Ltd',
      addr: 'Head of Strategy',
      contact: '021-12345678',
      email: plain.email,
    })

    // Changing the password keeps this session and ends the other one.
    const changed = body(await post('/updatePwd', { newPassword: encrypt('Changed456'), confirmNewPassword: encrypt('Changed456') }, token))
    expect(changed.code).toBe(200)
    expect(body(await get('/getUserInfo', token)).code).toBe(200)
    const other = await get('/getUserInfo', reg.data.token)
    expect(other.statusCode).toBe(200)
    expect(body(other)).toMatchObject({ code: 5001, msg: '登录状态已过期，请重新登录' })

    // Logout revokes the token: it now answers 5001.
    expect(body(await get('/logout', token)).code).toBe(200)
    expect(body(await get('/getUserInfo?lang=en-US', token))).toMatchObject({
      code: 5001,
      msg: 'Your login has expired. Please log in again.',
    })

    // Forgotten password: the reset link arrives in the outbox, in the asker's language.
    const forget = body(await post('/forgetPwd', { lang: 'en-US', email: shout(plain.email) }))
    expect(forget).toEqual({ code: 200, msg: 'Sent successfully', data: null })
    const mail = decodeQuotedPrintable(await waitForMail(t.dataDir, plain.email))
    expect(mail).toContain('Subject: Research Publisher: reset your password')
    const link = /https:\/\/research\.example\.com\/en\/\?resetToken=([A-Za-z0-9_%-]+)/.exec(mail)
    expect(link).not.toBeNull()
    const resetToken = decodeURIComponent(link![1]!)

    const reset = body(
      await post('/resetPwd', { lang: 'en-US', resetToken, newPassword: encrypt('Fresh789x'), confirmNewPassword: encrypt('Fresh789x') }),
    )
    expect(reset.code).toBe(200)
    // Single use.
    expect(
      body(
        await post('/resetPwd', { lang: 'en-US', resetToken, newPassword: encrypt('Again789x'), confirmNewPassword: encrypt('Again789x') }),
      ),
    ).toMatchObject({ code: 200007, msg: 'This reset link is invalid or has expired. Please request a new one.' })

    // The new password works; the old ones do not.
    expect(body(await login(t.app, plain.loginCode, 'Fresh789x')).code).toBe(200)
    expect(body(await login(t.app, plain.loginCode, 'Changed456'))).toMatchObject({ code: 200002, msg: 'Incorrect username or password' })
  })
})

describe('register', () => {
  it('refuses a taken username or e-mail, whatever their case', async () => {
    const user = await registerUser(t.app)
    const sameLogin = registrationBody({ loginCode: encrypt(user.loginCode.toUpperCase()) })
    expect(body(await post('/register', sameLogin.body))).toMatchObject({ code: 200005, msg: '该用户名已被注册' })
    const sameEmail = registrationBody({ email: shout(user.email), lang: 'en-US' })
    expect(body(await post('/register', sameEmail.body))).toMatchObject({ code: 200006, msg: 'This email address is already registered.' })
  })

  it('applies the form rules in order, in the request language', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ loginCode: undefined }, '请输入用户名', 'Username is required'],
      [{ password: undefined }, '请输入密码', 'Password is required'],
      [{ confirmNewPassword: undefined }, '请再次输入密码', 'Please confirm the password'],
      [{ confirmNewPassword: encrypt('Other1234') }, '两次输入的密码不一致', 'Passwords do not match'],
      [{ loginCode: encrypt('ab') }, '用户名为 4-50 位字母、数字或 _ . @ -', 'The username must be 4-50 letters, digits or _ . @ -'],
      [
        { password: encrypt('short1'), confirmNewPassword: encrypt('short1') },
        '密码为 8-64 位，且须同时包含字母和数字',
        'The password must be 8-64 characters and contain both letters and digits',
      ],
      [{ companyName: '  ' }, '请输入公司名称', 'Please enter the company name'],
      [{ email: 'ab@x.com' }, '请输入正确格式的邮箱地址', 'Please enter the correct format email address'],
      [{ contact: '12345' }, '请输入正确格式的联系电话', 'Please enter the correct format for contact phone number'],
      [{ name: '' }, '请输入联系人', 'Please enter a contact person'],
      [
        { password: 'bm90IGEgY2lwaGVydGV4dA==' },
        '账号信息无法解密，请刷新页面后重试',
        'The credentials could not be decrypted. Please reload the page and try again.',
      ],
      [
        { loginCode: '%%%garbage%%%' },
        '账号信息无法解密，请刷新页面后重试',
        'The credentials could not be decrypted. Please reload the page and try again.',
      ],
    ]
    for (const [override, zh, en] of cases) {
      for (const [lang, msg] of [
        ['zh-CN', zh],
        ['en-US', en],
      ] as const) {
        const { body: payload } = registrationBody({ ...override, lang })
        const res = await post('/register', JSON.parse(JSON.stringify(payload)))
        expect(res.statusCode, JSON.stringify(override)).toBe(200)
        expect(body(res), JSON.stringify(override)).toEqual({ code: 100001, msg, data: null })
      }
    }
  })

  it('stores only an argon2id hash of the password', async () => {
    const user = await registerUser(t.app)
    const row = await t.app.db.models.WebsiteUser.findByPk(user.id)
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(row!.passwordHash).not.toContain(user.password)
  })
})

describe('login', () => {
  it('asks for each missing field with the spec messages', async () => {
    const user = await registerUser(t.app)
    const cases: [Record<string, unknown>, string][] = [
      [{ loginCode: '' }, 'Username is required'],
      [{ password: null }, 'Password is required'],
      [{ validCode: '' }, 'Verification code is required'],
    ]
    for (const [override, msg] of cases) {
      expect(body(await login(t.app, user.loginCode, user.password, override))).toEqual({ code: 100001, msg, data: null })
    }
  })

  it('answers an unknown user exactly like a wrong password', async () => {
    const user = await registerUser(t.app)
    const unknown = await login(t.app, 'nobody-here', user.password)
    const wrong = await login(t.app, user.loginCode, 'Wrong12345')
    expect(unknown.statusCode).toBe(wrong.statusCode)
    expect(body(unknown)).toEqual(body(wrong))
    expect(body(wrong)).toEqual({ code: 200002, msg: 'Incorrect username or password', data: null })
  })

  it('spends a captcha on one attempt, compares it case-insensitively and lets it expire', async () => {
    const user = await registerUser(t.app)
    await plantCaptcha(t.app, '1001', 'AbCd')
    expect(body(await login(t.app, user.loginCode, user.password, { unTime: '1001', validCode: 'wxyz' })).code).toBe(200003)
    // The same, now correct, answer fails: the challenge is gone.
    expect(body(await login(t.app, user.loginCode, user.password, { unTime: '1001', validCode: 'abcd' })).code).toBe(200003)
    await plantCaptcha(t.app, '1002', 'AbCd')
    expect(body(await login(t.app, user.loginCode, user.password, { unTime: '1002', validCode: 'aBcD' })).code).toBe(200)
    await plantCaptcha(t.app, '1003', 'AbCd', -1)
    expect(body(await login(t.app, user.loginCode, user.password, { unTime: '1003', validCode: 'abcd', lang: 'zh-CN' }))).toEqual({
      code: 200003,
      msg: '验证码错误或已过期，请重新输入',
      data: null,
    })
  })

  it('locks an account after repeated failures, even for the right password', async () => {
    const user = await registerUser(t.app)
    for (let i = 0; i < 2; i++) expect(body(await login(t.app, user.loginCode, 'Wrong12345')).code).toBe(200002)
    const third = await login(t.app, user.loginCode, 'Wrong12345', { lang: 'zh-CN' })
    expect(third.statusCode).toBe(200)
    expect(body(third)).toMatchObject({ code: 200004, msg: '登录失败次数过多，账户已临时锁定，请 15 分钟后再试' })
    expect(body(await login(t.app, user.loginCode, user.password))).toMatchObject({
      code: 200004,
      msg: expect.stringContaining('locked for 15 minutes'),
    })
  })
})

describe('sessions and tokens', () => {
  it('answers 200001 without a token and 5001 for an unknown one', async () => {
    for (const path of ['/getUserInfo', '/logout']) {
      expect(body(await get(`${path}?lang=en-US`))).toEqual({ code: 200001, msg: 'User not logged in', data: null })
    }
    expect(body(await get('/getUserInfo', 'x'.repeat(43)))).toMatchObject({ code: 5001 })
    expect(body(await get('/getUserInfo', 'x'.repeat(400)))).toMatchObject({ code: 5001 })
    expect(body(await post('/updateUser', { name: 'x' }))).toMatchObject({ code: 200001 })
    expect(body(await post('/updatePwd', { newPassword: encrypt('Secret999') }))).toMatchObject({ code: 200001 })
  })

  it('expires an idle session', async () => {
    const user = await registerUser(t.app)
    await t.app.db.sequelize.query(`UPDATE website_user_session SET expires_at = now() - interval '1 second' WHERE user_id = $1`, {
      bind: [user.id],
    })
    expect(body(await get('/getUserInfo', user.token))).toMatchObject({ code: 5001 })
  })

  it('keeps each user to their own profile', async () => {
    const alice = await registerUser(t.app)
    const bob = await registerUser(t.app)
    expect(body(await post('/updateUser', { email: bob.email }, alice.token))).toMatchObject({ code: 200006 })
    expect(body(await get('/getUserInfo', alice.token)).data.email).toBe(alice.email)
  })
})

describe('captcha endpoints', () => {
  it('serves an SVG image and the same as a data URL', async () => {
    const image = await get('/getValidCode?unTime=1700000000000')
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toContain('image/svg+xml')
    expect(image.headers['cache-control']).toBe('no-store')
    expect(image.body).toMatch(/^<svg[\s\S]*<\/svg>$/)
    const json = body(await post('/getWuValidCode', { unTime: '1700000000001' }))
    expect(json.data.unTime).toBe('1700000000001')
    expect(json.data.img).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(body(await post('/getWuValidCode', {})).data.unTime).toMatch(/^\d+$/)
  })

  it('refuses a missing or malformed unTime', async () => {
    expect(body(await get('/getValidCode?lang=en-US'))).toMatchObject({ code: 100001, msg: 'Missing required parameter: unTime' })
    expect((await get('/getValidCode?unTime=../../etc')).statusCode).toBe(200)
    expect((await get(`/getValidCode?unTime=${'9'.repeat(40)}`)).statusCode).toBe(200)
  })
})

describe('forgotten password', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const res = body(await post('/forgetPwd', { email: 'nobody@example.com' }))
    expect(res).toEqual({ code: 200, msg: '发送成功', data: null })
    await expect(waitForMail(t.dataDir, 'nobody@example.com', 300)).rejects.toThrow()
  })

  it('validates the address and the reset form', async () => {
    expect(body(await post('/forgetPwd', {}))).toMatchObject({ code: 100001, msg: '请输入邮箱地址' })
    expect(body(await post('/forgetPwd', { email: 'bad', lang: 'en-US' }))).toMatchObject({
      code: 100001,
      msg: 'Please enter the correct format email address',
    })
    expect(body(await post('/resetPwd', { lang: 'en-US' }))).toMatchObject({
      code: 100001,
      msg: 'The reset link is missing. Please request a new one.',
    })
    expect(
      body(await post('/resetPwd', { resetToken: 'nope', newPassword: encrypt('Secret999'), confirmNewPassword: encrypt('Secret999') })),
    ).toMatchObject({ code: 200007 })
  })

  it('lets only the newest link work, and not after it expires', async () => {
    const user = await registerUser(t.app)
    await post('/forgetPwd', { email: user.email })
    const first = /resetToken=([A-Za-z0-9_%-]+)/.exec(decodeQuotedPrintable(await waitForMail(t.dataDir, user.email)))![1]!
    expect(first).toBeTruthy()
    await t.app.db.sequelize.query(`UPDATE password_reset SET expires_at = now() - interval '1 second' WHERE user_id = $1`, {
      bind: [user.id],
    })
    const payload = { resetToken: decodeURIComponent(first), newPassword: encrypt('Secret999'), confirmNewPassword: encrypt('Secret999') }
    expect(body(await post('/resetPwd', payload))).toMatchObject({ code: 200007, msg: '重置链接无效或已过期，请重新申请' })
  })
})

describe('hostile input', () => {
  it('answers wrong types, huge strings and unknown fields with an envelope, never a 5xx', async () => {
    const bodies: Record<string, unknown>[] = [
      { loginCode: 12345 },
      { password: { $ne: '' } },
      { loginCode: ['a'] },
      { validCode: 'x'.repeat(10_000) },
      { loginCode: 'A'.repeat(100_000) },
      { unTime: "1'; DROP TABLE website_user; --" },
      { extra: 'field' },
      { email: '\u0000@x.com' },
    ]
    for (const path of ['/login', '/register', '/updateUser', '/updatePwd', '/forgetPwd', '/resetPwd', '/getWuValidCode']) {
      for (const payload of bodies) {
        const res = await post(path, payload)
        // HTTP 200 with the outcome in code, as the legacy backend answered.
        expect(res.statusCode, `${path} ${JSON.stringify(payload).slice(0, 60)}`).toBe(200)
        expect(Object.keys(body(res)).sort()).toEqual(['code', 'data', 'msg'])
        // A field the call does not take is ignored (the captcha call takes only unTime); a known one of the wrong kind is refused.
        const known = path === '/getWuValidCode' ? 'unTime' in payload : !('extra' in payload)
        if (known) expect(body(res).code, `${path} ${JSON.stringify(payload).slice(0, 60)}`).not.toBe(200)
      }
      const malformed = await t.app.inject({
        method: 'POST',
        url: `/report/websiteUser${path}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"loginCode":',
      })
      expect(malformed.statusCode).toBe(200)
    }
  })
})

describe('behind the BFF', () => {
  it('counts failed logins per visitor address, not per proxy', async () => {
    const lockedOut = await buildTestApp({ CAPTCHA_TEST_CODE: TEST_CAPTCHA, LOGIN_IP_MAX_FAILURES: 2, LOGIN_MAX_FAILURES: 100 })
    try {
      const attempt = (visitor: string) =>
        lockedOut.app.inject({
          method: 'POST',
          url: '/report/websiteUser/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': visitor },
          payload: { loginCode: encrypt('someone'), password: encrypt('Wrong12345'), validCode: TEST_CAPTCHA, unTime: '1' },
        })
      expect(body(await attempt('203.0.113.7')).code).toBe(200002)
      expect(body(await attempt('203.0.113.7')).code).toBe(200004)
      // Another visitor behind the same proxy is not locked out.
      expect(body(await attempt('198.51.100.9')).code).toBe(200002)
    } finally {
      await lockedOut.close()
    }
  })
})
