import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import type { DashboardOrderPeriod, StaffDashboard } from '@rpt/contract'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, inEnglish, ok, SLOW } from './staff-desk'

inEnglish()

const figures = (from: string, to: string, made: number, paid: number, method?: 'alipay' | 'wechatpay') => ({
  made: { count: made, filter: { from, to, ...(method ? { method } : {}) } },
  paid: {
    count: paid,
    amounts: paid ? [{ currency: 'CNY', amount: paid * 100 }] : [],
    filter: { from, to, state: 'paid' as const, ...(method ? { method } : {}) },
  },
  refunded: { count: 0, amounts: [], filter: { from, to, state: 'refunded' as const, ...(method ? { method } : {}) } },
})

const period = (from: string, to: string): DashboardOrderPeriod => ({
  from,
  to,
  total: figures(from, to, 5, 3),
  byMethod: [
    { method: 'alipay', ...figures(from, to, 3, 2, 'alipay') },
    { method: 'wechatpay', ...figures(from, to, 1, 1, 'wechatpay') },
    { method: 'none', ...figures(from, to, 1, 0) },
  ],
})

const dashboard: StaffDashboard = {
  at: '2026-11-28T04:00:00Z',
  timeZone: 'Asia/Shanghai',
  orders: { today: period('2026-11-28', '2026-11-28'), month: period('2026-11-01', '2026-11-28') },
  paymentCases: { refundRequired: { count: 1, filter: { state: 'refund-required' } }, closing: { count: 0, filter: { state: 'closing' } } },
  requests: {
    open: 4,
    byStatus: [
      { status: 'new', count: 2, filter: { status: 'new' } },
      { status: 'contacted', count: 1, filter: { status: 'contacted' } },
      { status: 'quoted', count: 1, filter: { status: 'quoted' } },
    ],
  },
  jobs: {
    failed: 1,
    retrying: 2,
    byQueue: [{ queue: 'mail.send', failed: 1, retrying: 2 }],
    recent: [{ id: 'j1', queue: 'mail.send', failedAt: '2026-11-28T03:00:00Z', attempts: 5, error: 'connect ECONNREFUSED' }],
  },
  mails: {
    unsent: 3,
    rejected: 1,
    oldestUnsentSeconds: 600,
    recent: [
      {
        kind: 'password-reset',
        reference: '7',
        state: 'rejected',
        queuedAt: '2026-11-28T02:00:00Z',
        attempts: 1,
        error: '550 no such user',
      },
    ],
  },
}

/** What the server answers a role: the sections of the lists it may read. */
const answerFor = (role: string): StaffDashboard => {
  const { orders, paymentCases, requests, jobs, mails, ...rest } = dashboard
  if (role === 'editor') return rest
  if (role === 'finance') return { ...rest, orders, paymentCases }
  if (role === 'sales') return { ...rest, orders, paymentCases, requests }
  return { ...rest, orders, paymentCases, requests, jobs, mails }
}

describe('dashboard', () => {
  it('is where an admin lands: every figure opens the list that counts it, jobs and mails shown in place', SLOW, async () => {
    desk((url) => (url.startsWith('/staff-api/dashboard') ? ok(answerFor('admin')) : undefined), 'admin')
    const { container } = renderAt(<Console />, '/en/staff')
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    const nav = within(screen.getByRole('navigation')).getAllByRole('link')
    expect(nav[0]).toHaveTextContent('Dashboard')

    const today = within(screen.getByRole('table', { name: /^Today/ }))
    const alipay = within(today.getByText('Alipay').closest('tr')!)
    expect(alipay.getByRole('link', { name: '3' })).toHaveAttribute('href', '/en/staff/orders?from=2026-11-28&to=2026-11-28&method=alipay')
    expect(alipay.getByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/en/staff/orders?from=2026-11-28&to=2026-11-28&state=paid&method=alipay',
    )
    expect(alipay.getByText(/200\.00 CNY/)).toBeInTheDocument()
    const month = within(screen.getByRole('table', { name: /^This month/ }))
    expect(within(month.getByText('All methods').closest('tr')!).getByRole('link', { name: '5' })).toHaveAttribute(
      'href',
      '/en/staff/orders?from=2026-11-01&to=2026-11-28',
    )

    expect(screen.getByRole('link', { name: /2\s+New/ })).toHaveAttribute('href', '/en/staff/requests?status=new')
    expect(screen.getByRole('link', { name: /1\s+Refunds that need a person/ })).toHaveAttribute('href', '/en/staff/orders')
    // Jobs and mails have no list: their counts are text, their latest failures listed here.
    expect(screen.getAllByText('Failed for good')[0]!.closest('a')).toBeNull()
    expect(screen.getByText('connect ECONNREFUSED')).toBeInTheDocument()
    expect(within(screen.getByRole('table', { name: 'Latest mails not sent' })).getByRole('link', { name: '7' })).toHaveAttribute(
      'href',
      '/en/staff/customers/7',
    )

    const result = await axe.run(container, AXE_RULES)
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })

  it('shows each role what the server answers it; an editor opens on the reports, without a dashboard', SLOW, async () => {
    desk((url) => (url.startsWith('/staff-api/dashboard') ? ok(answerFor('finance')) : undefined), 'finance')
    const finance = renderAt(<Console />, '/en/staff')
    expect(await screen.findByRole('table', { name: /^Today/ })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Open requests' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Background jobs' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Customers' })).toBeNull()
    finance.unmount()

    const { calls } = desk(
      (url) => (url.startsWith('/staff-api/reports') ? ok({ list: [], count: 0, pageNo: 1, pageSize: 20 }) : undefined),
      'editor',
    )
    const editor = renderAt(<Console />, '/en/staff/dashboard')
    // The dashboard is no section of an editor's: the console says so, and leads to the reports.
    expect(await screen.findByRole('heading', { level: 1, name: 'You don’t have access to this section' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull()
    expect(calls.some((c) => c.url.startsWith('/staff-api/dashboard'))).toBe(false)
    editor.unmount()
    renderAt(<Console />, '/en/staff')
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument()
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/staff-api/reports'))).toBe(true))
    expect(calls.some((c) => c.url.startsWith('/staff-api/dashboard'))).toBe(false)
  })
})
