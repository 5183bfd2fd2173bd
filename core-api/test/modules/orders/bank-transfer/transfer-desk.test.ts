import ExcelJS from 'exceljs'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser } from '../../../helpers/accounts.ts'
import { setBankAccounts } from '../../../helpers/bank-transfer.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { authed, reportWithPrices } from '../../../helpers/orders.ts'
import { staffCaller, type Call } from '../../../helpers/staff-reports.ts'

// Finance's desk for bank transfers through the real app and database: a
// transfer marked received (a different amount refused, the same serial
// twice paying once, a serial of another order refused), the order paid and
// delivered as any paid order (its mail, the buyer's downloads); statements
// in CSV and XLSX previewed (a match, an unknown reference, a wrong amount)
// and only the confirmed matches applied; the list by state; who may call;
// every write audited; bad input answered with the envelope.
let t: TestApp
let finance: { name: string; token: string; raw: Call; call: Call }
let sales: { call: Call }
let editor: { call: Call }
let admin: { call: Call }
const RESEARCH = '/report/websiteUserResearchOrder'

const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })

beforeAll(async () => {
  t = await buildTestApp()
  await setBankAccounts(t.app)
  finance = await staffCaller(t.app, 'finance')
  sales = await staffCaller(t.app, 'sales')
  editor = await staffCaller(t.app, 'editor')
  admin = await staffCaller(t.app, 'admin')
})
afterAll(() => t?.close())

/** A buyer's research order (a file stored) that they chose to pay by transfer. */
async function awaitedTransfer(companyName = '上海示例科技有限公司') {
  const user = await registerUser(t.app, { companyName })
  const api = authed(t.app, user.token)
  const { report } = await reportWithPrices(t.app, { file: true })
  const saved = body(await api.post(`${RESEARCH}/save`, { reportId: String(report.id), edition: 'standard', licence: 'multi' }))
  const paid = body(await api.post(`${RESEARCH}/payOrder`, { id: saved.data.id, payMethod: 'bank', payPrice: saved.data.payPrice }))
  expect(paid.code).toBe(200)
  return {
    user,
    api,
    orderId: saved.data.id as string,
    orderNo: saved.data.orderNo as string,
    amount: saved.data.payPrice as number,
    reference: paid.data.transfer.reference as string,
  }
}

