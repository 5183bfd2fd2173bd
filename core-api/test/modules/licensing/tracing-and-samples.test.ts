import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { mailedToken, paidLicence, pageTexts } from '../../helpers/licences.ts'
import { reportWithPrices, samplePdf } from '../../helpers/orders.ts'
import { staffCaller, type Call } from '../../helpers/staff-reports.ts'

// Tracing a leaked file (or text copied from it) back to its order, buyer and
// downloads; samples stamped for their requester, each download recorded on
// the request; and a file that cannot be stamped, which the buyer is told
// about plainly and staff see, and which is never served unstamped.

let t: TestApp
let finance: { call: Call; raw: Call; token: string }
let sales: { call: Call }
const ORDERS = '/report/websiteUserOrder'

beforeAll(async () => {
  t = await buildTestApp({ SITE_URL: 'http://site.test', JOB_POLL_INTERVAL_SECONDS: 0.5 }, { listen: true })
  finance = await staffCaller(t.app, 'finance')
  sales = await staffCaller(t.app, 'sales')
})
afterAll(() => t?.close())

async function until(found: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await found())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const trace = (payload: Buffer | string, type = 'application/pdf') =>
  t.app.inject({
    method: 'POST',
    url: '/staff/trace',
    payload,
    headers: { 'content-type': type, authorization: `Bearer ${finance.token}` },
  })

describe('tracing', () => {
  it('names the order, buyer and downloads of a stamped file, of text copied from it, and says when there is no stamp', async () => {
    const { api, orderId, orderNo, buyer } = await paidLicence(t.app, 'single')
    const file = await api.post(`${ORDERS}/downFile`, { id: orderId })
    expect(file.statusCode).toBe(200)

    const whole = body(await trace(file.rawPayload))
    expect(whole.data).toMatchObject({ found: true, via: 'checksum', order: { orderNo, licence: 'single' }, buyer: { email: buyer.email } })
    expect(whole.data.downloads).toEqual([expect.objectContaining({ via: 'session' })])

    // The same copy re-saved (an appended byte): read from its properties.
    const altered = body(await trace(Buffer.concat([file.rawPayload, Buffer.from('\n')])))
    expect(altered.data).toMatchObject({ found: true, via: 'metadata', order: { orderNo } })

    // A paragraph copied out of it, with the line that carries the code.
    const [firstPage] = await pageTexts(file.rawPayload)
    const copied = body(await trace(JSON.stringify({ text: `quoted in a forum: ${firstPage}` }), 'application/json'))
    expect(copied.data).toMatchObject({ found: true, via: 'text', code: whole.data.code, holder: { email: buyer.email } })

    expect(body(await trace(await samplePdf())).data).toMatchObject({ found: false, order: null })
    expect(body(await trace(JSON.stringify({ text: 'nothing here' }), 'application/json')).data.found).toBe(false)
    expect(body(await trace(JSON.stringify({ text: '  ' }), 'application/json'))).toMatchObject({ code: 301015 })
    expect(body(await trace(Buffer.alloc(0)))).toMatchObject({ code: 301015 })
    expect((await sales.call('POST', '/staff/trace', { text: 'x' })).code).toBe(300004)
  })
})

describe('samples', () => {
  it('mails the requester a sample stamped for them, and records each download on the request', async () => {
    const { report } = await reportWithPrices(t.app)
    const key = `reports/${report.reportCode}.sample.pdf`
    await t.app.files.put(key, await samplePdf())
    await t.app.db.sequelize.query(`UPDATE research_report SET sample_key = $2, sample_name = 'sample.pdf' WHERE id = $1`, {
      bind: [report.id, key],
    })
    const email = `analyst${Date.now()}@acme-energy.co.uk`
    const sent = body(
      await t.app.inject({
        method: 'POST',
        url: '/basedata/customerInfo/save',
        payload: {
          type: '1',
          version: '1',
          companyName: 'Acme Energy Ltd',
          email,
          contact: '0755-12345678',
          name: 'Jane Doe',
          demand: 'Please send a sample.',
          reportId: String(report.id),
        },
      }),
    )
    expect(sent.code).toBe(200)
    const token = await mailedToken(t.dataDir, email, /\/api\/sample\/([A-Za-z0-9_-]+)/)
    const sample = await t.app.inject({ url: `/sample/${token}` })
    expect(sample.statusCode).toBe(200)
    for (const page of await pageTexts(sample.rawPayload)) {
      expect(page).toContain('Acme Energy Ltd')
      expect(page).toContain(email)
    }
    expect((await t.app.inject({ url: `/sample/${token}`, headers: { range: 'bytes=5-' } })).statusCode).toBe(206)

    const [request] = await t.app.db.sequelize.query<{ id: string }>(`SELECT id::text AS id FROM customer_info WHERE email = $1`, {
      bind: [email],
      type: QueryTypes.SELECT,
    })
    const desk = await sales.call('GET', `/staff/requests/${request!.id}`)
    expect(desk.data.sample).toMatchObject({
      state: 'sent',
      code: expect.stringMatching(/^RPT-/),
      downloads: [expect.objectContaining({ ip: expect.any(String) })],
    })
    expect(body(await trace(sample.rawPayload)).data).toMatchObject({
      found: true,
      sample: { requestId: request!.id, company: 'Acme Energy Ltd' },
    })
  })
})

describe('a file that cannot be stamped', () => {
  it('tells the buyer the file will follow, shows staff why, and is made again once mended', async () => {
    const { api, orderId, orderNo, report } = await paidLicence(t.app, 'single')
    const key = String(report.attachmentKey)
    // The stored file is damaged after the sale: the buyer's copy (made at payment) has to be made again from it.
    await until(async () => {
      const [copy] = await t.app.db.sequelize.query<{ state: string }>(`SELECT state FROM licensed_copy WHERE order_id = $1`, {
        bind: [orderId],
        type: QueryTypes.SELECT,
      })
      return copy?.state === 'ready'
    })
    await t.app.files.put(key, Buffer.from('%PDF-1.7 this is not a PDF any more'))
    await t.app.db.sequelize.query(`UPDATE licensed_copy SET state = 'pending', stamped_key = NULL WHERE order_id = $1`, {
      bind: [orderId],
    })
    const refused = await api.post(`${ORDERS}/downFile`, { id: orderId })
    expect(refused.statusCode).toBe(200)
    expect(body(refused)).toMatchObject({ code: 100011 })
    const seats = await finance.call('GET', `/staff/orders/${orderNo}/seats`)
    expect(seats.data.copies).toEqual([expect.objectContaining({ state: 'failed', error: expect.stringMatching(/.+/) })])
    expect((await finance.call('GET', '/staff/dashboard')).data.licences.failedCopies).toBeGreaterThanOrEqual(1)

    await t.app.files.put(key, await samplePdf())
    expect((await finance.call('POST', `/staff/orders/${orderNo}/seats`, { restamp: true })).code).toBe(200)
    const mended = await api.post(`${ORDERS}/downFile`, { id: orderId })
    expect(mended.statusCode).toBe(200)
    expect(mended.headers['content-type']).toBe('application/pdf')
  })
})
