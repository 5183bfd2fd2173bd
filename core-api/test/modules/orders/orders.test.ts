import { readdir, readFile } from 'node:fs/promises'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser, readableMail, waitForMail } from '../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createBulletin } from '../../helpers/factories.ts'
import {
  authed,
  bulletinWithFile,
  expectStampedCopy,
  orderStatus,
  postNotification,
  pressCashier,
  reportWithPrices,
  samplePdf,
  signedAlipayNotification,
} from '../../helpers/orders.ts'

// Both kinds of order, end to end through the sandbox payment gateway, over
// the real routes, database and mail outbox.
let t: TestApp
const SITE = 'http://site.test'

beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: SITE, DOWNLOAD_LINK_MAX: 2 }, { listen: true })
})
afterAll(() => t?.close())

const BRIEF = '/report/websiteUserOrder'
const RESEARCH = '/report/websiteUserResearchOrder'

describe('bulletin orders', () => {
  it('creates, refuses a second, pays through Alipay, lists, and downloads the exact file', async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const { bulletin, bytes } = await bulletinWithFile(t.app)

    const created = body(
      await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod: 'zfb', payPrice: 299 }),
    )
    expect(created.code).toBe(200)
    expect(created.data.payMethod).toBe('zfb')
    expect(created.data.orderPayUrl).toMatch(new RegExp(`^${t.gateway.url}/alipay/gateway\\.do\\?`))

    const again = await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod: 'wx', payPrice: 299 })
    expect(again.statusCode).toBe(200)
    expect(body(again)).toMatchObject({ code: 100009, msg: '该报告存在未支付订单，请前往个人中心-我的订单进行支付' })

    // The cashier shows the order; Pay completes it and returns the buyer to payBack.
    const cashier = await fetch(created.data.orderPayUrl)
    expect(cashier.status).toBe(200)
    expect(await cashier.text()).toContain('299.00')
    const paid = await pressCashier(created.data.orderPayUrl, 'success')
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toContain(`${SITE}/personalCenter/payBack?orderNo=${created.data.orderNo}`)

    const info = body(await api.post(`${BRIEF}/orderInfo`, { orderNo: created.data.orderNo }))
    expect(info.data).toMatchObject({ id: created.data.id, status: '1', kind: 'brief' })
    const stranger = await registerUser(t.app)
    expect(body(await authed(t.app, stranger.token).post(`${BRIEF}/orderInfo`, { orderNo: created.data.orderNo }))).toMatchObject({
      code: 100004,
    })

    const list = body(await api.post(`${BRIEF}/orderList`, {}))
    expect(list.data.list[0]).toMatchObject({
      id: created.data.id,
      orderNo: created.data.orderNo,
      status: '1',
      payMethod: 'zfb',
      payPrice: 299,
      currency: 'CNY',
      title: bulletin.title,
    })
    const downloads = body(await api.post(`${BRIEF}/downList`, {}))
    expect(downloads.data.list.map((d: { id: string }) => d.id)).toEqual([created.data.id])

    const file = await api.post(`${BRIEF}/downFile`, { id: created.data.id })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(bulletin.title)}.pdf`)
    expectStampedCopy(file.rawPayload, bytes)

    const part = await t.app.inject({
      method: 'POST',
      url: `${BRIEF}/downFile`,
      payload: { id: created.data.id },
      headers: { 'website-token': user.token, range: 'bytes=100-199' },
    })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${file.rawPayload.length}`)
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true)

    const mail = readableMail(await waitForMail(t.dataDir, user.email))
    expect(mail).toContain(created.data.orderNo)
    expect(mail).toContain('¥299.00')
  })

  it('pays an existing unpaid order by id, as My Orders does', async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const { bulletin } = await bulletinWithFile(t.app)
    const first = body(
      await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod: 'zfb', payPrice: '299.00' }),
    )
    const retry = body(await api.post(`${BRIEF}/payOrder`, { id: first.data.id, payMethod: 'zfb_h5', payPrice: 299 }))
    expect(retry.data).toMatchObject({ id: first.data.id, payMethod: 'zfb_h5' })
    expect(retry.data.orderPayUrl).toContain('method=alipay.trade.wap.pay')
  })

  it('cancels an unpaid order once, and then refuses to pay it', async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const { bulletin } = await bulletinWithFile(t.app)
    const order = body(
      await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod: 'zfb', payPrice: 299 }),
    ).data
    expect(body(await api.post(`${BRIEF}/cancelOrder`, { id: order.id })).data.status).toBe('2')
    expect(body(await api.post(`${BRIEF}/cancelOrder`, { id: order.id }))).toMatchObject({ code: 100003 })
    expect(body(await api.post(`${BRIEF}/payOrder`, { id: order.id, payMethod: 'zfb', payPrice: 299 }))).toMatchObject({ code: 100003 })
    // A payment for it now (a cashier paid after cancelling) does not pay it: the money is queued to go back.
    const late = await postNotification(t.app, await signedAlipayNotification({ orderNo: order.orderNo, amount: 29900 }))
    expect(late.body).toBe('success')
    expect(await orderStatus(t.app, order.id)).toBe('2')
    const refunds = await t.app.db.sequelize.query<{ cause: string }>(`SELECT cause FROM payment_refund WHERE order_id = $1`, {
      bind: [order.id],
      type: QueryTypes.SELECT,
    })
    expect(refunds).toEqual([{ cause: 'late-payment' }])
    // Once cancelled, the bulletin can be ordered anew.
    expect(
      body(await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod: 'zfb', payPrice: 299 })).code,
    ).toBe(200)
  })

  it('marks an order failed when the buyer fails at the cashier', async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const { bulletin } = await bulletinWithFile(t.app)
    const order = body(
      await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod: 'zfb', payPrice: 299 }),
    ).data
    expect((await pressCashier(order.orderPayUrl, 'fail')).statusCode).toBe(303)
    expect(await orderStatus(t.app, order.id)).toBe('3')
  })
})

