import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser } from '../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { mailedToken, paidLicence, pageTexts } from '../../helpers/licences.ts'
import { authed } from '../../helpers/orders.ts'
import { staffCaller, type Call } from '../../helpers/staff-reports.ts'

// An enterprise licence admits the verified accounts of the buyer's company
// domain, never a public mail service's; the daily download limit per seat,
// and what finance sees of it.

let t: TestApp
let finance: { call: Call }
const ORDERS = '/report/websiteUserOrder'
const SEATS = '/report/licence'
const USER = '/report/websiteUser'

beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'http://site.test', JOB_POLL_INTERVAL_SECONDS: 0.5 }, { listen: true })
  finance = await staffCaller(t.app, 'finance')
})
afterAll(() => t?.close())

let sequence = 0
const unique = () => `${process.pid}-${++sequence}`

/** A registered account whose e-mail is verified through the mailed link. */
async function verifiedUser(email: string) {
  const user = await registerUser(t.app, { email })
  const api = authed(t.app, user.token)
  expect(body(await api.post(`${USER}/sendVerifyEmail`, {})).data).toMatchObject({ email, verifiedAt: null })
  const token = await mailedToken(t.dataDir, email, /verifyEmail\?token=([A-Za-z0-9_-]+)/)
  expect(body(await t.app.inject({ method: 'POST', url: `${USER}/verifyEmail`, payload: { token } })).data.verifiedAt).toEqual(
    expect.any(String),
  )
  expect(body(await t.app.inject({ method: 'POST', url: `${USER}/verifyEmail`, payload: { token } })).code).toBe(301014)
  return { user, api }
}

describe('an enterprise licence', () => {
  it("admits verified accounts at the buyer's company domain, and no one else", async () => {
    const domain = `acme-${unique()}.com`
    const { buyer, api, orderId, orderNo } = await paidLicence(t.app, 'enterprise', { email: `boss@${domain}` })
    expect(body(await api.post(`${SEATS}/seats`, { orderNo })).data).toMatchObject({
      domain: null,
      domainPending: 'verify-email',
      seatLimit: null,
    })

    // The buyer verifies their address: the order takes its domain.
    expect(body(await api.post(`${USER}/sendVerifyEmail`, {})).code).toBe(200)
    const token = await mailedToken(t.dataDir, buyer.email, /verifyEmail\?token=([A-Za-z0-9_-]+)/)
    expect(body(await t.app.inject({ method: 'POST', url: `${USER}/verifyEmail`, payload: { token } })).code).toBe(200)
    expect(body(await api.post(`${SEATS}/seats`, { orderNo })).data).toMatchObject({ domain, domainPending: null })

    const colleague = await verifiedUser(`analyst@${domain}`)
    expect(body(await colleague.api.post(`${ORDERS}/downList`, {})).data.list).toEqual([
      expect.objectContaining({ id: orderId, access: 'domain' }),
    ])
    const file = await colleague.api.post(`${ORDERS}/downFile`, { id: orderId })
    expect(file.statusCode).toBe(200)
    expect((await pageTexts(file.rawPayload))[0]).toContain(orderNo)
    expect(body(await colleague.api.post(`${SEATS}/seats`, { orderNo })).data).toMatchObject({ role: 'member' })

    // Not verified yet, at a public service, at another company: refused.
    const unverified = authed(t.app, (await registerUser(t.app, { email: `new@${domain}` })).token)
    expect(body(await unverified.post(`${ORDERS}/downFile`, { id: orderId })).code).toBe(100004)
    const publicMail = await verifiedUser(`someone${unique()}@qq.com`)
    expect(body(await publicMail.api.post(`${ORDERS}/downFile`, { id: orderId })).code).toBe(100004)
    const other = await verifiedUser(`analyst@other-${unique()}.com`)
    expect(body(await other.api.post(`${ORDERS}/downList`, {})).data.list).toEqual([])
    expect(body(await other.api.post(`${ORDERS}/downFile`, { id: orderId })).code).toBe(100004)

    // A changed address is not verified any more: the member is out until they verify again.
    expect(body(await colleague.api.post(`${USER}/updateUser`, { email: `analyst${unique()}@gmail.com` })).code).toBe(200)
    expect(body(await colleague.api.post(`${ORDERS}/downFile`, { id: orderId })).code).toBe(100004)
  })

  it('waits for staff when the buyer writes from a public mail service, and refuses a public domain from staff too', async () => {
    const email = `buyer${unique()}@163.com`
    const { api, orderNo } = await verifiedBuyer(email)
    expect(body(await api.post(`${SEATS}/seats`, { orderNo })).data).toMatchObject({ domain: null, domainPending: 'public-domain' })
    expect(await finance.call('POST', `/staff/orders/${orderNo}/seats`, { domain: 'gmail.com' })).toMatchObject({ code: 301012 })
    expect(await finance.call('POST', `/staff/orders/${orderNo}/seats`, { domain: 'not a domain' })).toMatchObject({ code: 301013 })
    const set = await finance.call('POST', `/staff/orders/${orderNo}/seats`, { domain: '@Example-Corp.CN' })
    expect(set.data).toMatchObject({ domain: 'example-corp.cn', domainSource: 'staff' })
    expect(body(await api.post(`${SEATS}/seats`, { orderNo })).data).toMatchObject({ domain: 'example-corp.cn', domainPending: null })
  })
})

/** An enterprise buyer whose (public) address is verified before paying. */
async function verifiedBuyer(email: string) {
  const { user } = await verifiedUser(email)
  return paidLicence(t.app, 'enterprise', { buyer: user })
}

describe('the daily download limit', () => {
  it('refuses a seat past the limit with a clear message, and finance sees it', async () => {
    await t.app.db.sequelize.query(`UPDATE sys_config SET config_value = '2' WHERE config_key = 'licence.downloadsPerDay'`)
    t.app.configs.clearCache()
    try {
      const { api, buyer, orderId, orderNo } = await paidLicence(t.app, 'single')
      expect((await api.post(`${ORDERS}/downFile`, { id: orderId })).statusCode).toBe(200)
      // A resumed range is the same download: it does not count.
      const resumed = await t.app.inject({
        method: 'POST',
        url: `${ORDERS}/downFile`,
        payload: { id: orderId },
        headers: { 'website-token': buyer.token, range: 'bytes=10-' },
      })
      expect(resumed.statusCode).toBe(206)
      expect((await api.post(`${ORDERS}/downFile`, { id: orderId })).statusCode).toBe(200)
      expect(body(await api.post(`${ORDERS}/downFile`, { id: orderId, lang: 'en-US' }))).toMatchObject({
        code: 301009,
        msg: 'You have reached today’s download limit for this report. Please try again tomorrow or contact us.',
      })
      const dashboard = await finance.call('GET', '/staff/dashboard')
      expect(dashboard.data.licences.refusedToday).toBeGreaterThanOrEqual(1)
      expect(dashboard.data.licences.overLimit).toEqual(expect.arrayContaining([expect.objectContaining({ orderNo, refused: 1 })]))
      expect((await finance.call('GET', `/staff/orders/${orderNo}/seats`)).data.refusedToday).toBe(1)
    } finally {
      await t.app.db.sequelize.query(`UPDATE sys_config SET config_value = '10' WHERE config_key = 'licence.downloadsPerDay'`)
      t.app.configs.clearCache()
    }
  })
})