const upload = (name: string, bytes: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/staff/transfers/statements?name=${encodeURIComponent(name)}`,
    headers: { authorization: `Bearer ${finance.token}`, 'content-type': 'application/octet-stream' },
    payload: bytes,
  })

describe('markTransferReceived', () => {
  it('refuses another amount, pays and delivers once, and the same serial again pays nothing', async () => {
    const order = await awaitedTransfer()
    const url = `/staff/transfers/${order.orderNo}/received`
    const wrong = await finance.call('POST', url, { amount: order.amount - 1, date: '2026-12-02', serial: 'CMB20261202001' })
    expect(wrong).toMatchObject({ code: 300903, data: null })
    expect(wrong.msg).toContain(`${order.amount.toFixed(2)} CNY`)
    const english = await finance.call('POST', url, { amount: 1, date: '2026-12-02', serial: 'CMB20261202001', lang: 'en-US' })
    expect(english.msg).toBe(`The amount received, 1.00, differs from the order's ${order.amount.toFixed(2)} CNY; nothing was recorded.`)

    const received = await finance.call('POST', url, { amount: order.amount, date: '2026-12-02', serial: 'CMB20261202001' })
    expect(received).toMatchObject({
      code: 200,
      data: { orderNo: order.orderNo, reference: order.reference, state: 'received', applied: true },
    })
    const again = await finance.call('POST', url, { amount: order.amount, date: '2026-12-02', serial: 'CMB20261202001' })
    expect(again.data).toMatchObject({ applied: false })

    const [row] = await q<{ status: string; provider: string; tradeNo: string }>(
      `SELECT status, provider, provider_trade_no AS "tradeNo" FROM website_order WHERE id = $1`,
      [order.orderId],
    )
    expect(row).toEqual({ status: '1', provider: 'bank', tradeNo: 'CMB20261202001' })
    // Delivered as any paid order: one paid mail with the file's link, and the file in the buyer's downloads.
    const mails = await q<{ kind: string }>(`SELECT kind FROM outgoing_mail WHERE reference = $1`, [order.orderNo])
    expect(mails).toEqual([{ kind: 'order-paid' }])
    const downloads = body(await order.api.post('/report/websiteUserOrder/downList', { pageNo: 1, pageSize: 10 }))
    expect(downloads.data.list.map((item: { orderNo: string }) => item.orderNo)).toContain(order.orderNo)

    const audit = await q<{ actor: string; action: string; after: Record<string, unknown> }>(
      `SELECT actor, action, after FROM staff_audit WHERE target = $1 ORDER BY id`,
      [order.orderNo],
    )
    expect(audit).toEqual([
      {
        actor: finance.name,
        action: 'transfer.receive',
        after: expect.objectContaining({ serial: 'CMB20261202001', amount: order.amount }),
      },
    ])
    const trail = await q<{ action: string; actor: string }>(`SELECT action, actor FROM payment_audit WHERE order_id = $1 ORDER BY id`, [
      order.orderId,
    ])
    expect(trail.map((entry) => entry.action)).toEqual(['bank-transfer-chosen', 'bank-transfer-received'])
    expect(trail[1]!.actor).toBe(`staff:${finance.name}`)

    // The buyer's view says received; a refund goes back by bank, never through a gateway.
    expect(
      (
        await q<{ received: boolean }>(`SELECT received_at IS NOT NULL AS received FROM bank_transfer WHERE order_id = $1`, [order.orderId])
      )[0],
    ).toEqual({
      received: true,
    })
    expect(await finance.call('POST', `/staff/orders/${order.orderNo}/refund`, { reason: 'test' })).toMatchObject({ code: 300909 })
  })

  it('refuses a serial recorded for another order, an order with no transfer, and an unknown order', async () => {
    const first = await awaitedTransfer()
    const second = await awaitedTransfer()
    await finance.call('POST', `/staff/transfers/${first.orderNo}/received`, {
      amount: first.amount,
      date: '2026-12-02',
      serial: 'ICBC-0001',
    })
    expect(
      await finance.call('POST', `/staff/transfers/${second.orderNo}/received`, {
        amount: second.amount,
        date: '2026-12-02',
        serial: 'ICBC-0001',
      }),
    ).toMatchObject({ code: 300904 })
    expect(
      await finance.call('POST', `/staff/transfers/R000000000000/received`, { amount: 1, date: '2026-12-02', serial: 'X1' }),
    ).toMatchObject({
      code: 300301,
    })
  })

  it('answers bad input with the envelope, never a 500', async () => {
    const order = await awaitedTransfer()
    const url = `/staff/transfers/${order.orderNo}/received`
    for (const payload of [
      {},
      { amount: 'lots', date: '2026-12-02', serial: 'A1' },
      { amount: 1, date: '2026-02-30x', serial: 'A1' },
      { amount: 1, date: '2026-12-02', serial: '<script>' },
    ]) {
      const answer = await finance.raw('POST', url, payload)
      expect(answer.statusCode).toBeLessThan(500)
      expect(JSON.parse(answer.body)).toMatchObject({ code: 100001, data: null })
    }
  })
})

