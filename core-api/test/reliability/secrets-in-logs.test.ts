import type { InjectOptions } from 'fastify'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeQuotedPrintable, encrypt, readableMail, login, registerUser, TEST_CAPTCHA, waitForMail } from '../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../helpers/build-app.ts'
import { logCapture } from '../helpers/logs.ts'
import { authed, postNotification, reportWithPrices, signedAlipayNotification } from '../helpers/orders.ts'

// Operators read the logs; a token or a hash there is a session or a
// password handed to anyone with log access. The app logs at debug here
// (SQL included) through the production logger options, and every secret
// the journey produced is looked for in every line and every answer.
let t: TestApp
const logs = logCapture()
const answers: string[] = []

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'debug', CAPTCHA_TEST_CODE: TEST_CAPTCHA, SITE_URL: 'http://site.test' }, { logStream: logs.stream })
})
afterAll(() => t?.close())

/** inject, keeping the answer for the grep */
async function call(options: InjectOptions) {
  const res = await t.app.inject(options)
  answers.push(`${JSON.stringify(res.headers)}\n${res.body}`)
  return res
}

describe('secrets', () => {
  it('never appear in a log line or an answer, and sessions end when they should', async () => {
    const user = await registerUser(t.app)
    const secrets: string[] = [user.token, user.password]
    const headers = (token: string) => ({ 'website-token': token })

    const loggedIn = body(
      await call({
        method: 'POST',
        url: '/report/websiteUser/login',
        payload: {
          loginCode: encrypt(user.loginCode),
          password: encrypt(user.password),
          validCode: TEST_CAPTCHA,
          unTime: String(Date.now()),
        },
      }),
    )
    const second = loggedIn.data.token as string
    secrets.push(second)
    await call({ url: '/report/websiteUser/getUserInfo', headers: headers(second) })
    await call({ method: 'POST', url: '/report/websiteUser/updateUser', headers: headers(second), payload: { name: '李四' } })
    // An authenticated call that fails still must not log its token.
    await call({ method: 'POST', url: '/report/websiteUserOrder/downFile', headers: headers(second), payload: { id: '999999' } })

    // A paid order's signed link is a bearer secret too.
    const { report } = await reportWithPrices(t.app, { file: true })
    const order = body(
      await authed(t.app, second).post('/report/websiteUserResearchOrder/save', {
        reportId: String(report.id),
        edition: 'standard',
        licence: 'single',
      }),
    ).data
    await authed(t.app, second).post('/report/websiteUserResearchOrder/payOrder', { id: order.id, payMethod: 'zfb', payPrice: 6800 })
    await postNotification(t.app, await signedAlipayNotification({ orderNo: order.orderNo, amount: 680000 }))
    const paidMail = readableMail(await waitForMail(t.dataDir, user.email))
    const linkToken = /\/api\/download\/([A-Za-z0-9_-]+)/.exec(paidMail)![1]!
    secrets.push(linkToken)
    expect((await call({ url: `/download/${linkToken}` })).statusCode).toBe(200)

    // Changing the password keeps this session and ends the first.
    await call({
      method: 'POST',
      url: '/report/websiteUser/updatePwd',
      headers: headers(second),
      payload: { newPassword: encrypt('Changed456'), confirmNewPassword: encrypt('Changed456') },
    })
    secrets.push('Changed456')
    expect(body(await call({ url: '/report/websiteUser/getUserInfo', headers: headers(user.token) })).code).toBe(5001)
    expect(body(await call({ url: '/report/websiteUser/getUserInfo', headers: headers(second) })).code).toBe(200)

    // A reset ends every session, this one included.
    await call({ method: 'POST', url: '/report/websiteUser/forgetPwd', payload: { email: user.email } })
    let resetMatch: RegExpExecArray | null = null
    for (let i = 0; i < 100 && !resetMatch; i++) {
      resetMatch = /resetToken=([A-Za-z0-9_%-]+)/.exec(decodeQuotedPrintable(await waitForMail(t.dataDir, user.email)))
      if (!resetMatch) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const resetToken = decodeURIComponent(resetMatch![1]!)
    secrets.push(resetToken)
    await call({
      method: 'POST',
      url: '/report/websiteUser/resetPwd',
      payload: { resetToken, newPassword: encrypt('Fresh789x'), confirmNewPassword: encrypt('Fresh789x') },
    })
    expect(body(await call({ url: '/report/websiteUser/getUserInfo', headers: headers(second) })).code).toBe(5001)

    const third = body(await login(t.app, user.loginCode, 'Fresh789x')).data.token as string
    secrets.push(third)
    await call({ url: '/report/websiteUser/logout', headers: headers(third) })
    expect(body(await call({ url: '/report/websiteUser/getUserInfo', headers: headers(third) })).code).toBe(5001)

    const [stored] = await t.app.db.sequelize.query<{ hash: string }>(`SELECT password_hash AS hash FROM website_user WHERE id = $1`, {
      bind: [user.id],
      type: QueryTypes.SELECT,
    })
    secrets.push(stored!.hash, stored!.hash.split('$').pop()!)

    const logText = logs.text()
    // The capture works: requests and SQL were logged.
    expect(logs.lines.length).toBeGreaterThan(50)
    expect(logText).toContain('/report/websiteUser/getUserInfo')
    expect(logText).toContain('/download/')
    for (const secret of secrets) {
      expect(logText.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false)
    }
    const answered = answers.join('\n')
    for (const secret of [stored!.hash, linkToken, resetToken, 'Changed456', 'Fresh789x']) {
      expect(answered.includes(secret), `answer contains ${secret.slice(0, 6)}…`).toBe(false)
    }
    expect(answered).not.toMatch(/\$argon2/)
  })
})
