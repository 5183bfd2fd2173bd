import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import type { StaffOrder } from '@rpt/contract'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, fakeUploads, inEnglish, ok, ORDER_ITEM, ORDER_SEATS, query, SLOW } from './staff-desk'

inEnglish()

const order = (change: Partial<StaffOrder> = {}): StaffOrder => ({
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
  events: [],
  refunds: [],
  closes: [],
  ...change,
})

const page = { count: 1, pageNo: 1, pageSize: 20, totals: { byDay: [], byMethod: [] } }

describe('orders desk', () => {
  it('offers finance the export of the filtered list (not its paging or sort); sales see no export', SLOW, async () => {
    desk(
      (url) => (url.startsWith('/staff-api/orders') ? ok(url.includes('/cases') ? [] : { ...page, list: [order()] }) : undefined),
      'finance',
    )
    const finance = renderAt(<Console />, '/en/staff/orders?state=paid&method=alipay&from=2026-11-01&to=2026-11-28&sort=amount&page=2')
    const csv = await screen.findByRole('link', { name: 'Export CSV' })
    expect(csv.getAttribute('href')!.startsWith('/staff-api/orders/export?')).toBe(true)
    expect(query(csv.getAttribute('href')!)).toEqual({
      format: 'csv',
      lang: 'en-US',
      state: 'paid',
      method: 'alipay',
      from: '2026-11-01',
      to: '2026-11-28',
    })
    expect(query(screen.getByRole('link', { name: 'Export Excel' }).getAttribute('href')!)).toMatchObject({ format: 'xlsx', state: 'paid' })
    // Finance does not read customers: the buyer is text.
    expect(within(screen.getByRole('table', { name: /Orders/ })).queryByRole('link', { name: 'chen01' })).toBeNull()
    finance.unmount()

    desk(
      (url) => (url.startsWith('/staff-api/orders') ? ok(url.includes('/cases') ? [] : { ...page, list: [order()] }) : undefined),
      'sales',
    )
    renderAt(<Console />, '/en/staff/orders')
    expect(await screen.findByRole('link', { name: 'R20261120001' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull()
  })

  it('delivers a paid research order’s file once confirmed, as the raw body with its name, and says so', SLOW, async () => {
    let current = order()
    const sent = fakeUploads(() => {
      current = { ...current, file: 'ev-2026.pdf' }
      return { status: 200, body: { code: 200, msg: 'success', data: { orderNo: current.orderNo, state: 'paid', mailQueued: true } } }
    })
    const { calls } = desk(
      (url) => (url.includes('/seats') ? ok(ORDER_SEATS) : url.startsWith('/staff-api/orders/R20261120001') ? ok(current) : undefined),
      'finance',
    )
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/orders/R20261120001')
    expect(await screen.findByRole('heading', { level: 1, name: 'Order R20261120001' })).toBeInTheDocument()
    const deliver = screen.getByRole('button', { name: 'Deliver' })
    expect(deliver).toBeDisabled()

    const pdf = new File(['%PDF-1.4 report'], 'ev-2026.pdf', { type: 'application/pdf' })
    await user.upload(screen.getByLabelText('File for the buyer (PDF or Word, up to 500 MB)'), pdf)
    await user.click(deliver)
    const asked = await screen.findByRole('alertdialog', { name: 'Deliver this file?' })
    expect(within(asked).getByText(/ev-2026\.pdf is attached to order R20261120001/)).toBeInTheDocument()
    expect(sent).toEqual([])
    await user.click(within(asked).getByRole('button', { name: 'Deliver' }))

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('File delivered; the buyer’s mail is queued'))
    expect(sent).toHaveLength(1)
    expect(sent[0]!.method).toBe('PUT')
    expect(sent[0]!.url.split('?')[0]).toBe('/staff-api/orders/R20261120001/file')
    expect(query(sent[0]!.url)).toEqual({ name: 'ev-2026.pdf', lang: 'en-US' })
    expect(sent[0]!.body).toBe(pdf)
    // The page reads the order again: its delivered file shows.
    expect(await screen.findByText('ev-2026.pdf')).toBeInTheDocument()
    expect(calls.filter((c) => c.url.startsWith('/staff-api/orders/R20261120001?')).length).toBeGreaterThan(1)

    const result = await axe.run(container, AXE_RULES)
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })

  it('links the buyer to the customer page for sales, who get no delivery; a bulletin order has none either', SLOW, async () => {
    desk((url) => (url.includes('/seats') ? ok(ORDER_SEATS) : url.startsWith('/staff-api/orders/') ? ok(order()) : undefined), 'sales')
    const sales = renderAt(<Console />, '/en/staff/orders/R20261120001')
    expect(await screen.findByRole('link', { name: 'chen01' })).toHaveAttribute('href', '/en/staff/customers/7')
    expect(screen.queryByRole('heading', { name: 'Deliver the report file' })).toBeNull()
    // The line and the method in words, not the stored values.
    expect(screen.getByText('EV battery market 2026 · Standard edition · Single user')).toBeInTheDocument()
    expect(screen.getByText(/^Alipay · 2026112022001$/)).toBeInTheDocument()
    sales.unmount()

    desk((url) => (url.startsWith('/staff-api/orders/') ? ok(order({ kind: 'brief', licence: null })) : undefined), 'admin')
    renderAt(<Console />, '/en/staff/orders/R20261120001')
    expect(await screen.findByRole('link', { name: 'chen01' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Actions' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Deliver the report file' })).toBeNull()
  })
})