describe('importBankStatement', () => {
  it('previews a CSV (Chinese headings, a summary above them): a match, an unknown reference, a wrong amount; confirm applies only what was confirmed', async () => {
    const match = await awaitedTransfer()
    const wrong = await awaitedTransfer()
    const unconfirmed = await awaitedTransfer()
    const csv = [
      '账号,1109 0123 4567 890',
      '户名,北京恒智研究咨询有限公司',
      '交易日期,交易流水号,对方户名,贷方金额,摘要',
      `2026-12-02,SN0001,上海示例科技有限公司,"${match.amount.toLocaleString('en-US')}.00",货款 ${match.reference.toLowerCase()} 报告`,
      `2026/12/02,SN0002,某某公司,12000.00,RPT23456789 服务费`,
      `2026-12-03,SN0003,上海示例科技有限公司,${wrong.amount - 100},${wrong.reference}`,
      `20261203,SN0004,上海示例科技有限公司,${unconfirmed.amount},附言 ${unconfirmed.reference}`,
    ].join('\n')
    const answer = body(await upload('statement.csv', Buffer.from(csv)))
    expect(answer.code).toBe(200)
    const preview = answer.data
    expect(preview.lines).toBe(4)
    expect(preview.columns).toMatchObject({ date: '交易日期', serial: '交易流水号', payer: '对方户名', credit: '贷方金额', remark: '摘要' })
    expect(preview.matches.map((line: { orderNo: string }) => line.orderNo)).toEqual([match.orderNo, unconfirmed.orderNo])
    expect(preview.others).toEqual([
      expect.objectContaining({ line: 5, reference: 'RPT23456789', orderNo: null, issue: 'unknown-reference', amount: 12000 }),
      expect.objectContaining({
        line: 6,
        orderNo: wrong.orderNo,
        issue: 'amount-differs',
        amount: wrong.amount - 100,
        expected: wrong.amount,
      }),
    ])
    // Nothing is paid by the preview.
    expect((await q<{ status: string }>(`SELECT status FROM website_order WHERE id = $1`, [match.orderId]))[0]!.status).toBe('0')

    const matchLine = preview.matches[0].line as number
    const confirmed = await finance.call('POST', `/staff/transfers/statements/${preview.statementId}/confirm`, { lines: [matchLine, 5] })
    expect(confirmed.data).toEqual({
      statementId: preview.statementId,
      applied: [{ line: matchLine, orderNo: match.orderNo }],
      skipped: [{ line: 5, reason: 'not-a-match' }],
    })
    const statuses = await q<{ orderNo: string; status: string }>(
      `SELECT order_no AS "orderNo", status FROM website_order WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [[match.orderId, wrong.orderId, unconfirmed.orderId]],
    )
    expect(statuses.map((row) => row.status)).toEqual(['1', '0', '0'])
    const [transfer] = await q<{ serial: string; receivedOn: string }>(
      `SELECT bank_serial AS serial, to_char(received_on, 'YYYY-MM-DD') AS "receivedOn" FROM bank_transfer WHERE order_id = $1`,
      [match.orderId],
    )
    expect(transfer).toEqual({ serial: 'SN0001', receivedOn: '2026-12-02' })

    // Confirming again pays nothing twice; the same statement imported again lists the paid line as already paid.
    const twice = await finance.call('POST', `/staff/transfers/statements/${preview.statementId}/confirm`, { lines: [matchLine] })
    expect(twice.data).toMatchObject({ applied: [], skipped: [{ line: matchLine, reason: 'already-paid' }] })
    const reimported = body(await upload('statement.csv', Buffer.from(csv))).data
    expect(reimported.others).toContainEqual(expect.objectContaining({ orderNo: match.orderNo, issue: 'already-paid' }))

    const audit = await q<{ action: string }>(`SELECT action FROM staff_audit WHERE target = $1 ORDER BY id`, [preview.statementId])
    expect(audit.map((row) => row.action)).toEqual([
      'transfer.statement.import',
      'transfer.statement.confirm',
      'transfer.statement.confirm',
    ])
  })

  it('reads an XLSX with English headings and a GBK CSV', async () => {
    const match = await awaitedTransfer()
    const unknown = 'RPTZZZZZZZZ'
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Statement')
    sheet.addRow(['Value Date', 'Transaction ID', 'Payer', 'Amount', 'Description'])
    sheet.addRow([new Date('2026-12-04T00:00:00Z'), 'TX-9', 'Acme Ltd', match.amount, `INV ${match.reference}`])
    sheet.addRow([new Date('2026-12-04T00:00:00Z'), 'TX-10', 'Other Ltd', 500, `payment ${unknown}`])
    const preview = body(await upload('statement.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))).data
    expect(preview.matches).toEqual([
      expect.objectContaining({
        line: 2,
        orderNo: match.orderNo,
        serial: 'TX-9',
        payer: 'Acme Ltd',
        date: '2026-12-04',
        amount: match.amount,
      }),
    ])
    expect(preview.others).toEqual([expect.objectContaining({ reference: unknown, issue: 'unknown-reference' })])

    const gbkCsv = Buffer.from(
      // "日期,金额,附言\n2026-12-05,100.00,测试" in GB18030
      'c8d5c6da2cbdf0b6ee2cb8bdd1d40a323032362d31322d30352c3130302e30302cb2e2cad4',
      'hex',
    )
    const gbkPreview = body(await upload('gbk.csv', gbkCsv)).data
    expect(gbkPreview.columns).toMatchObject({ date: '日期', amount: '金额', remark: '附言' })
    expect(gbkPreview.others).toEqual([expect.objectContaining({ remark: '测试', issue: 'unknown-reference', amount: 100 })])
  })

  it('refuses what is not a statement with the envelope, never a 500', async () => {
    for (const [name, bytes] of [
      ['empty.csv', Buffer.alloc(0)],
      ['no-heading.csv', Buffer.from('a,b,c\n1,2,3\n')],
      ['broken.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)])],
      ['binary.csv', Buffer.from([0, 1, 2, 255, 254, 10, 34, 34, 34])],
    ] as const) {
      const answer = await upload(name, bytes)
      expect(answer.statusCode, name).toBeLessThan(500)
      expect(JSON.parse(answer.body), name).toMatchObject({ code: 300906, data: null })
    }
    expect(await finance.call('POST', '/staff/transfers/statements/999999/confirm', { lines: [2] })).toMatchObject({ code: 300907 })
    expect(await finance.call('POST', '/staff/transfers/statements/1/confirm', { lines: [] })).toMatchObject({ code: 100001 })
  })
})

describe('listBankTransfers and who may call', () => {
  it('lists awaiting, received and closed; sales and editors are refused; finance and admin read', async () => {
    const awaiting = await awaitedTransfer('Awaiting Co')
    const closed = await awaitedTransfer('Closed Co')
    await q(`UPDATE website_order SET status = '2', closed_reason = 'expired' WHERE id = $1`, [closed.orderId])
    const list = async (state: string) =>
      (await finance.call('GET', `/staff/transfers?state=${state}&pageSize=100`)).data.list.map((item: { orderNo: string }) => item.orderNo)
    expect(await list('awaiting')).toContain(awaiting.orderNo)
    expect(await list('awaiting')).not.toContain(closed.orderNo)
    expect(await list('closed')).toContain(closed.orderNo)
    expect(await list('received')).not.toContain(awaiting.orderNo)
    const found = await admin.call('GET', `/staff/transfers?q=${awaiting.reference.toLowerCase()}`)
    expect(found.data.list).toEqual([
      expect.objectContaining({ orderNo: awaiting.orderNo, company: 'Awaiting Co', state: 'awaiting', received: null }),
    ])

    expect(await sales.call('GET', '/staff/transfers')).toMatchObject({ code: 300004 })
    expect(
      await editor.call('POST', `/staff/transfers/${awaiting.orderNo}/received`, { amount: 1, date: '2026-12-02', serial: 'A1' }),
    ).toMatchObject({
      code: 300004,
    })
    const pdf = await finance.raw('GET', `/staff/transfers/${awaiting.orderNo}/proforma`)
    expect(pdf.headers['content-type']).toBe('application/pdf')
  })

  it('the account is an admin’s setting: an editor is refused, a bad SWIFT code is refused, an admin saves it (audited)', async () => {
    const [row] = await q<{ version: number }>(`SELECT version FROM sys_config WHERE config_key = 'en.bank.account.swift'`)
    const url = '/staff/config/en.bank.account.swift'
    expect(await editor.call('PUT', url, { version: row!.version, value: 'CMBCCNBS' })).toMatchObject({ code: 300004 })
    const bad = await admin.call('PUT', url, { version: row!.version, value: 'cmb', lang: 'en-US' })
    expect(bad).toMatchObject({
      code: 300154,
      msg: 'This value does not fit this setting: a SWIFT/BIC code is 8 or 11 capitals and digits.',
    })
    expect(await admin.call('PUT', url, { version: row!.version, value: 'CMBCCNBSXXX' })).toMatchObject({
      code: 200,
      data: { value: 'CMBCCNBSXXX' },
    })
    const days = await q<{ version: number }>(`SELECT version FROM sys_config WHERE config_key = 'cn.bank.deadlineDays.number'`)
    expect(await admin.call('PUT', '/staff/config/cn.bank.deadlineDays.number', { version: days[0]!.version, value: '0' })).toMatchObject({
      code: 300154,
    })
    const audit = await q<{ action: string }>(`SELECT action FROM staff_audit WHERE target = 'en.bank.account.swift'`)
    expect(audit).toEqual([{ action: 'config.update' }])
  })
})
