import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser } from '../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { mailedToken, paidLicence, pageTexts } from '../../helpers/licences.ts'
import { authed } from '../../helpers/orders.ts'
import { staffCaller, type Call } from '../../helpers/staff-reports.ts'

// A multi-user licence's seats through the real app, database and payment
// sandbox: the buyer invites a colleague, who accepts with their own account
// and downloads a copy stamped with their name; the buyer takes the seat
// back; the limit, the single licence and the staff's changes.

let t: TestApp
let finance: { name: string; call: Call }
let sales: { call: Call }
const ORDERS = '/report/websiteUserOrder'
const SEATS = '/report/licence'

beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'http://site.test', JOB_POLL_INTERVAL_SECONDS: 0.5 }, { listen: true })
  finance = await staffCaller(t.app, 'finance')
  sales = await staffCaller(t.app, 'sales')
})
afterAll(() => t?.close())

const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })

describe('a multi-user licence', () => {
  it('seats a colleague who accepts, downloads their own stamped copy, and loses it when the buyer takes the seat back', async () => {
    const { api, orderId, orderNo, original } = await paidLicence(t.app, 'multi')
    const seats = body(await api.post(`${SEATS}/seats`, { orderNo }))
    expect(seats.data).toMatchObject({ orderNo, licence: 'multi', role: 'buyer', seatLimit: 5, seatsUsed: 1, seats: [] })

    const colleagueEmail = `colleague${Date.now()}@example.com`
    const invited = body(await api.post(`${SEATS}/invite`, { orderNo, email: colleagueEmail }))
    expect(invited.data.seatsUsed).toBe(2)
    expect(invited.data.seats[0]).toMatchObject({ email: colleagueEmail, state: 'invited', name: '' })
    expect(body(await api.post(`${SEATS}/invite`, { orderNo, email: colleagueEmail.toUpperCase() }))).toMatchObject({ code: 301005 })
    const token = await mailedToken(t.dataDir, colleagueEmail, /acceptSeat\?token=([A-Za-z0-9_-]+)/)

    // Anyone with the link sees what it offers; only the invited address's account accepts it.
    expect(body(await t.app.inject({ method: 'POST', url: `${SEATS}/invitation`, payload: { token } })).data).toMatchObject({
      email: colleagueEmail,
      licence: 'multi',
      state: 'invited',
    })
    const stranger = await registerUser(t.app)
    expect(body(await authed(t.app, stranger.token).post(`${SEATS}/accept`, { token }))).toMatchObject({ code: 301007 })
    const colleague = await registerUser(t.app, { email: colleagueEmail, name: '李四' })
    const colleagueApi = authed(t.app, colleague.token)
    expect(body(await colleagueApi.post(`${SEATS}/accept`, { token })).data).toMatchObject({ orderNo, licence: 'multi' })
    expect(body(await colleagueApi.post(`${SEATS}/accept`, { token })).code).toBe(200)

    const list = body(await colleagueApi.post(`${ORDERS}/downList`, {}))
    expect(list.data.list).toEqual([expect.objectContaining({ id: orderId, orderNo, access: 'seat', email: null })])
    const file = await colleagueApi.post(`${ORDERS}/downFile`, { id: orderId })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.subarray(0, original.length).equals(original)).toBe(true)
    expect(file.rawPayload.length).toBeGreaterThan(original.length)
    const pages = await pageTexts(file.rawPayload)
    for (const page of pages) {
      expect(page).toContain('李四')
      expect(page).toContain(orderNo)
    }
    // The buyer's own copy is another, stamped with the buyer's name.
    const own = await api.post(`${ORDERS}/downFile`, { id: orderId })
    expect(own.statusCode).toBe(200)
    expect((await pageTexts(own.rawPayload))[0]).toContain('张三')
    expect(body(await colleagueApi.post(`${SEATS}/seats`, { orderNo })).data).toMatchObject({ role: 'holder', seats: [] })

    const seatId = body(await api.post(`${SEATS}/seats`, { orderNo })).data.seats[0].id
    const revoked = body(await api.post(`${SEATS}/revoke`, { orderNo, seatId }))
    expect(revoked.data).toMatchObject({ seatsUsed: 1, seats: [expect.objectContaining({ state: 'revoked' })] })
    expect(body(await colleagueApi.post(`${ORDERS}/downFile`, { id: orderId }))).toMatchObject({
      code: 301010,
      msg: '购买者已收回您的席位，您不能再下载这份报告',
    })
    expect(body(await colleagueApi.post(`${ORDERS}/downList`, {})).data.list).toEqual([])
    expect(body(await colleagueApi.post(`${SEATS}/accept`, { token })).code).toBe(301006)
    // The seat is free again: the same address can be invited anew.
    expect(body(await api.post(`${SEATS}/invite`, { orderNo, email: colleagueEmail })).data.seatsUsed).toBe(2)
  })

  it('refuses a seat past the limit, on a single licence, and to someone else’s order', async () => {
    const { api, orderNo } = await paidLicence(t.app, 'multi')
    for (let n = 1; n <= 4; n++)
      expect(body(await api.post(`${SEATS}/invite`, { orderNo, email: `seat${n}-${orderNo}@example.com` })).code).toBe(200)
    expect(body(await api.post(`${SEATS}/invite`, { orderNo, email: `seat5-${orderNo}@example.com`, lang: 'en-US' }))).toMatchObject({
      code: 301003,
      msg: 'Every seat of this licence is taken. Take one back first.',
    })
    expect(body(await api.post(`${SEATS}/invite`, { orderNo, email: 'not-an-address' })).code).toBe(301004)

    const single = await paidLicence(t.app, 'single')
    expect(body(await single.api.post(`${SEATS}/invite`, { orderNo: single.orderNo, email: 'xyz@example.com' })).code).toBe(301002)
    expect(body(await single.api.post(`${SEATS}/invite`, { orderNo, email: 'xyz@example.com' })).code).toBe(301001)
  })
})

