import type { DashboardOrderPeriod, DashboardOrdersFilter, StaffDashboard } from '@rpt/contract'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shortError } from '../../../../src/platform/lib/short-error.ts'
import { registerUser } from '../../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../../helpers/build-app.ts'
import { staffCaller, type Call } from '../../../helpers/staff-reports.ts'
import { useTimeZone } from '../../../helpers/time-zone.ts'

// The staff dashboard on real rows: this month's orders split
// into today and the month by China day (an order at 23:30 in Shanghai
// yesterday is not today's), each figure the count of the list it links to;
// open requests per status; the payment cases; a failed job and unsent mails,
// their errors masked; and each section only to the roles that may read it.
let t: TestApp
const callers = {} as Record<'editor' | 'sales' | 'finance' | 'admin', Call>

beforeAll(async () => {
  t = await buildTestApp({ JOB_POLL_INTERVAL_SECONDS: 0.5 })
  for (const role of ['editor', 'sales', 'finance', 'admin'] as const) callers[role] = (await staffCaller(t.app, role)).call
})
afterAll(() => t?.close())

const sql = (text: string, bind: unknown[] = []) => t.app.db.sequelize.query(text, { bind })
const dashboard = async (role: keyof typeof callers): Promise<StaffDashboard> => {
  const answer = await callers[role]('GET', '/staff/dashboard?lang=en-US')
  expect(answer.code).toBe(200)
  return answer.data
}

/** A registered website account's id, to own the orders. */
async function buyerId(): Promise<string> {
  const { loginCode } = await registerUser(t.app)
  const [row] = await t.app.db.sequelize.query<{ id: string }>(`SELECT id::text AS id FROM website_user WHERE login_code = $1`, {
    bind: [loginCode],
    type: QueryTypes.SELECT,
  })
  return row!.id
}

