import ExcelJS from 'exceljs'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser, waitForMail, type RegisteredUser } from '../../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { createReport } from '../../../helpers/factories.ts'
import { staffCaller, type Call } from '../../../helpers/staff-reports.ts'

// The requests inbox of the staff desk through the real routes and
// database: requests sent by the public customerInfo/save, worked by sales.
let t: TestApp
let sales: { name: string; call: Call; raw: Call }
let sales2: { name: string; call: Call }
let editor: { raw: Call }
let finance: { raw: Call }
let visitor: RegisteredUser
let reportId: string
const ids: Record<string, string> = {}
const STAFF_EMAIL = 'desk@example.com'
const FORMULA = '=HYPERLINK("http://evil.example","Acme")'

const send = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/basedata/customerInfo/save', payload: { lang: 'zh-CN', ...payload } })
  const answer = body(res)
  expect(answer.code, res.body).toBe(200)
  // The public answer is the legacy one: the id, nothing of the workflow.
  expect(Object.keys(answer.data)).toEqual(['id'])
  return answer.data.id as string
}
const base = {
  type: '2',
  addr: '采购经理',
  contact: '13912345678',
  name: '李先生',
  email: 'someone@example.com',
  demand: '储能电池市场规模',
}
const q = <T extends object>(sql: string, bind: unknown[] = []) => t.app.db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })

beforeAll(async () => {
  t = await buildTestApp({ STAFF_EMAIL, SITE_URL: 'https://www.example.com', JOB_POLL_INTERVAL_SECONDS: 0.5 })
  sales = await staffCaller(t.app, 'sales')
  sales2 = await staffCaller(t.app, 'sales')
  editor = await staffCaller(t.app, 'editor')
  finance = await staffCaller(t.app, 'finance')
  visitor = await registerUser(t.app)
  reportId = (await createReport(t.app, { title: '中国锂电池隔膜行业报告', webTitle: 'lithium-separator', reportCode: 'SEP-1' })).id
  await t.app.db.sequelize.query(
    `INSERT INTO website_order (order_no, kind, user_id, product_id, lang, title, amount, currency, status, expires_at, paid_at)
     VALUES ('T100', 'research', $1, $2, 'zh-CN', '中国锂电池隔膜行业报告', 680000, 'CNY', '1', now(), now())`,
    { bind: [visitor.id, reportId] },
  )
  ids.formula = await send({ ...base, companyName: FORMULA, email: visitor.email, demand: '<script>alert(1)</script>需要华东数据' })
  ids.sample = await send({ ...base, type: '1', version: '1', companyName: 'Acme Energy Ltd', reportId, demand: 'Sample please' })
  ids.old = await send({ ...base, companyName: 'Zeta Storage Co', email: 'zeta@example.com', demand: 'An old request about flywheels' })
  await t.app.db.sequelize.query(`UPDATE customer_info SET created_at = '2026-01-15T08:00:00Z' WHERE id = $1`, { bind: [ids.old] })
})
afterAll(() => t?.close())

describe('the requests list', () => {
  it('lists newest first with paging, and filters by type, date, keyword and status', async () => {
    const all = await sales.call('GET', '/staff/requests?lang=en-US&pageSize=2')
    expect(all.code).toBe(200)
    expect(all.data).toMatchObject({ count: 3, pageNo: 1, pageSize: 2 })
    expect(all.data.list.map((r: any) => r.id)).toEqual([ids.sample, ids.formula])
    expect(all.data.list[0]).toMatchObject({
      type: 'sample',
      status: 'new',
      version: 1,
      assignee: null,
      reportTitle: '中国锂电池隔膜行业报告',
    })
    const page2 = await sales.call('GET', '/staff/requests?pageSize=2&pageNo=2')
    expect(page2.data.list.map((r: any) => r.id)).toEqual([ids.old])
    const oldestFirst = await sales.call('GET', '/staff/requests?sort=createdAt&order=asc')
    expect(oldestFirst.data.list.map((r: any) => r.id)).toEqual([ids.old, ids.formula, ids.sample])

    const ids$ = async (query: string) => (await sales.call('GET', `/staff/requests?${query}`)).data.list.map((r: any) => r.id).sort()
    expect(await ids$('type=sample')).toEqual([ids.sample])
    expect(await ids$('type=custom')).toEqual([ids.formula, ids.old].sort())
    expect(await ids$(`to=${encodeURIComponent('2026-02-01T00:00:00Z')}`)).toEqual([ids.old])
    expect(await ids$(`from=${encodeURIComponent('2026-02-01T00:00:00+08:00')}`)).toEqual([ids.formula, ids.sample].sort())
    expect(await ids$('q=FLYWHEEL')).toEqual([ids.old])
    expect(await ids$('q=zeta%40example')).toEqual([ids.old])
    expect(await ids$('q=acme')).toEqual([ids.formula, ids.sample].sort())
    expect(await ids$('q=100%25')).toEqual([])
    expect(await ids$('status=won')).toEqual([])

    const backwards = await sales.call('GET', `/staff/requests?from=2026-03-01T00:00:00Z&to=2026-02-01T00:00:00Z`)
    expect(backwards).toMatchObject({ code: 300205, data: null })
    const bad = await sales.raw('GET', '/staff/requests?status=open&lang=en-US')
    expect(bad.statusCode).toBe(400)
    expect(body(bad)).toMatchObject({ data: null })
  })

  it('refuses editors and finance (403), and anonymous callers (401)', async () => {
    for (const caller of [editor, finance]) {
      for (const [method, url] of [
        ['GET', '/staff/requests'],
        ['GET', `/staff/requests/${ids.sample}`],
        ['GET', '/staff/requests/export?format=csv'],
      ] as const) {
        const res = await caller.raw(method, url)
        expect(res.statusCode).toBe(403)
        expect(body(res)).toMatchObject({ code: 300004, data: null })
      }
      const res = await caller.raw('PUT', `/staff/requests/${ids.sample}`, { version: 1, status: 'contacted' })
      expect(res.statusCode).toBe(403)
    }
    expect((await t.app.inject({ url: '/staff/requests' })).statusCode).toBe(401)
  })
})

