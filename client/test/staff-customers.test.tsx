import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import type { StaffCustomer, StaffCustomerListItem } from '@rpt/contract'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, inEnglish, ok, ORDER_ITEM, query, refuse, REQUEST_ITEM, SLOW } from './staff-desk'

inEnglish()

const account: StaffCustomerListItem = {
  id: '7',
  loginCode: 'chen01',
  name: 'Chen Jie',
  company: 'Acme Battery',
  email: 'chen@example.com',
  phone: '021-58881234',
  status: 'active',
  createdAt: '2026-01-05T02:00:00Z',
  lastLoginAt: '2026-11-20T02:00:00Z',
  lockedUntil: '2026-11-28T10:00:00Z',
}

const customer = (change: Partial<StaffCustomer> = {}): StaffCustomer => ({
  ...account,
  position: 'Buyer',
  lang: 'zh-CN',
  passwordChangedAt: '2026-01-05T02:00:00Z',
  failedLogins: 5,
  activeSessions: 2,
  orders: [ORDER_ITEM],
  downloads: [{ at: '2026-11-21T02:00:00Z', via: 'link', orderNo: 'R20261120001', title: 'EV battery market 2026' }],
  requests: [{ ...REQUEST_ITEM, type: 'sample', status: 'contacted', company: 'Acme Battery', email: 'chen@example.com' }],
  ...change,
})

describe('customers desk', () => {
  it('finds accounts on the server by words, status and lock, keeping them in the address', SLOW, async () => {
    const { calls } = desk((url) =>
      url.startsWith('/staff-api/customers?') ? ok({ list: [account], count: 1, pageNo: 1, pageSize: 20 }) : undefined,
    )
    const user = userEvent.setup()
    const view = renderAt(<Console />, '/en/staff/customers')
    const table = await screen.findByRole('table', { name: /Customers/ })
    const row = (await within(table).findByRole('link', { name: 'chen01' })).closest('tr')!
    expect(within(row).getByRole('link', { name: 'chen01' })).toHaveAttribute('href', '/en/staff/customers/7')
    expect(within(row).getByText(/Locked until/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page')
    const lists = () => calls.filter((c) => c.url.startsWith('/staff-api/customers?')).map((c) => query(c.url))
    // The call orders the accounts itself: no sort in the call or the address.
    expect(lists()[0]).toEqual({ pageNo: '1', pageSize: '20', lang: 'en-US' })

    await user.type(screen.getByRole('searchbox', { name: 'Login, e-mail, company, name or phone' }), '5888 1234')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sign-in' }), 'true')
    await waitFor(() =>
      expect(lists().at(-1)).toEqual({ pageNo: '1', pageSize: '20', q: '5888 1234', status: 'active', locked: 'true', lang: 'en-US' }),
    )
    expect(view.history.at(-1)).toBe('/en/staff/customers?q=5888+1234&status=active&locked=true')

    // The address alone gives the same list (a shared link, Back).
    view.navigate('/en/staff/customers?status=disabled&locked=nonsense')
    await waitFor(() => expect(lists().at(-1)).toEqual({ pageNo: '1', pageSize: '20', status: 'disabled', lang: 'en-US' }))
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('disabled')
  })

  it('shows the account with its orders, downloads and requests; each action is confirmed and its outcome said', SLOW, async () => {
    let current = customer()
    const { calls } = desk((url, init) => {
      const method = init?.method ?? 'GET'
      const listed = (): StaffCustomerListItem => {
        const {
          position: _p,
          lang: _l,
          passwordChangedAt: _c,
          failedLogins: _f,
          activeSessions: _s,
          orders: _o,
          downloads: _d,
          requests: _r,
          ...item
        } = current
        return item
      }
      if (url.startsWith('/staff-api/customers/7/reset-mail')) return refuse(409, 300402, 'This account is disabled: enable it first.')
      if (url.startsWith('/staff-api/customers/7/unlock') && method === 'POST') {
        current = { ...current, lockedUntil: null, failedLogins: 0 }
        return ok({ account: listed() })
      }
      if (url.startsWith('/staff-api/customers/7/disable') && method === 'POST') {
        current = { ...current, status: 'disabled', activeSessions: 0 }
        return ok({ account: listed(), sessionsEnded: 2 })
      }
      if (url.startsWith('/staff-api/customers/7')) return ok(current)
      return undefined
    })
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/customers/7')
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer chen01' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '← All customers' })).toHaveAttribute('href', '/en/staff/customers')
    const orders = screen.getByRole('table', { name: 'Orders' })
    expect(within(orders).getByRole('link', { name: 'R20261120001' })).toHaveAttribute('href', '/en/staff/orders/R20261120001')
    expect(within(screen.getByRole('table', { name: 'Downloads' })).getByText('Link in the delivery mail')).toBeInTheDocument()
    expect(within(screen.getByRole('table', { name: 'Requests' })).getByRole('link', { name: 'Acme Battery' })).toHaveAttribute(
      'href',
      '/en/staff/requests/41',
    )

    // Nothing runs before it is confirmed; Cancel leaves the account as it was.
    await user.click(screen.getByRole('button', { name: 'Disable account' }))
    const asked = await screen.findByRole('alertdialog', { name: 'Disable this account?' })
    expect(within(asked).getByText(/chen01 can no longer sign in/)).toBeInTheDocument()
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }))
    const posts = () => calls.filter((c) => c.init?.method === 'POST').map((c) => c.url.split('?')[0])
    expect(posts()).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Unlock sign-in' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlock sign-in' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Sign-in unlocked')
    expect(screen.queryByRole('button', { name: 'Unlock sign-in' })).toBeNull()

    // A refusal is the server's words, in the staff language.
    await user.click(screen.getByRole('button', { name: 'Send password-reset mail' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send password-reset mail' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is disabled: enable it first.')

    await user.click(screen.getByRole('button', { name: 'Disable account' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable account' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Account disabled; 2 sessions ended'))
    expect(screen.getByRole('button', { name: 'Enable account' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send password-reset mail' })).toBeNull()
    expect(posts()).toEqual(['/staff-api/customers/7/unlock', '/staff-api/customers/7/reset-mail', '/staff-api/customers/7/disable'])
    // Each read of the page is an audited view: the actions' answers update it without reading it again.
    expect(calls.filter((c) => c.url.startsWith('/staff-api/customers/7?') && (c.init?.method ?? 'GET') === 'GET')).toHaveLength(1)

    const result = await axe.run(container, AXE_RULES)
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })

  it('opens from the account on a request’s page', SLOW, async () => {
    const request = {
      ...customer().requests[0]!,
      lostReason: null,
      sent: {
        company: 'Acme Battery',
        position: '',
        name: 'Chen Jie',
        phone: '',
        email: 'chen@example.com',
        demand: 'A sample please',
        edition: null,
        reportPrice: null,
        clientIp: '',
      },
      report: null,
      account: { ...account, status: '0' },
      orders: [],
      notes: [],
      history: [],
    }
    desk((url) => (url.startsWith('/staff-api/requests/41') ? ok(request) : undefined))
    renderAt(<Console />, '/en/staff/requests/41')
    expect(await screen.findByRole('link', { name: 'chen01' })).toHaveAttribute('href', '/en/staff/customers/7')
  })
})
