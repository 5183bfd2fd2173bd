import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StaffOrder, StaffReport } from '@rpt/contract'
import { configureApiClient } from '../src/lib/api-client'
import type { Locale } from '../src/lib/locale'
import { staffReportLanguage } from './factories'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, ok, ORDER_ITEM, ORDER_SEATS, REQUEST_ITEM, SLOW } from './staff-desk'

// What the console shows of stored codes: revisions compared field by field
// in words (a rich text's words, files as files), what each save did, payment
// events and states, dictionary types: in the console's language, never the
// record's keys, HTML or a gateway's JSON.

let locale: Locale = 'zh-CN'
beforeEach(() => {
  configureApiClient({ getLocale: () => locale, notify: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
  locale = 'zh-CN'
})

const FILE = {
  name: 'ev-sample.pdf',
  size: 2_202_009,
  sha256: 'ab'.repeat(32),
  type: 'application/pdf',
  uploadedAt: '2026-11-20T02:00:00Z',
}

const edition = (summary: string, price: number) =>
  staffReportLanguage({
    title: '新能源汽车电池市场',
    summary,
    prices: { single: price, multi: 2400, enterprise: null },
    files: { sample: FILE },
  })
const current: StaffReport = {
  code: 'R1',
  status: 'draft',
  version: 3,
  publishAt: null,
  updatedAt: '2026-11-21T10:00:00Z',
  updatedBy: 'mei',
  editions: { 'zh-CN': edition('<p>市场规模<strong>快速</strong>增长，电池需求上升。</p>', 1500) },
}
// The revision as the server stored it: the same file, with the store's key beside it.
const snapshot = {
  ...current,
  version: 2,
  editions: {
    'zh-CN': {
      ...edition('<p>市场规模稳定增长，电池需求上升。</p>', 1200),
      files: { sample: { ...FILE, key: 'reports/R1/zh-CN/sample/1.pdf' } },
    },
  },
}
const revisions = [
  { revision: 3, version: 3, action: 'update', author: 'mei', at: '2026-11-21T10:00:00Z' },
  { revision: 2, version: 2, action: 'publish', author: 'scheduler', at: '2026-11-20T10:00:00Z' },
  { revision: 1, version: 1, action: 'restore', author: 'mei', at: '2026-11-19T10:00:00Z' },
]

function reportsApi() {
  return desk((url) => {
    if (url.startsWith('/staff-api/reports/R1/revisions/2')) return ok({ ...revisions[1], snapshot })
    if (url.startsWith('/staff-api/reports/R1/revisions')) return ok(revisions)
    if (url.startsWith('/staff-api/reports/R1')) return ok(current)
    return undefined
  }, 'editor')
}

describe('a revision compared with the current save', () => {
  it('names fields and saves in words, shows the words of a rich text and the files as files', SLOW, async () => {
    reportsApi()
    const user = userEvent.setup()
    renderAt(<Console />, '/staff/reports/R1/revisions')
    const table = await screen.findByRole('table', { name: 'R1 的修订记录' })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('编辑')
    expect(rows[2]).toHaveTextContent('发布')
    expect(rows[2]).toHaveTextContent('定时发布')
    expect(rows[3]).toHaveTextContent('恢复了较早的版本')
    expect(table).not.toHaveTextContent(/update|publish|restore|scheduler/)

    await user.click(within(rows[2]!).getByRole('button', { name: '比较' }))
    const diff = await screen.findByRole('table', { name: '修订 2 与当前版本的比较' })
    // Field names in words, the language first.
    expect(within(diff).getByRole('rowheader', { name: '中文版（zh-CN） · 单用户版 (CNY)' })).toBeInTheDocument()
    expect(diff).not.toHaveTextContent('editions.')
    expect(diff).not.toHaveTextContent('prices.single')
    // The summary's words: one removed, one added, no markup.
    const summary = within(diff).getByRole('rowheader', { name: '中文版（zh-CN） · 摘要' }).closest('tr')!
    expect(summary.querySelector('del')).toHaveTextContent('稳定')
    expect(summary.querySelector('ins')).toHaveTextContent('快速')
    expect(summary).not.toHaveTextContent(/<|strong/)
    // The same file, whatever the store kept beside it: its name, size, and unchanged.
    const file = within(diff).getByRole('rowheader', { name: '中文版（zh-CN） · 样本（免费）' }).closest('tr')!
    expect(file).toHaveTextContent('ev-sample.pdf')
    expect(file).toHaveTextContent('2.1 MB')
    expect(file).toHaveTextContent('未改变')
    expect(file).not.toHaveTextContent('—')
    expect(diff).not.toHaveTextContent('reports/R1')
    expect((await axe.run(document.body, AXE_RULES)).violations).toEqual([])
  })

  it('names them in English in the English console', SLOW, async () => {
    locale = 'en-US'
    reportsApi()
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/reports/R1/revisions')
    const table = await screen.findByRole('table', { name: 'Revisions of R1' })
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/Published.*Scheduled publishing/)
    await user.click(within(within(table).getAllByRole('row')[2]!).getByRole('button', { name: 'Compare' }))
    const diff = await screen.findByRole('table', { name: 'Revision 2 against the current version' })
    const price = within(diff).getByRole('rowheader', { name: 'Chinese edition (zh-CN) · Single user (CNY)' }).closest('tr')!
    expect(
      within(price)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1200', '1500'])
    expect(within(diff).getByRole('rowheader', { name: 'Chinese edition (zh-CN) · Sample (free)' }).closest('tr')).toHaveTextContent(
      'ev-sample.pdf (2.1 MB) · unchanged',
    )
  })
})

type PaymentEvent = StaffOrder['events'][number]
const event = (change: Pick<PaymentEvent, 'source' | 'action'> & Partial<PaymentEvent>): PaymentEvent => ({
  at: '2026-11-20T02:05:00Z',
  actor: null,
  detail: null,
  ...change,
})
const order: StaffOrder = {
  ...ORDER_ITEM,
  lang: 'zh-CN',
  edition: 'standard',
  licence: 'single',
  deliveryEmail: null,
  providerTradeNo: '2026112022001',
  expiresAt: '2026-11-20T04:00:00Z',
  closedAt: null,
  closedReason: null,
  file: null,
  lines: [{ productId: 'R1', title: 'EV battery market 2026', edition: 'standard', licence: 'single', amount: 1200 }],
  account: { id: '7', login: 'chen01', email: 'chen@example.com', name: 'Chen Jie', company: 'Acme Battery' },
  events: [
    event({
      source: 'notification',
      action: 'paid',
      actor: 'alipay',
      detail: { provider: 'alipay', verified: true, outcome: 'paid', body: '{"trade_status":"TRADE_SUCCESS","total_amount":"1200.00"}' },
    }),
    event({
      source: 'audit',
      action: 'refund-queued',
      actor: 'staff:li',
      detail: { refundNo: 'RF1', cause: 'staff', provider: 'alipay', providerTradeNo: '2026112022001', amount: 120000 },
    }),
  ],
  refunds: [],
  closes: [],
}

describe('the orders desk in Chinese', () => {
  it("reads an order's payment events in words, the gateway's message folded away", SLOW, async () => {
    desk(
      (url) => (url.includes('/seats') ? ok(ORDER_SEATS) : url.startsWith('/staff-api/orders/R20261120001') ? ok(order) : undefined),
      'finance',
    )
    renderAt(<Console />, '/staff/orders/R20261120001')
    const events = await screen.findByRole('region', { name: '支付记录' })
    const [paid, refund] = within(events).getAllByRole('listitem')
    expect(paid).toHaveTextContent(/支付平台通知 · 已收到付款 · 支付宝/)
    expect(paid).toHaveTextContent(/签名已验证\s*是/)
    const message = within(paid!).getByText('支付平台发来的原始消息')
    expect(message.closest('details')).not.toHaveAttribute('open')
    expect(refund).toHaveTextContent(/支付操作 · 已请求支付平台退款 · li/)
    expect(refund).toHaveTextContent(/缘由\s*员工发起/)
    expect(refund).toHaveTextContent(/金额\s*1200\.00 CNY/)
    expect(events).not.toHaveTextContent(/refund-queued|notification|staff:li/)
    expect((await axe.run(document.body, AXE_RULES)).violations).toEqual([])
  })

  it('names the states of the cases that need a person', SLOW, async () => {
    const cases = [{ ...order, provider: 'wechatpay', state: 'failed', attempts: 3, lastError: null, cause: 'staff', requestedBy: 'li' }]
    desk(
      (url) =>
        url.startsWith('/staff-api/orders/cases')
          ? ok(cases.map((c) => ({ ...c, updatedAt: c.createdAt })))
          : url.startsWith('/staff-api/orders')
            ? ok({ list: [ORDER_ITEM], count: 1, pageNo: 1, pageSize: 20, totals: { byDay: [], byMethod: [] } })
            : undefined,
      'finance',
    )
    renderAt(<Console />, '/staff/orders')
    const banner = await screen.findByRole('region', { name: '1 个支付异常需人工处理' })
    expect(banner).toHaveTextContent('微信支付 · 支付平台拒绝退款')
    expect(banner).not.toHaveTextContent(/wechatpay|failed/)
  })

  it("names an account's order states on a request's page", SLOW, async () => {
    const request = {
      ...REQUEST_ITEM,
      lang: 'zh-CN',
      sent: { company: 'Acme', position: '', name: 'Li Lei', phone: '', email: 'li@example.com', demand: 'x', reportPrice: null },
      report: null,
      account: { id: '7', loginCode: 'li01', name: 'Li Lei', company: 'Acme', email: 'li@example.com', phone: '' },
      orders: [
        {
          orderNo: 'B1',
          kind: 'brief',
          title: '储能周报',
          amount: 99,
          currency: 'CNY',
          payMethod: 'zfbPc',
          status: 'paid',
          createdAt: '2026-11-20T02:00:00Z',
          paidAt: null,
        },
      ],
      notes: [],
      history: [],
      lostReason: null,
    }
    desk((url) => (url.startsWith('/staff-api/requests/41') ? ok(request) : url.startsWith('/staff-api/staff') ? ok([]) : undefined))
    renderAt(<Console />, '/staff/requests/41')
    const orders = await screen.findByRole('table', { name: '该账号的订单' })
    expect(within(orders).getAllByRole('row')[1]).toHaveTextContent('已支付')
    expect(orders).not.toHaveTextContent(/\bpaid\b/)
  })
})

describe('the dictionary in Chinese', () => {
  it('names each dictionary in words, with the site it is for', SLOW, async () => {
    desk(
      (url) =>
        url.startsWith('/staff-api/dict')
          ? ok({ types: ['reports_category', 'reports_category_en', 'custom_thing'], type: 'reports_category_en', items: [] })
          : undefined,
      'editor',
    )
    renderAt(<Console />, '/staff/dictionary?type=reports_category_en')
    const select = await screen.findByRole('combobox', { name: '字典' })
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3))
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['报告分类（中文站）', '报告分类（英文站）', 'custom_thing'])
    expect(select).toHaveValue('reports_category_en')
  })
})