describe('a request worked to a sale', () => {
  it("shows what the visitor sent (inert), the report, the visitor's account and orders", async () => {
    const one = await sales.call('GET', `/staff/requests/${ids.formula}`)
    expect(one.code).toBe(200)
    expect(one.data.sent).toMatchObject({ company: FORMULA, demand: '需要华东数据', position: '采购经理' })
    expect(one.data.sent.demand).not.toContain('<script')
    expect(one.data.account).toMatchObject({ id: visitor.id, loginCode: visitor.loginCode })
    expect(one.data.orders).toEqual([expect.objectContaining({ orderNo: 'T100', amount: 6800, currency: 'CNY', status: 'paid' })])
    expect(one.data.history).toEqual([expect.objectContaining({ status: 'new', actor: null, version: 1 })])

    const sample = await sales.call('GET', `/staff/requests/${ids.sample}`)
    expect(sample.data.report).toEqual({
      id: reportId,
      code: 'SEP-1',
      title: '中国锂电池隔膜行业报告',
      slug: 'lithium-separator',
      lang: 'zh-CN',
    })
    expect(sample.data).toMatchObject({ account: null, orders: [] })
    expect((await sales.call('GET', '/staff/requests/999999')).code).toBe(300201)
  })

  it('assigns, notes, moves along the workflow, refuses an older version, and audits every change', async () => {
    const id = ids.sample
    const assigned = await sales.call('PUT', `/staff/requests/${id}`, { version: 1, assignee: sales.name })
    expect(assigned.data).toMatchObject({ assignee: sales.name, version: 2, status: 'new' })
    expect((await sales.call('GET', '/staff/requests?assignee=me')).data.list.map((r: any) => r.id)).toEqual([id])
    expect((await sales2.call('GET', '/staff/requests?assignee=me')).data.list).toEqual([])
    expect((await sales.call('GET', `/staff/requests?assignee=${sales.name}`)).data.count).toBe(1)
    expect((await sales.call('GET', '/staff/requests?assignee=unassigned')).data.count).toBe(2)

    const note = await sales.call('POST', `/staff/requests/${id}/notes`, { body: 'Called them: <b>wants</b> a quote' })
    expect(note.data).toMatchObject({ author: sales.name, body: 'Called them: <b>wants</b> a quote' })
    expect((await sales.call('POST', `/staff/requests/${id}/notes`, { body: '   ' })).code).toBe(100001)

    const contacted = await sales.call('PUT', `/staff/requests/${id}`, { version: 2, status: 'contacted' })
    expect(contacted.data).toMatchObject({ status: 'contacted', version: 3 })
    // Another member of sales saves on the version they read before: refused, nothing changed.
    const stale = await sales2.call('PUT', `/staff/requests/${id}`, { version: 2, status: 'quoted' })
    expect(stale).toMatchObject({ code: 300101, data: null })
    expect((await sales.call('PUT', `/staff/requests/${id}`, { version: 3, status: 'new' })).code).toBe(300202)
    expect((await sales.call('PUT', `/staff/requests/${id}`, { version: 3, status: 'lost' })).code).toBe(300203)
    expect((await sales.call('PUT', `/staff/requests/${id}`, { version: 3, status: 'quoted', lostReason: 'x' })).code).toBe(300203)
    expect((await sales.call('PUT', `/staff/requests/${id}`, { version: 3, assignee: 'nobody-here' })).code).toBe(300204)

    const quoted = await sales2.call('PUT', `/staff/requests/${id}`, { version: 3, status: 'quoted' })
    expect(quoted.data).toMatchObject({ status: 'quoted', version: 4 })
    const lost = await sales.call('PUT', `/staff/requests/${id}`, { version: 4, status: 'lost', lostReason: 'Chose a competitor' })
    expect(lost.data).toMatchObject({ status: 'lost', lostReason: 'Chose a competitor', version: 5 })
    const reopened = await sales.call('PUT', `/staff/requests/${id}`, { version: 5, status: 'contacted' })
    expect(reopened.data).toMatchObject({ status: 'contacted', lostReason: null, version: 6 })
    const won = await sales.call('PUT', `/staff/requests/${id}`, { version: 6, status: 'won' })
    expect(won.data).toMatchObject({ status: 'won', version: 7 })
    expect((await sales.call('PUT', `/staff/requests/${id}`, { version: 7, status: 'lost', lostReason: 'x' })).code).toBe(300202)

    expect(won.data.notes.map((n: any) => n.body)).toEqual(['Called them: <b>wants</b> a quote'])
    expect(won.data.history.map((h: any) => [h.status, h.actor, h.version])).toEqual([
      ['new', null, 1],
      ['new', sales.name, 2],
      ['contacted', sales.name, 3],
      ['quoted', sales2.name, 4],
      ['lost', sales.name, 5],
      ['contacted', sales.name, 6],
      ['won', sales.name, 7],
    ])
    expect((await sales.call('GET', '/staff/requests?status=won')).data.list.map((r: any) => r.id)).toEqual([id])

    const audit = await q<{ actor: string; action: string; ip: string | null; before: any; after: any }>(
      `SELECT actor, action, ip, before, after FROM staff_audit WHERE target = $1 AND action LIKE 'request.%' ORDER BY id`,
      [id],
    )
    expect(audit.map((a) => a.action)).toEqual([
      'request.update',
      'request.note',
      'request.update',
      'request.update',
      'request.update',
      'request.update',
      'request.update',
    ])
    expect(audit[0]).toMatchObject({
      actor: sales.name,
      ip: '127.0.0.1',
      before: { status: 'new', assignee: null, version: 1 },
      after: { status: 'new', assignee: sales.name, version: 2 },
    })
    expect(audit[4]).toMatchObject({ before: { status: 'quoted' }, after: { status: 'lost', lostReason: 'Chose a competitor' } })
  })
})

