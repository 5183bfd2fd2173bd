import { OrderItem } from '@rpt/contract'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMigrator } from '../../../src/platform/db/migrator.ts'
import { shipmentOfOrder } from '../../../src/modules/shipping/index.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { registerUser } from '../../helpers/accounts.ts'
import { authed, reportWithPrices } from '../../helpers/orders.ts'
import { staffCaller } from '../../helpers/staff-reports.ts'
import { createConfigs } from '../../helpers/factories.ts'

// A research order's paper copy through the real app and database: the
// address copied onto the order (a later edit of the book changes nothing),
// legacy saves untouched, and the desk's queue, packing slip, ship and
// deliver with their rules, audit rows and the buyer's mail.
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
  // The Professional edition is priced from the configured ratio to the Standard one.
  await createConfigs(t.app, {
    'cn.china.data.single.price': 6800,
    'cn.china.full.single.price': 9800,
  })
})
afterAll(() => t?.close())

const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { type: QueryTypes.SELECT, bind })

const HAIDIAN = {
  kind: 'cn',
  recipient: '张三',
  phone: '13812345678',
  provinceCode: '110000',
  cityCode: '110000',
  districtCode: '110108',
  street: '中关村大街 1 号',
  postcode: '100080',
}

async function buyerWithAddress() {
  const user = await registerUser(t.app)
  const api = authed(t.app, user.token)
  const call = async (path: string, payload: Record<string, unknown> = {}) => body(await api.post(path, payload))
  const address = await call('/report/websiteUserAddress/save', HAIDIAN)
  expect(address.code).toBe(200)
  return { user, call, addressId: address.data.id as string }
}

/** Paid as the gateway's notification would leave it (the payment path has its own tests). */
const markPaid = (orderId: string) =>
  t.app.db.sequelize.query(`UPDATE website_order SET status = '1', paid_at = now(), provider = 'alipay' WHERE id = $1`, { bind: [orderId] })

async function paidOrderWithCopy() {
  const buyer = await buyerWithAddress()
  const { report } = await reportWithPrices(t.app)
  const saved = await buyer.call('/report/websiteUserResearchOrder/save', {
    reportId: String(report.id),
    edition: 'professional',
    licence: 'single',
    addressId: buyer.addressId,
  })
  expect(saved.code).toBe(200)
  await markPaid(saved.data.id)
  return { ...buyer, order: saved.data as { id: string; orderNo: string } }
}

describe('the research order and its address', () => {
  it('keeps a copy of the address: a later edit of the book changes no order', async () => {
    const { call, order, addressId } = await paidOrderWithCopy()
    await call('/report/websiteUserAddress/save', { ...HAIDIAN, id: addressId, street: '知春路 2 号' })
    await call('/report/websiteUserAddress/delete', { id: addressId })
    expect(await shipmentOfOrder(t.app.db.sequelize, order.orderNo)).toEqual({
      status: 'pending',
      recipient: '张三',
      phone: '13812345678',
      address: '北京市海淀区中关村大街 1 号',
      carrier: null,
      trackingNo: null,
      shippedAt: null,
      deliveredAt: null,
    })
  })

  it('answers a legacy save (no addressId) as before, with no shipment', async () => {
    const { call } = await buyerWithAddress()
    const { report } = await reportWithPrices(t.app)
    const saved = await call('/report/websiteUserResearchOrder/save', {
      reportId: String(report.id),
      edition: 'professional',
      licence: 'single',
    })
    expect(saved.code).toBe(200)
    // Only the contract's fields of an order, as before: no address in the answer.
    expect(Object.keys(saved.data).filter((key) => !(key in OrderItem.properties))).toEqual([])
    expect(await shipmentOfOrder(t.app.db.sequelize, saved.data.orderNo)).toBeNull()
    // The e-mail step sets it later, and answers as the legacy call does.
    const email = await call('/report/websiteUserResearchOrder/updateEmail', { id: saved.data.id, email: 'buyer@example.com' })
    const withAddress = await call('/report/websiteUserResearchOrder/updateEmail', {
      id: saved.data.id,
      email: 'buyer@example.com',
      addressId: (await call('/report/websiteUserAddress/list')).data.list[0].id,
    })
    expect(Object.keys(withAddress.data)).toEqual(Object.keys(email.data))
    expect((await shipmentOfOrder(t.app.db.sequelize, saved.data.orderNo))?.recipient).toBe('张三')
  })

  it('refuses an address for an edition without a paper copy, and another buyer’s address', async () => {
    const { call, addressId } = await buyerWithAddress()
    const other = await buyerWithAddress()
    const { report } = await reportWithPrices(t.app)
    const standard = await call('/report/websiteUserResearchOrder/save', {
      reportId: String(report.id),
      edition: 'standard',
      licence: 'single',
      addressId,
    })
    expect(standard.code).toBe(100204)
    const foreign = await call('/report/websiteUserResearchOrder/save', {
      reportId: String(report.id),
      edition: 'professional',
      licence: 'single',
      addressId: other.addressId,
    })
    expect(foreign.code).toBe(100202)
    // Nothing was ordered by either refusal.
    expect(await q(`SELECT 1 FROM website_order WHERE product_id = $1`, [report.id])).toHaveLength(0)
  })

  it('follows the setting the console edits', async () => {
    const { call, addressId } = await buyerWithAddress()
    const { report } = await reportWithPrices(t.app)
    await t.app.db.sequelize.query(
      `UPDATE sys_config SET config_value = 'standard, professional' WHERE config_key = 'cn.paperCopy.editions'`,
    )
    t.app.configs.clearCache()
    try {
      const saved = await call('/report/websiteUserResearchOrder/save', {
        reportId: String(report.id),
        edition: 'standard',
        licence: 'single',
        addressId,
      })
      expect(saved.code).toBe(200)
    } finally {
      await t.app.db.sequelize.query(`UPDATE sys_config SET config_value = 'professional' WHERE config_key = 'cn.paperCopy.editions'`)
      t.app.configs.clearCache()
    }
  })
})