describe('research report orders', () => {
  it('saves, confirms the address, pays through WeChat, mails a signed link and serves the file', async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const { report, bytes } = await reportWithPrices(t.app, { file: true })

    const saved = body(await api.post(`${RESEARCH}/save`, { reportId: String(report.id), edition: 'standard', licence: 'single' }))
    expect(saved.data).toMatchObject({
      status: '0',
      payPrice: 6800,
      currency: 'CNY',
      email: user.email,
      edition: 'standard',
      licence: 'single',
      kind: 'research',
    })
    expect(body(await api.post(`${RESEARCH}/save`, { reportId: String(report.id), edition: 'standard', licence: 'multi' }))).toMatchObject({
      code: 100009,
    })

    expect(
      body(
        await api.post(`${RESEARCH}/updateEmail`, {
          lang: 'en-US',
          id: saved.data.id,
          email: 'a.buyer@example.com',
          confirmEmail: 'b.buyer@example.com',
        }),
      ),
    ).toEqual({ code: 100001, msg: 'The email addresses are inconsistent.', data: null })
    const delivery = 'reports.desk@example.com'
    expect(body(await api.post(`${RESEARCH}/updateEmail`, { id: saved.data.id, email: delivery, confirmEmail: delivery })).data.email).toBe(
      delivery,
    )

    const pay = body(await api.post(`${RESEARCH}/payOrder`, { id: saved.data.id, payMethod: 'wx', payPrice: 6800 }))
    expect(pay.code).toBe(200)
    expect(pay.data.orderPayUrl).toMatch(new RegExp(`^${t.gateway.url}/wechatpay/cashier/`))
    expect((await pressCashier(pay.data.orderPayUrl, 'success')).statusCode).toBe(303)

    const list = body(await api.post(`${RESEARCH}/orderList`, { status: '1' }))
    expect(list.data.list.map((o: { id: string }) => o.id)).toEqual([saved.data.id])
    expect(list.data.list[0]).toMatchObject({ payMethod: 'wx', hasFile: true })

    const mail = readableMail(await waitForMail(t.dataDir, delivery))
    const link = new RegExp(`${SITE}/api(/download/[A-Za-z0-9_-]+)`).exec(mail)
    expect(link).not.toBeNull()
    const viaLink = await t.app.inject({ url: link![1]! })
    expect(viaLink.statusCode).toBe(200)
    expectStampedCopy(viaLink.rawPayload, bytes!)
    // A resumed range does not use up the link; whole downloads do, up to the limit.
    expect((await t.app.inject({ url: link![1]!, headers: { range: 'bytes=10-' } })).statusCode).toBe(206)
    expect((await t.app.inject({ url: link![1]! })).statusCode).toBe(200)
    expect(body(await t.app.inject({ url: `${link![1]!}?lang=en-US` }))).toMatchObject({
      code: 404,
      msg: 'This download link is invalid, expired or used up.',
    })

    const [logged] = await t.app.db.sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM download_log WHERE order_id = $1`, {
      bind: [saved.data.id],
      type: QueryTypes.SELECT,
    })
    expect(logged!.n).toBe(3)
  })

  it('waits for staff when the report has no file, then delivers', async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const { report } = await reportWithPrices(t.app)
    const saved = body(await api.post(`${RESEARCH}/save`, { reportId: String(report.id), edition: 'standard', licence: 'single' })).data
    const pay = body(await api.post(`${RESEARCH}/payOrder`, { id: saved.id, payMethod: 'zfb', payPrice: 6800 })).data
    await pressCashier(pay.orderPayUrl, 'success')
    expect(await orderStatus(t.app, saved.id)).toBe('1')
    expect(body(await api.post(`${BRIEF}/downFile`, { id: saved.id }))).toMatchObject({
      code: 100011,
      msg: '该订单的文件尚未准备好，完成后将通过邮件发送给您',
    })
    expect(readableMail(await waitForMail(t.dataDir, user.email))).toContain('2-3 个工作日')

    const bytes = await samplePdf()
    await t.app.files.put(`orders/${saved.orderNo}/final.pdf`, bytes)
    const { link } = await t.app.orders.deliver(saved.orderNo, { key: `orders/${saved.orderNo}/final.pdf`, name: '最终报告.pdf' })
    expect(link).toMatch(/\/api\/download\//)
    const file = await api.post(`${BRIEF}/downFile`, { id: saved.id })
    expectStampedCopy(file.rawPayload, bytes)
  })
})

describe('expiry and reconciliation', () => {
  it('cancels unpaid orders past their time', async () => {
    const user = await registerUser(t.app)
    const { bulletin } = await bulletinWithFile(t.app)
    const order = body(
      await authed(t.app, user.token).post(`${BRIEF}/payOrder`, {
        researchBriefReportId: String(bulletin.id),
        payMethod: 'zfb',
        payPrice: 299,
      }),
    ).data
    await t.app.db.sequelize.query(`UPDATE website_order SET expires_at = now() - interval '1 minute' WHERE id = $1`, { bind: [order.id] })
    const result = await t.app.paymentIntake.reconcile()
    expect(result.expired).toBeGreaterThanOrEqual(1)
    expect(await orderStatus(t.app, order.id)).toBe('2')
  })

  it('asks the provider about old unpaid orders and records the payments it missed', async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const { bulletin } = await bulletinWithFile(t.app)
    const zfb = body(
      await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod: 'zfb', payPrice: 299 }),
    ).data
    const other = await bulletinWithFile(t.app)
    const wx = body(
      await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(other.bulletin.id), payMethod: 'wx', payPrice: 299 }),
    ).data
    // The buyer paid, but the notification never arrived.
    await fetch(zfb.orderPayUrl)
    for (const [provider, orderNo] of [
      ['alipay', zfb.orderNo],
      ['wechatpay', wx.orderNo],
    ] as const) {
      t.gateway.books.setState(t.gateway.books.trade(provider, 'outTradeNo', orderNo)!, 'SUCCESS')
    }
    await t.app.db.sequelize.query(`UPDATE website_order SET created_at = now() - interval '10 minutes' WHERE id IN ($1, $2)`, {
      bind: [zfb.id, wx.id],
    })
    const result = await t.app.paymentIntake.reconcile()
    expect(result.paid).toBe(2)
    expect(await orderStatus(t.app, zfb.id)).toBe('1')
    expect(await orderStatus(t.app, wx.id)).toBe('1')
  })
})

describe('payment notifications', () => {
  async function unpaidOrder() {
    const user = await registerUser(t.app)
    const { bulletin } = await bulletinWithFile(t.app)
    const order = body(
      await authed(t.app, user.token).post(`${BRIEF}/payOrder`, {
        researchBriefReportId: String(bulletin.id),
        payMethod: 'zfb',
        payPrice: 299,
      }),
    ).data
    return { user, order }
  }

  it('moves an order to paid exactly once under 50 concurrent copies of one notification', async () => {
    const { user, order } = await unpaidOrder()
    const form = await signedAlipayNotification({ orderNo: order.orderNo, amount: 29900 })
    const answers = await Promise.all(Array.from({ length: 50 }, () => postNotification(t.app, form)))
    expect(answers.every((a) => a.statusCode === 200 && a.body === 'success')).toBe(true)
    const [counts] = await t.app.db.sequelize.query<{ paid: number; duplicates: number }>(
      `SELECT count(*) FILTER (WHERE outcome = 'paid')::int AS paid, count(*) FILTER (WHERE outcome = 'duplicate')::int AS duplicates FROM payment_notification WHERE order_no = $1`,
      { bind: [order.orderNo], type: QueryTypes.SELECT },
    )
    expect(counts).toEqual({ paid: 1, duplicates: 49 })
    expect(await orderStatus(t.app, order.id)).toBe('1')
    await waitForMail(t.dataDir, user.email)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const mails = await Promise.all((await readdir(`${t.dataDir}/outbox`)).map((f) => readFile(`${t.dataDir}/outbox/${f}`, 'utf8')))
    expect(mails.filter((m) => m.includes(`To: ${user.email}`) && readableMail(m).includes(order.orderNo))).toHaveLength(1)
  })

  it('rejects forged, mismatched and unknown notifications and changes nothing', async () => {
    const { order } = await unpaidOrder()
    const good = await signedAlipayNotification({ orderNo: order.orderNo, amount: 29900 })
    const cases: [string, string][] = [
      ['forged signature', good.replace(/sign=[^&]+/, `sign=${encodeURIComponent(Buffer.alloc(256, 7).toString('base64'))}`)],
      ['tampered amount', good.replace('total_amount=299.00', 'total_amount=2.99')],
      ['wrong amount, validly signed', await signedAlipayNotification({ orderNo: order.orderNo, amount: 100 })],
      [
        'another merchant app, validly signed',
        await signedAlipayNotification({ orderNo: order.orderNo, amount: 29900, appId: '2021999999999999' }),
      ],
      ['unknown order, validly signed', await signedAlipayNotification({ orderNo: 'B20260101000000999999', amount: 29900 })],
      ['not a notification', 'hello=world'],
    ]
    for (const [label, form] of cases) {
      const answer = await postNotification(t.app, form)
      expect(answer.statusCode, label).toBe(400)
      expect(answer.body, label).not.toBe('success')
      expect(await orderStatus(t.app, order.id), label).toBe('0')
    }
    const wechatForged = await t.app.inject({
      method: 'POST',
      url: '/report/websiteUserResearchOrder/pay/asyncNotify',
      headers: {
        'content-type': 'application/json',
        'wechatpay-signature': 'AAAA',
        'wechatpay-timestamp': String(Math.floor(Date.now() / 1000)),
        'wechatpay-nonce': 'n',
        'wechatpay-serial': 'S',
      },
      payload: JSON.stringify({
        id: 'x',
        resource: { ciphertext: 'AAAA', nonce: 'n', associated_data: 'transaction', algorithm: 'AEAD_AES_256_GCM' },
      }),
    })
    expect(wechatForged.statusCode).toBe(400)
    expect(await orderStatus(t.app, order.id)).toBe('0')
  })
})

describe('the contract codes', () => {
  it('answers 200001, 100004, 100005, 100006, 100007, 100008 and 100010', async () => {
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const { bulletin } = await bulletinWithFile(t.app)
    const id = String(bulletin.id)
    expect(body(await t.app.inject({ method: 'POST', url: `${BRIEF}/orderList`, payload: { lang: 'en-US' } }))).toEqual({
      code: 200001,
      msg: 'User not logged in',
      data: null,
    })
    expect(
      body(
        await t.app.inject({ method: 'POST', url: `${RESEARCH}/save`, payload: { reportId: '1', edition: 'standard', licence: 'single' } }),
      ).code,
    ).toBe(200001)
    expect(body(await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: id, payPrice: 299 }))).toMatchObject({ code: 100006 })
    expect(body(await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: id, payMethod: 'paypal', payPrice: 299 }))).toMatchObject({
      code: 100007,
    })
    expect(body(await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: id, payMethod: 'zfb', payPrice: 1 }))).toMatchObject({
      code: 100008,
    })
    expect(body(await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: id, payMethod: 'zfb' }))).toMatchObject({ code: 100008 })
    expect(
      body(await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: '999999999', payMethod: 'zfb', payPrice: 299 })),
    ).toMatchObject({ code: 100005 })
    expect(
      body(await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: id, payMethod: 'zfb', payPrice: 299, lang: 'en-US' })),
    ).toMatchObject({ code: 100005 })
    expect(body(await api.post(`${RESEARCH}/save`, { reportId: '999999999', edition: 'standard', licence: 'single' }))).toMatchObject({
      code: 100005,
    })
    expect(body(await api.post(`${BRIEF}/cancelOrder`, { id: '999999999' }))).toMatchObject({ code: 100004 })
    expect(body(await api.post(`${RESEARCH}/payOrder`, { payMethod: 'zfb', payPrice: 1 }))).toMatchObject({ code: 100004 })

    const order = body(await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: id, payMethod: 'zfb', payPrice: 299 })).data
    expect(body(await api.post(`${BRIEF}/downFile`, { id: order.id }))).toMatchObject({ code: 100010 })
    // Another user's order is as good as missing.
    const stranger = await registerUser(t.app)
    expect(body(await authed(t.app, stranger.token).post(`${BRIEF}/downFile`, { id: order.id }))).toMatchObject({ code: 100004 })
    expect(body(await authed(t.app, stranger.token).post(`${BRIEF}/cancelOrder`, { id: order.id }))).toMatchObject({ code: 100004 })
  })

  it('answers 100002 when the payment provider cannot be reached', async () => {
    const offline = await buildTestApp({ WECHATPAY_BASE_URL: 'http://127.0.0.1:9/wechatpay' })
    try {
      const user = await registerUser(offline.app)
      const bulletin = await createBulletin(offline.app, { price: 29, lang: 'en-US' })
      const res = await authed(offline.app, user.token).post(`${BRIEF}/payOrder`, {
        researchBriefReportId: String(bulletin.id),
        payMethod: 'wx',
        payPrice: 29,
        lang: 'en-US',
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(body(res)).toEqual({ code: 100002, msg: 'The payment provider could not be reached. Please try again.', data: null })
      // The attempt leaves no unpaid order behind to block the next one.
      const retry = await authed(offline.app, user.token).post(`${BRIEF}/payOrder`, {
        researchBriefReportId: String(bulletin.id),
        payMethod: 'wx',
        payPrice: 29,
        lang: 'en-US',
      })
      expect(body(retry).code).toBe(100002)
    } finally {
      await offline.close()
    }
  })
})