describe('the export', () => {
  it('streams the filtered list as CSV, with a formula-like company name escaped', async () => {
    const res = await sales.raw('GET', '/staff/requests/export?format=csv&type=custom&lang=en-US')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/)
    const text = res.body.replace(/^\uFEFF/, '')
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toBe('ID,Sent at (UTC),Type,Status,Assignee,Company,Name,E-mail,Phone,Report,Site language,Demand,Updated at (UTC)')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""Acme"")",`)
    expect(lines[1]!.startsWith(`${ids.formula},`)).toBe(true)
    expect(lines[2]).toContain('Zeta Storage Co')
    // The type and status in words of the export's language, as the console shows them.
    expect(lines[1]).toMatch(/^\d+,[^,]+,Custom research,New,/)
    const chinese = await sales.raw('GET', '/staff/requests/export?format=csv&type=custom&lang=zh-CN')
    expect(chinese.body.split('\r\n')[1]).toMatch(/^\d+,[^,]+,定制研究,新建,/)

    const audit = await q<{ actor: string; after: any }>(
      `SELECT actor, after FROM staff_audit WHERE action = 'request.export' ORDER BY id DESC`,
    )
    expect(audit[0]).toMatchObject({ actor: sales.name, after: { format: 'csv', type: 'custom' } })
  })

  it('streams XLSX too, escaped alike; bad filters answer the envelope', async () => {
    const res = await sales.raw('GET', '/staff/requests/export?format=xlsx&q=acme&sort=createdAt&order=asc&lang=en-US')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload)
    const sheet = workbook.getWorksheet('Requests')!
    const companies = sheet.getColumn(6).values.slice(1)
    expect(companies).toEqual(['Company', "'" + FORMULA, 'Acme Energy Ltd'])
    expect(sheet.getRow(3).getCell(1).value).toBe(Number(ids.sample))
    // The times are dates (UTC, as the CSV's ISO text), the id a number.
    const [sample] = await q<{ createdAt: Date }>(`SELECT created_at AS "createdAt" FROM customer_info WHERE id = $1`, [ids.sample])
    expect(sheet.getRow(3).getCell(2)).toMatchObject({ type: ExcelJS.ValueType.Date, numFmt: 'yyyy-mm-dd hh:mm:ss' })
    expect((sheet.getRow(3).getCell(2).value as Date).getTime()).toBe(Math.floor(new Date(sample!.createdAt).getTime()))
    expect(sheet.getRow(3).getCell(1).type).toBe(ExcelJS.ValueType.Number)

    const bad = await sales.raw('GET', '/staff/requests/export?format=pdf')
    expect(bad.statusCode).toBe(400)
    expect(body(bad).data).toBeNull()
    expect(body(await sales.raw('GET', '/staff/requests/export?format=csv&from=2026-03-01T00:00:00Z&to=2026-01-01T00:00:00Z')).code).toBe(
      300205,
    )
  })
})