describe('the staff desk', () => {
  it('shows the seats and copies, changes the limit within what is used, and audits it', async () => {
    const { api, orderNo, orderId } = await paidLicence(t.app, 'multi')
    await api.post(`${SEATS}/invite`, { orderNo, email: `one-${orderNo}@example.com` })
    await api.post(`${SEATS}/invite`, { orderNo, email: `two-${orderNo}@example.com` })
    expect((await api.post(`${ORDERS}/downFile`, { id: orderId })).statusCode).toBe(200)

    const view = await sales.call('GET', `/staff/orders/${orderNo}/seats`)
    expect(view.data).toMatchObject({ orderNo, licence: 'multi', seatLimit: 5, seatLimitOverride: false, refusedToday: 0 })
    expect(view.data.seats).toHaveLength(2)
    expect(view.data.copies).toEqual([expect.objectContaining({ state: 'ready', downloads: 1, code: expect.stringMatching(/^RPT-/) })])
    expect((await sales.call('POST', `/staff/orders/${orderNo}/seats`, { seatLimit: 3 })).code).toBe(300004)

    expect(await finance.call('POST', `/staff/orders/${orderNo}/seats`, { seatLimit: 2 })).toMatchObject({ code: 301016 })
    const changed = await finance.call('POST', `/staff/orders/${orderNo}/seats`, {
      seatLimit: 3,
      revokeSeatIds: [view.data.seats[0].id],
      inviteEmails: [`three-${orderNo}@example.com`],
    })
    expect(changed.data).toMatchObject({ seatLimit: 3, seatLimitOverride: true })
    expect(changed.data.seats.map((seat: { state: string }) => seat.state).sort()).toEqual(['invited', 'invited', 'revoked'])
    const [audit] = await q<{ actor: string; action: string; after: Record<string, unknown> }>(
      `SELECT actor, action, after FROM staff_audit WHERE target = $1 AND action = 'licence.update'`,
      [orderNo],
    )
    expect(audit).toMatchObject({ actor: finance.name, after: { seatLimit: 3, invited: [`three-${orderNo}@example.com`] } })
    expect(body(await api.post(`${SEATS}/seats`, { orderNo })).data).toMatchObject({ seatLimit: 3, seatsUsed: 3 })
  })
})
