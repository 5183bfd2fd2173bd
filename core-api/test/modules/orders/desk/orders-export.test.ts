import ExcelJS from 'exceljs'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser, type RegisteredUser } from '../../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { staffCaller, type Call } from '../../../helpers/staff-reports.ts'
import { useTimeZone } from '../../../helpers/time-zone.ts'

// The orders export for accounting through the real app and
// database: the list's filters (days in China time), the columns an
// accountant reads (times in China time, amounts, the gateway's trade number,
// refunds), CSV and XLSX read back, formula-like text escaped, keyset pages
// past the first, the audit row, and who may export.
let t: TestApp
let finance: { name: string; raw: Call }
let admin: { raw: Call }
let sales: { raw: Call }
let editor: { raw: Call }
let alice: RegisteredUser
let bob: RegisteredUser
const FORMULA = '=HYPERLINK("http://evil.example","Acme")'
const LOGIN = '@SUM(1+1)'

const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })

/** One order row as the payment path leaves it; times are UTC instants. */
async function order(values: {
  orderNo: string
  user: RegisteredUser
  kind?: 'brief' | 'research'
  title?: string
  edition?: string
  licence?: string
  amount: number
  currency?: string
  payMethod: string
  status: '0' | '1' | '2'
  provider?: string
  tradeNo?: string
  createdAt: string
  paidAt?: string
  closedReason?: string
}) {
  const [row] = await q<{ id: string }>(
    `INSERT INTO website_order (order_no, kind, user_id, product_id, lang, title, edition, licence, amount, currency, pay_method, status,
                                provider, provider_trade_no, expires_at, created_at, paid_at, closed_reason)
     VALUES ($1, $2, $3, 1, 'zh-CN', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::timestamptz + interval '2 hours', $13, $14, $15)
     RETURNING id::text AS id`,
    [
      values.orderNo,
      values.kind ?? 'brief',
      values.user.id,
      values.title ?? '储能周报',
      values.edition ?? null,
      values.licence ?? null,
      values.amount,
      values.currency ?? 'CNY',
      values.payMethod,
      values.status,
      values.provider ?? null,
      values.tradeNo ?? null,
      values.createdAt,
      values.paidAt ?? null,
      values.closedReason ?? null,
    ],
  )
  return row!.id
}

beforeAll(async () => {
  t = await buildTestApp()
  finance = await staffCaller(t.app, 'finance')
  admin = await staffCaller(t.app, 'admin')
  sales = await staffCaller(t.app, 'sales')
  editor = await staffCaller(t.app, 'editor')
  alice = await registerUser(t.app)
  bob = await registerUser(t.app)
  // What a buyer typed at registration, as a spreadsheet would run it.
  await q(`UPDATE website_user SET company_name = $2, login_code = $3 WHERE id = $1`, [alice.id, FORMULA, LOGIN])
  // 2026-03-02 00:30 in China: the 2nd there, still the 1st in UTC.
  await order({
    orderNo: 'EXA0001',
    user: alice,
    amount: 29900,
    payMethod: 'zfbPc',
    status: '1',
    provider: 'alipay',
    tradeNo: '2026030222001400001',
    createdAt: '2026-03-01T16:30:00Z',
    paidAt: '2026-03-01T16:31:05Z',
  })
  // 23:59:59 of the 1st in China; paid, then refunded in whole.
  const refunded = await order({
    orderNo: 'EXA0002',
    user: alice,
    kind: 'research',
    title: '-Global Storage Battery Market, 2026',
    edition: '1',
    licence: 'multi',
    amount: 128000,
    currency: 'USD',
    payMethod: 'wxNative',
    status: '2',
    closedReason: 'refunded',
    provider: 'wechatpay',
    tradeNo: '4200002026030100001',
    createdAt: '2026-03-01T15:59:59Z',
    paidAt: '2026-03-01T16:00:30Z',
  })
  await q(
    `INSERT INTO payment_refund (refund_no, order_id, provider, provider_trade_no, amount, currency, cause, reason, state, requested_by, refunded_at)
     VALUES ('RFEXA0002', $1, 'wechatpay', '4200002026030100001', 128000, 'USD', 'staff', 'Bought by mistake', 'succeeded', 'staff:someone', '2026-03-05T02:00:00Z')`,
    [refunded],
  )
  // Unpaid, chosen WeChat Pay, never started at the gateway.
  await order({ orderNo: 'EXB0001', user: bob, amount: 9900, payMethod: 'wxNative', status: '0', createdAt: '2026-03-03T01:00:00Z' })
})
afterAll(() => t?.close())