describe('a long export', () => {
  it('writes every page of the list (500 rows a read), in order, as CSV and XLSX', async () => {
    await t.app.db.sequelize.query(
      `INSERT INTO customer_info (type, company_name, email, contact, name, demand, lang, created_at)
       SELECT '2', 'Bulk ' || n, 'bulk' || n || '@example.com', '1', 'B', '+' || n, 'en-US', '2025-01-01T00:00:00Z'::timestamptz + n * interval '1 minute'
         FROM generate_series(1, 1234) AS n`,
    )
    const csv = await sales.raw('GET', '/staff/requests/export?format=csv&q=bulk')
    const lines = csv.body.trim().split('\r\n')
    expect(lines).toHaveLength(1235)
    expect(lines[1]).toContain(',Bulk 1234,')
    expect(lines[1]).toContain(",'+1234,")
    expect(lines[1234]).toContain(',Bulk 1,')

    const xlsx = await sales.raw('GET', '/staff/requests/export?format=xlsx&q=bulk&order=asc&lang=zh-CN')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload)
    // Headed in the caller's language, as the orders export is.
    const sheet = workbook.getWorksheet('需求')!
    expect(sheet.getRow(1).getCell(6).value).toBe('公司')
    expect(sheet.rowCount).toBe(1235)
    expect(sheet.getRow(1235).getCell(6).value).toBe('Bulk 1234')
  })

  it('reads by keyset (sort key, then id) in every sort and direction: ties across pages, microseconds, each request once', async () => {
    // Half sent in one microsecond, and all updated in one (the insert's now()): page boundaries fall among ties.
    await q(`UPDATE customer_info SET created_at = '2025-01-01T12:00:00.123456Z' WHERE company_name LIKE 'Bulk %' AND id % 2 = 0`)
    const bulk = `lower(c.company_name) LIKE '%bulk%' OR lower(c.name) LIKE '%bulk%' OR lower(c.email) LIKE '%bulk%' OR lower(c.demand) LIKE '%bulk%'`
    const status = `array_position(ARRAY['new', 'contacted', 'quoted', 'won', 'lost']::varchar[], c.workflow_status)`
    const sorts: [string, string][] = [
      ['sort=createdAt', 'c.created_at DESC, c.id DESC'],
      ['sort=createdAt&order=asc', 'c.created_at, c.id'],
      ['sort=updatedAt', 'c.updated_at DESC, c.id DESC'],
      ['sort=company&order=asc', 'lower(c.company_name), c.id'],
      ['sort=company', 'lower(c.company_name) DESC, c.id DESC'],
      ['sort=status&order=asc', `${status}, c.id`],
    ]
    for (const [query, order] of sorts) {
      const csv = await sales.raw('GET', `/staff/requests/export?format=csv&q=bulk&${query}`)
      const exported = csv.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line: string) => line.split(',')[0])
      const expected = await q<{ id: string }>(`SELECT c.id::text AS id FROM customer_info c WHERE ${bulk} ORDER BY ${order}`)
      expect(exported, query).toHaveLength(1234)
      expect(exported, query).toEqual(expected.map((row) => row.id))
    }
  })
})

describe('the staff mail', () => {
  it('links a new request to its page in the staff console', async () => {
    const mail = await waitForMail(t.dataDir, STAFF_EMAIL, 10_000, (text) => text.includes(`/staff/requests/${ids.old}`))
    expect(mail).toBeTruthy()
  })
})