const HOUR = 3_600_000
/** The China day of an instant (Shanghai keeps +08:00 all year). */
const chinaDay = (at: Date) => new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 10)
const chinaMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`)

type Amounts = Array<{ currency: string; amount: number }>
const cny = (amount: number) => ({ currency: 'CNY', amount })
const usd = (amount: number) => ({ currency: 'USD', amount })

/** A period's figures as expected: counts and sums, each with the list filter that selects its orders. */
const figuresOf = (filter: DashboardOrdersFilter, made: number, paid: [number, Amounts], refunded: [number, Amounts]) => ({
  made: { count: made, filter },
  paid: { count: paid[0], amounts: paid[1], filter: { ...filter, state: 'paid' } },
  refunded: { count: refunded[0], amounts: refunded[1], filter: { ...filter, state: 'refunded' } },
})

let orderSeq = 0
async function order(
  userId: string,
  at: Date,
  fields: {
    amount: number
    currency?: string
    status?: string
    provider?: string | null
    payMethod?: string | null
    closedReason?: string | null
  },
) {
  const orderNo = `D${Date.now()}${String(++orderSeq).padStart(3, '0')}`
  const paid = fields.status === '1' || fields.closedReason === 'refunded'
  const [[row]] = (await sql(
    `INSERT INTO website_order (order_no, kind, user_id, product_id, lang, title, amount, currency, pay_method, status, provider, closed_reason, paid_at, expires_at, created_at)
     VALUES ($1, 'brief', $2, $11, 'zh-CN', 'A bulletin', $3, $4, $5, $6, $7, $8, CASE WHEN $9::boolean THEN $10::timestamptz END, $10::timestamptz + interval '2 hours', $10)
     RETURNING id::text AS id`,
    [
      orderNo,
      userId,
      fields.amount,
      fields.currency ?? 'CNY',
      fields.payMethod ?? null,
      fields.status ?? '0',
      fields.provider ?? null,
      fields.closedReason ?? null,
      paid,
      at.toISOString(),
      orderSeq,
    ],
  )) as [Array<{ id: string }>, unknown]
  return { id: row!.id, orderNo }
}

describe('orders, by China day whatever the server zone', () => {
  useTimeZone('America/Los_Angeles')

  it("splits this month's orders into today and the month, per method and currency, as the orders list counts them", async () => {
    const now = new Date()
    const today = chinaDay(now)
    const todayStart = chinaMidnight(today)
    const monthStart = `${today.slice(0, 8)}01`
    const userId = await buyerId()
    const inToday = new Date(Math.min(now.getTime(), todayStart.getTime() + 60_000))
    await order(userId, inToday, { amount: 29_900, status: '1', provider: 'alipay', payMethod: 'zfbpc' })
    await order(userId, inToday, { amount: 1_000, currency: 'USD', status: '1', provider: 'wechatpay', payMethod: 'wxpc' })
    await order(userId, inToday, { amount: 10_000, status: '2', provider: 'wechatpay', payMethod: 'wx', closedReason: 'refunded' })
    await order(userId, inToday, { amount: 5_000, payMethod: 'wx' })
    await order(userId, inToday, { amount: 5_000 })
    // 23:30 in Shanghai yesterday: yesterday's, in the month only when yesterday was.
    const lateYesterday = new Date(todayStart.getTime() - HOUR / 2)
    await order(userId, lateYesterday, { amount: 50_000, status: '1', provider: 'alipay', payMethod: 'zfb' })
    // Last month: never counted.
    await order(userId, new Date(chinaMidnight(monthStart).getTime() - 12 * HOUR), {
      amount: 70_000,
      status: '1',
      provider: 'alipay',
      payMethod: 'zfb',
    })
    const yesterdayInMonth = chinaDay(lateYesterday).slice(0, 7) === today.slice(0, 7)

    const { orders } = await dashboard('finance')
    const day = { from: today, to: today }
    expect(orders!.today).toEqual({
      ...day,
      total: figuresOf(day, 5, [2, [cny(299), usd(10)]], [1, [cny(100)]]),
      byMethod: [
        { method: 'alipay', ...figuresOf({ ...day, method: 'alipay' }, 1, [1, [cny(299)]], [0, []]) },
        { method: 'wechatpay', ...figuresOf({ ...day, method: 'wechatpay' }, 3, [1, [usd(10)]], [1, [cny(100)]]) },
        // Never started at a gateway: the list cannot select them apart, so their filter has no method.
        { method: 'none', ...figuresOf(day, 1, [0, []], [0, []]) },
      ],
    })
    const month = orders!.month
    expect([month.from, month.to]).toEqual([monthStart, today])
    expect(month.total.made.count).toBe(yesterdayInMonth ? 6 : 5)
    expect(month.byMethod[0]!.paid).toMatchObject({
      count: yesterdayInMonth ? 2 : 1,
      amounts: [{ currency: 'CNY', amount: yesterdayInMonth ? 799 : 299 }],
    })

    // Each figure is the count of the list its filter opens.
    const listCount = async (filter: DashboardOrdersFilter) =>
      (await callers.finance('GET', `/staff/orders?${new URLSearchParams(filter as Record<string, string>).toString()}`)).data.count
    for (const { total, byMethod } of [orders!.today, month] as DashboardOrderPeriod[]) {
      for (const figures of [total, ...byMethod.filter((entry) => entry.method !== 'none')]) {
        for (const figure of [figures.made, figures.paid, figures.refunded]) expect(await listCount(figure.filter)).toBe(figure.count)
      }
    }
  })
})

describe('requests, payment cases, jobs and mails', () => {
  it('counts open requests per status, as the inbox lists them', async () => {
    for (const [status, n] of [
      ['new', 2],
      ['contacted', 1],
      ['quoted', 1],
      ['won', 1],
      ['lost', 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        await sql(
          `INSERT INTO customer_info (type, company_name, email, contact, name, demand, lang, workflow_status, lost_reason)
           VALUES ('2', 'Acme', 'a@example.com', '1', 'A', 'Demand', 'en-US', $1, $2)`,
          [status, status === 'lost' ? 'price' : null],
        )
      }
    }
    const { requests } = await dashboard('sales')
    expect(requests).toEqual({
      open: 4,
      byStatus: [
        { status: 'new', count: 2, filter: { status: 'new' } },
        { status: 'contacted', count: 1, filter: { status: 'contacted' } },
        { status: 'quoted', count: 1, filter: { status: 'quoted' } },
      ],
    })
    for (const entry of requests!.byStatus) {
      expect((await callers.sales('GET', `/staff/requests?status=${entry.filter.status}`)).data.count).toBe(entry.count)
    }
  })

  it('counts the payment cases that need a person, as the cases list lists them', async () => {
    const userId = await buyerId()
    const paid = await order(userId, new Date('2026-01-05T04:00:00Z'), { amount: 100, status: '1', provider: 'alipay' })
    for (const [n, state] of [
      [1, 'failed'],
      [2, 'pending'],
      [3, 'succeeded'],
    ] as const) {
      await sql(
        `INSERT INTO payment_refund (refund_no, order_id, provider, provider_trade_no, amount, currency, cause, reason, state, requested_by)
         VALUES ($1, $2, 'alipay', $3, 100, 'CNY', 'staff', 'test', $4, 'staff:test')`,
        [`RF${paid.orderNo}${n}`, paid.id, `T${paid.orderNo}${n}`, state],
      )
    }
    await sql(`INSERT INTO payment_close (order_id, provider, state) VALUES ($1, 'wechatpay', 'failed')`, [paid.id])
    const { paymentCases } = await dashboard('sales')
    expect(paymentCases).toEqual({
      refundRequired: { count: 2, filter: { state: 'refund-required' } },
      closing: { count: 1, filter: { state: 'closing' } },
    })
    for (const figure of Object.values(paymentCases!)) {
      expect((await callers.finance('GET', `/staff/orders/cases?state=${figure.filter.state}`)).data).toHaveLength(figure.count)
    }
  })

  it('shows failed and retrying jobs and unsent mails, their errors short and masked, to admin only', async () => {
    const define = (name: string, retryLimit: number) =>
      t.app.jobs.define(name, { policy: 'standard', retryLimit, retryDelay: 600, retryBackoff: false, expireInSeconds: 30 })
    await define('test.doomed', 0)
    await define('test.flaky', 2)
    const thrown =
      'SMTP 550 <bob@example.com> refused; token=s3cr3t-v4lue see https://files.example.com/a.pdf?X-Amz-Signature=deadbeef key AKIAABCDEFGHIJKLMNOPQRSTUVWXYZ012345\n    at send (/srv/app/mailer.js:1:1)'
    for (const name of ['test.doomed', 'test.flaky']) {
      await t.app.jobs.work(name, async () => {
        throw new Error(thrown)
      })
      await t.app.jobs.send(name, { mailId: '42', email: 'carol@example.com' })
    }
    const deadline = Date.now() + 20_000
    let jobs = (await dashboard('admin')).jobs!
    while (!(jobs.failed === 1 && jobs.retrying === 1) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      jobs = (await dashboard('admin')).jobs!
    }
    const masked = 'SMTP 550 <[e-mail]> refused; token=[hidden] see https://files.example.com/a.pdf?[hidden] key [hidden]'
    expect(jobs).toMatchObject({
      failed: 1,
      retrying: 1,
      byQueue: [
        { queue: 'test.doomed', failed: 1, retrying: 0 },
        { queue: 'test.flaky', failed: 0, retrying: 1 },
      ],
      recent: [{ queue: 'test.doomed', attempts: 1, error: masked }],
    })
    expect(Date.parse(jobs.recent[0]!.failedAt)).toBeGreaterThan(Date.now() - 60_000)

    const mail = (minutesAgo: number, fields: string, values: string) =>
      sql(
        `INSERT INTO outgoing_mail (kind, reference, recipient, subject, message_id, created_at${fields})
         VALUES ('order-paid', 'R1', 'dave@example.com', 'Paid', $1, now() - make_interval(mins => $2)${values})`,
        [`<${minutesAgo}@test>`, minutesAgo],
      )
    await mail(40, ', sent_at', ', now()')
    await mail(30, '', '')
    await mail(20, ', attempts, last_error', ", 3, 'connect ECONNREFUSED 10.0.0.5:25'")
    await mail(10, ', attempts, last_error, rejected_at', ", 1, '550 5.1.1 <dave@example.com>: Recipient address rejected', now()")
    const admin = await dashboard('admin')
    expect(admin.mails).toEqual({
      unsent: 2,
      rejected: 1,
      oldestUnsentSeconds: expect.any(Number),
      recent: [
        {
          kind: 'order-paid',
          reference: 'R1',
          state: 'rejected',
          queuedAt: expect.any(String),
          attempts: 1,
          error: '550 5.1.1 <[e-mail]>: Recipient address rejected',
        },
        {
          kind: 'order-paid',
          reference: 'R1',
          state: 'unsent',
          queuedAt: expect.any(String),
          attempts: 3,
          error: 'connect ECONNREFUSED 10.0.0.5:25',
        },
      ],
    })
    expect(admin.mails!.oldestUnsentSeconds).toBeGreaterThanOrEqual(30 * 60 - 5)
    // Neither a recipient, a job's data nor a stack reaches the screen.
    for (const secret of ['example.com>', 'dave@', 'carol@', 'bob@', 's3cr3t', 'deadbeef', 'AKIA', '/srv/app', '"42"']) {
      expect(JSON.stringify(admin)).not.toContain(secret)
    }
  }, 40_000)
})

describe('who sees what', () => {
  it('answers each role the sections it may read, and refuses the anonymous', async () => {
    const sections = async (role: keyof typeof callers) => Object.keys(await dashboard(role)).sort()
    expect(await sections('editor')).toEqual(['at', 'timeZone'])
    expect(await sections('sales')).toEqual(['at', 'orders', 'paymentCases', 'requests', 'timeZone'])
    expect(await sections('finance')).toEqual(['at', 'licences', 'orders', 'paymentCases', 'timeZone'])
    expect(await sections('admin')).toEqual(['at', 'jobs', 'licences', 'mails', 'orders', 'paymentCases', 'requests', 'timeZone'])
    const editor = await dashboard('editor')
    expect(editor.timeZone).toBe('Asia/Shanghai')
    const anonymous = await t.app.inject({ method: 'GET', url: '/staff/dashboard' })
    expect(anonymous.statusCode).toBe(401)
    expect(body(anonymous)).toMatchObject({ code: 300002, data: null })
  })
})

describe('the error text shown', () => {
  it('keeps the first line, masks what may be secret or personal, and cuts it short', () => {
    expect(shortError(null)).toBe('')
    expect(shortError('Authorization: Bearer abc.def.ghi failed')).toBe('Authorization: [hidden] failed')
    expect(shortError('password=hunter2&user=x')).toBe('password=[hidden]&user=x')
    expect(shortError('ab '.repeat(200))).toHaveLength(200)
    expect(shortError(`${'word '.repeat(60)}\nsecond line`)).toMatch(/…$/)
  })
})