describe('the setting in the console', () => {
  it('holds *.editions values to the report editions, and audits the change', async () => {
    const admin = await staffCaller(t.app, 'admin')
    const list = await admin.call('GET', '/staff/config?q=paperCopy')
    const item = list.data.find((row: { key: string }) => row.key === 'en.paperCopy.editions')
    expect(item).toMatchObject({ value: 'professional', kind: 'editions' })
    const refused = await admin.raw('PUT', '/staff/config/en.paperCopy.editions', { version: item.version, value: 'deluxe' })
    expect(body(refused).code).toBe(300154)
    const saved = await admin.call('PUT', '/staff/config/en.paperCopy.editions', {
      version: item.version,
      value: 'Standard， professional',
    })
    expect(saved.data.value).toBe('standard,professional')
    expect(await q(`SELECT 1 FROM staff_audit WHERE action = 'config.update' AND target = 'en.paperCopy.editions'`)).toHaveLength(1)
    await admin.call('PUT', '/staff/config/en.paperCopy.editions', { version: saved.data.version, value: 'professional' })
  })
})

describe('the shipping desk', () => {
  it('lists paid copies not yet shipped first, oldest first, and only to finance and admin', async () => {
    const first = await paidOrderWithCopy()
    const second = await paidOrderWithCopy()
    const finance = await staffCaller(t.app, 'finance')
    const list = await finance.call('GET', '/staff/shipments?status=pending&pageSize=100')
    expect(list.code).toBe(200)
    const numbers = list.data.list.map((s: { orderNo: string }) => s.orderNo)
    expect(numbers.indexOf(first.order.orderNo)).toBeLessThan(numbers.indexOf(second.order.orderNo))
    expect(list.data.list.find((s: { orderNo: string }) => s.orderNo === first.order.orderNo)).toMatchObject({
      status: 'pending',
      recipient: '张三',
      address: '北京市海淀区中关村大街 1 号',
      postcode: '100080',
      refunded: false,
    })
    for (const role of ['sales', 'editor'] as const) {
      const other = await staffCaller(t.app, role)
      const refused = await other.raw('GET', '/staff/shipments')
      expect(refused.statusCode).toBe(403)
      expect(body(refused).code).toBe(300004)
    }
  })

  it('renders the packing slip as a PDF naming the order', async () => {
    const { order } = await paidOrderWithCopy()
    const finance = await staffCaller(t.app, 'finance')
    const slip = await finance.raw('GET', `/staff/shipments/${order.orderNo}/packing-slip`)
    expect(slip.statusCode).toBe(200)
    expect(slip.headers['content-type']).toBe('application/pdf')
    const text = slip.rawPayload.toString('latin1')
    expect(text.startsWith('%PDF-')).toBe(true)
    expect(text).toContain(`(Packing slip ${order.orderNo})`)
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/)
    const again = await finance.raw('GET', `/staff/shipments/${order.orderNo}/packing-slip`)
    expect(again.rawPayload.equals(slip.rawPayload)).toBe(true)
    expect((await finance.raw('GET', '/staff/shipments/R000000000000/packing-slip')).statusCode).toBe(404)
  })

  it('ships once, mails the buyer, audits, and delivers to close it', async () => {
    const { order, user } = await paidOrderWithCopy()
    const finance = await staffCaller(t.app, 'finance')
    const ship = () => finance.call('POST', `/staff/shipments/${order.orderNo}/ship`, { carrier: '顺丰速运', trackingNo: 'SF1234567890' })
    const early = await finance.raw('POST', `/staff/shipments/${order.orderNo}/deliver`, {})
    expect(body(early).code).toBe(300614)
    const [one, two] = await Promise.all([ship(), ship()])
    expect(one.data).toMatchObject({ status: 'shipped', carrier: '顺丰速运', trackingNo: 'SF1234567890', shippedBy: finance.name })
    expect(two.data.shippedAt).toBe(one.data.shippedAt)
    const mails = await q<{ recipient: string; subject: string; body_text: string }>(
      `SELECT recipient, subject, body_text FROM outgoing_mail WHERE kind = 'shipment-shipped' AND reference = $1`,
      [order.orderNo],
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]!.recipient).toBe(user.email)
    expect(mails[0]!.body_text).toContain('运单号：SF1234567890')
    const audit = await q<{ action: string; actor: string; after: Record<string, unknown> }>(
      `SELECT action, actor, after FROM staff_audit WHERE target = $1 ORDER BY id`,
      [order.orderNo],
    )
    expect(audit).toEqual([
      { action: 'shipment.ship', actor: finance.name, after: { status: 'shipped', carrier: '顺丰速运', trackingNo: 'SF1234567890' } },
    ])

    const delivered = await finance.call('POST', `/staff/shipments/${order.orderNo}/deliver`, {})
    expect(delivered.data.status).toBe('delivered')
    expect((await finance.call('POST', `/staff/shipments/${order.orderNo}/deliver`, {})).data.deliveredAt).toBe(delivered.data.deliveredAt)
    const late = await finance.raw('POST', `/staff/shipments/${order.orderNo}/ship`, { carrier: 'EMS', trackingNo: 'EMS0001' })
    expect(late.statusCode).toBe(409)
    expect(body(late).code).toBe(300613)
    expect((await q(`SELECT 1 FROM staff_audit WHERE target = $1`, [order.orderNo])).length).toBe(2)
    expect((await shipmentOfOrder(t.app.db.sequelize, order.orderNo))?.status).toBe('delivered')
  })

  it('refuses to ship an order not paid, or refunded', async () => {
    const { order } = await paidOrderWithCopy()
    await t.app.db.sequelize.query(`UPDATE website_order SET status = '2', closed_reason = 'refunded' WHERE id = $1`, { bind: [order.id] })
    const finance = await staffCaller(t.app, 'finance')
    const refused = await finance.raw('POST', `/staff/shipments/${order.orderNo}/ship`, { carrier: 'EMS', trackingNo: 'EMS0001' })
    expect(body(refused).code).toBe(300612)
    const unpaid = await buyerWithAddress()
    const { report } = await reportWithPrices(t.app)
    const saved = await unpaid.call('/report/websiteUserResearchOrder/save', {
      reportId: String(report.id),
      edition: 'professional',
      licence: 'single',
      addressId: unpaid.addressId,
    })
    expect(
      body(await finance.raw('POST', `/staff/shipments/${saved.data.orderNo}/ship`, { carrier: 'EMS', trackingNo: 'EMS0001' })).code,
    ).toBe(300611)
  })

  it('answers bad input in the envelope, never a 500', async () => {
    const admin = await staffCaller(t.app, 'admin')
    const answers = await Promise.all([
      admin.raw('POST', '/staff/shipments/R1/ship', { carrier: 'EMS', trackingNo: 'EMS0001' }),
      admin.raw('POST', '/staff/shipments/R20260101000000000001/ship', { carrier: '', trackingNo: 'x' }),
      admin.raw('POST', '/staff/shipments/R20260101000000000001/ship', { carrier: 'EMS', trackingNo: 'has space' }),
      admin.raw('POST', '/staff/shipments/R20260101000000000001/ship', { carrier: ' ', trackingNo: 'EMS0001' }),
      admin.raw('GET', '/staff/shipments?status=lost'),
      admin.raw('GET', '/staff/shipments?pageSize=1000'),
    ])
    for (const answer of answers) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400)
      expect(answer.statusCode).toBeLessThan(500)
      expect(typeof body(answer).code).toBe('number')
    }
  })
})

it('undoes the migration and applies it again', async () => {
  const name = '2026.12.02T10.00.41.paper-copy'
  const migrator = await createMigrator(t.app.db.sequelize)
  const tables = () =>
    q<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_name IN ('buyer_address', 'order_shipment') ORDER BY 1`,
    )
  const settings = () => q(`SELECT 1 FROM sys_config WHERE config_key LIKE '%.paperCopy.editions'`)
  await migrator.down({ to: name })
  expect(await tables()).toEqual([])
  expect(await settings()).toEqual([])
  await migrator.up()
  expect((await tables()).map((row) => row.name)).toEqual(['buyer_address', 'order_shipment'])
  expect(await settings()).toHaveLength(2)
})