const HEADER =
  'Order number,Created at (China time),Paid at (China time),Buyer login,Buyer e-mail,Buyer company,Kind,Item,Edition,Licence,Amount,Currency,Payment method,Gateway trade number,State,Refund,Refunded amount,Refunded at (China time),Payment method (code),State (code),Refund (code)'

/** The CSV's lines after its byte-order mark and header. */
async function csvLines(query: string, caller = finance) {
  const res = await caller.raw('GET', `/staff/orders/export?format=csv&lang=en-US&${query}`)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.body.startsWith('\uFEFF')).toBe(true)
  const [header, ...lines] = res.body.slice(1).trim().split('\r\n')
  expect(header).toBe(HEADER)
  return { res, lines }
}
const numbers = (lines: string[]) => lines.map((line) => line.split(',')[0])

/** The XLSX's worksheet, read back with exceljs. */
async function worksheet(res: { rawPayload: Parameters<ExcelJS.Workbook['xlsx']['load']>[0] }, name: string) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(res.rawPayload)
  return workbook.getWorksheet(name)!
}

describe('the orders export', () => {
  // The server's own zone changes nothing: times and days are China time.
  useTimeZone('America/New_York')

  it('writes every order oldest first as CSV, in China time, with amounts, trade numbers and refunds, text escaped', async () => {
    const { res, lines } = await csvLines('')
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(numbers(lines)).toEqual(['EXA0001', 'EXA0002', 'EXB0001'])
    expect(lines[0]).toBe(
      `EXA0001,2026-03-02 00:30:00,2026-03-02 00:31:05,'${LOGIN},${alice.email},"'=HYPERLINK(""http://evil.example"",""Acme"")",Bulletin,储能周报,,,299.00,CNY,Alipay,2026030222001400001,Paid,,,,alipay,paid,`,
    )
    expect(lines[1]).toBe(
      `EXA0002,2026-03-01 23:59:59,2026-03-02 00:00:30,'${LOGIN},${alice.email},"'=HYPERLINK(""http://evil.example"",""Acme"")",Research report,"'-Global Storage Battery Market, 2026",1,Multi user,1280.00,USD,WeChat Pay,4200002026030100001,Refunded,Refunded,1280.00,2026-03-05 10:00:00,wechatpay,refunded,refunded`,
    )
    expect(lines[2]).toBe(
      `EXB0001,2026-03-03 09:00:00,,${bob.loginCode},${bob.email},示例科技有限公司,Bulletin,储能周报,,,99.00,CNY,WeChat Pay,,Unpaid,,,,wechatpay,unpaid,`,
    )

    // The headers in the caller's language (zh-CN unless asked).
    const chinese = await finance.raw('GET', '/staff/orders/export?format=csv')
    expect(chinese.body.slice(1, chinese.body.indexOf('\r\n'))).toBe(
      '订单号,下单时间（北京时间）,支付时间（北京时间）,买家账号,买家邮箱,买家公司,类型,商品,版本,授权,金额,币种,支付方式,支付平台交易号,订单状态,退款状态,已退款金额,退款时间（北京时间）,支付方式（代码）,订单状态（代码）,退款状态（代码）',
    )
  })

  it("applies the list's filters, days in China time, and audits each export with them", async () => {
    const only = async (query: string) => numbers((await csvLines(query)).lines)
    const day = await csvLines('from=2026-03-02&to=2026-03-02')
    expect(numbers(day.lines)).toEqual(['EXA0001'])
    expect(day.res.headers['content-disposition']).toBe('attachment; filename="orders-2026-03-02.csv"')
    expect((await csvLines('from=2026-03-01&to=2026-03-02')).res.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-03-01-to-2026-03-02.csv"',
    )
    expect(await only('to=2026-03-01')).toEqual(['EXA0002'])
    expect(await only('state=refunded')).toEqual(['EXA0002'])
    expect(await only('method=wechatpay')).toEqual(['EXA0002', 'EXB0001'])
    expect(await only('kind=research')).toEqual(['EXA0002'])
    expect(await only(`buyer=${encodeURIComponent(bob.email.toUpperCase())}`)).toEqual(['EXB0001'])
    expect(await only(`buyer=${encodeURIComponent(LOGIN.toLowerCase())}`)).toEqual(['EXA0001', 'EXA0002'])
    expect(await only('orderNo=exa')).toEqual(['EXA0001', 'EXA0002'])
    expect(await only('minAmount=299&maxAmount=299')).toEqual(['EXA0001'])
    expect(await only('minAmount=1000')).toEqual(['EXA0002'])
    expect(await only('state=failed')).toEqual([])

    const [audit] = await q<{ actor: string; target: string | null; after: Record<string, unknown> }>(
      `SELECT actor, target, after FROM staff_audit WHERE action = 'order.export' ORDER BY id DESC LIMIT 1`,
    )
    expect(audit).toEqual({ actor: finance.name, target: null, after: { format: 'csv', state: 'failed' } })
  })

  it('writes XLSX that reads back with dates, numbers and escaped text', async () => {
    const res = await admin.raw('GET', '/staff/orders/export?format=xlsx&lang=en-US&from=2026-03-01&to=2026-03-02')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-03-01-to-2026-03-02.xlsx"')
    const sheet = await worksheet(res, 'Orders')
    expect(sheet.rowCount).toBe(3)
    expect(sheet.getRow(1).getCell(1).value).toBe('Order number')
    const paid = sheet.getRow(2)
    expect(paid.getCell(1).value).toBe('EXA0001')
    // A spreadsheet's dates have no zone: the cell is the China wall clock.
    expect(paid.getCell(2).value).toEqual(new Date(Date.UTC(2026, 2, 2, 0, 30, 0)))
    expect(paid.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm:ss')
    expect(paid.getCell(2).type).toBe(ExcelJS.ValueType.Date)
    expect(paid.getCell(4).value).toBe(`'${LOGIN}`)
    expect(paid.getCell(6).value).toBe(`'${FORMULA}`)
    expect(paid.getCell(11).value).toBe(299)
    expect(paid.getCell(11).numFmt).toBe('0.00')
    expect(paid.getCell(11).type).toBe(ExcelJS.ValueType.Number)
    // Empty fields are empty cells (no edition, no refund), not empty text.
    expect([9, 10, 16, 17, 18].map((i) => paid.getCell(i).type)).toEqual(Array(5).fill(ExcelJS.ValueType.Null))
    expect(paid.getCell(14).value).toBe('2026030222001400001')
    const refunded = sheet.getRow(3)
    expect(refunded.getCell(8).value).toBe("'-Global Storage Battery Market, 2026")
    // States in words of the export's language; the codes, as they were, in the last columns.
    expect(refunded.getCell(15).value).toBe('Refunded')
    expect([19, 20, 21].map((i) => refunded.getCell(i).value)).toEqual(['wechatpay', 'refunded', 'refunded'])
    expect(refunded.getCell(17).value).toBe(1280)
    expect(refunded.getCell(18).value).toEqual(new Date(Date.UTC(2026, 2, 5, 10, 0, 0)))
    expect(refunded.getCell(18).type).toBe(ExcelJS.ValueType.Date)
  })

  it('writes titles with markup, quotes and control characters as their text in XLSX, escaped like the CSV', async () => {
    const title = `+Tom & Jerry <b>"Ltd"</b>\u0007 储能 🔋`
    await order({ orderNo: 'EXC0001', user: bob, title, amount: 1, payMethod: 'zfbPc', status: '2', createdAt: '2026-04-01T00:00:00Z' })
    const sheet = await worksheet(await finance.raw('GET', '/staff/orders/export?format=xlsx&orderNo=EXC'), '订单')
    expect(sheet.getRow(1).getCell(1).value).toBe('订单号')
    // The coded columns in Chinese words, the codes after them.
    expect([7, 13, 15].map((i) => sheet.getRow(2).getCell(i).value)).toEqual(['简报', '支付宝', '已取消'])
    expect([19, 20].map((i) => sheet.getRow(2).getCell(i).value)).toEqual(['alipay', 'cancelled'])
    expect(sheet.getRow(2).getCell(8).value).toBe(`'+Tom & Jerry <b>"Ltd"</b> 储能 🔋`)
    expect(sheet.getRow(2).getCell(11)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 0.01 })
    const { lines } = await csvLines('orderNo=EXC')
    expect(lines[0]).toContain(`,"'+Tom & Jerry <b>""Ltd""</b>\u0007 储能 🔋",`)
  })

  it('reads past its first keyset page (1,000 rows a read), every order once, in order', async () => {
    await t.app.db.sequelize.query(
      `INSERT INTO website_order (order_no, kind, user_id, product_id, lang, title, amount, currency, pay_method, status, provider, expires_at, created_at, paid_at)
       SELECT 'BULK' || lpad(n::text, 5, '0'), 'brief', $1, n, 'zh-CN', 'Weekly ' || n, 100 + n, 'CNY', 'zfbPc', '1', 'alipay',
              '2025-06-01T00:00:00Z'::timestamptz + n * interval '1 minute', '2025-06-01T00:00:00Z'::timestamptz + n * interval '1 minute', '2025-06-01T00:00:00Z'::timestamptz + n * interval '1 minute'
         FROM generate_series(1, 2345) AS n`,
      { bind: [bob.id] },
    )
    const { lines } = await csvLines('orderNo=BULK')
    expect(lines).toHaveLength(2345)
    expect(numbers(lines)).toEqual(Array.from({ length: 2345 }, (_, i) => `BULK${String(i + 1).padStart(5, '0')}`))
    expect(lines[2344]).toContain(',Weekly 2345,,,24.45,CNY,Alipay,')

    const sheet = await worksheet(await finance.raw('GET', '/staff/orders/export?format=xlsx&orderNo=BULK'), '订单')
    expect(sheet.rowCount).toBe(2346)
    expect(sheet.getRow(2346).getCell(1).value).toBe('BULK02345')
  })

  it('refuses bad filters with the catalogue error before any file, and sales and editors with 403', async () => {
    for (const query of ['from=2026-02-30', 'from=2026-03-02&to=2026-03-01', 'minAmount=5&maxAmount=1']) {
      const res = await finance.raw('GET', `/staff/orders/export?format=csv&lang=zh-CN&${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.headers['content-disposition']).toBeUndefined()
      expect(body(res)).toMatchObject({ code: 300306, msg: '筛选条件无效：日期不存在，或范围的结束早于开始', data: null })
    }
    for (const query of ['format=pdf', '', 'format=csv&state=lost', 'format=csv&minAmount=-1', 'format=csv&orderNo=..%2F']) {
      const res = await finance.raw('GET', `/staff/orders/export?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(body(res).data).toBeNull()
    }
    for (const caller of [sales, editor]) {
      const res = await caller.raw('GET', '/staff/orders/export?format=csv')
      expect(res.statusCode).toBe(403)
      expect(body(res)).toMatchObject({ code: 300004, data: null })
    }
    expect((await t.app.inject({ url: '/staff/orders/export?format=csv' })).statusCode).toBe(401)
  })
})
