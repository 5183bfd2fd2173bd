import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import type { StaffRequest } from '@rpt/contract'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, inEnglish, ok, query, refuse, REQUEST_ITEM, SLOW } from './staff-desk'

inEnglish()

const item = REQUEST_ITEM

const request = (version: number, change: Partial<StaffRequest> = {}): StaffRequest => ({
  id: '41',
  type: 'custom',
  status: 'new',
  lostReason: null,
  assignee: null,
  version,
  lang: 'en-US',
  createdAt: '2026-11-27T08:00:00Z',
  updatedAt: '2026-11-27T08:00:00Z',
  sent: {
    company: item.company,
    position: 'Analyst',
    name: 'Li Lei',
    phone: '13800000000',
    email: 'li@example.com',
    demand: '<script>alert(1)</script> sizing please',
    edition: null,
    reportPrice: null,
    clientIp: '203.0.113.9',
  },
  report: null,
  account: null,
  orders: [],
  notes: [],
  history: [{ status: 'new', assignee: null, lostReason: null, version: 1, actor: null, at: '2026-11-27T08:00:00Z' }],
  sample: null,
  ...change,
})

describe('requests inbox', () => {
  it('lists on the server with filters in the address, and exports the same filters', SLOW, async () => {
    const { calls } = desk((url) =>
      url.startsWith('/staff-api/requests?') ? ok({ list: [item], count: 1, pageNo: 1, pageSize: 20 }) : undefined,
    )
    const user = userEvent.setup()
    const view = renderAt(<Console />, '/en/staff/requests')
    const table = await screen.findByRole('table', { name: /Requests/ })
    expect(await within(table).findByText(item.company)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page')
    const lists = () => calls.filter((c) => c.url.startsWith('/staff-api/requests?')).map((c) => query(c.url))
    expect(lists()[0]).toEqual({ pageNo: '1', pageSize: '20', sort: 'createdAt', order: 'desc', lang: 'en-US' })

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'new')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'me')
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ status: 'new', assignee: 'me' }))
    expect(view.history.at(-1)).toBe('/en/staff/requests?status=new&assignee=me')
    const csv = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!
    expect(csv.startsWith('/staff-api/requests/export?')).toBe(true)
    expect(query(csv)).toMatchObject({ format: 'csv', lang: 'en-US', status: 'new', assignee: 'me' })
    expect(query(csv).pageNo).toBeUndefined()
  })

  it('shows what the visitor sent as text, assigns, moves the status with its version and adds a note', SLOW, async () => {
    let current = request(1)
    const { calls } = desk((url, init, body) => {
      const method = init?.method ?? 'GET'
      if (url.startsWith('/staff-api/requests/41/notes') && method === 'POST') {
        current = { ...current, notes: [{ id: '1', author: 'wang', body: String(body?.body), at: '2026-11-27T09:00:00Z' }] }
        return ok(current.notes[0])
      }
      if (url.startsWith('/staff-api/requests/41') && method === 'PUT') {
        if (body?.version !== current.version) return refuse(409, 300101, 'Someone saved a newer version.')
        current = request(current.version + 1, { ...current, ...(body as Partial<StaffRequest>), version: current.version + 1 })
        return ok(current)
      }
      if (url.startsWith('/staff-api/requests/41')) return ok(current)
      return undefined
    })
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/requests/41')
    expect(await screen.findByRole('heading', { name: /Request 41/ })).toBeInTheDocument()
    // A script a visitor typed is text on the page, never markup.
    expect(screen.getByText(/<script>alert\(1\)<\/script> sizing please/)).toBeInTheDocument()
    expect(container.querySelector('script')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Assign to me' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unassign' })).toBeInTheDocument())
    const puts = () => calls.filter((c) => c.init?.method === 'PUT').map((c) => c.body)
    expect(puts()[0]).toEqual({ version: 1, assignee: 'wang', lang: 'en-US' })

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'lost')
    await user.type(screen.getByLabelText('Why it was lost'), 'Budget cut')
    await user.click(screen.getByRole('button', { name: 'Save status' }))
    await waitFor(() => expect(puts()[1]).toEqual({ version: 2, status: 'lost', lostReason: 'Budget cut', lang: 'en-US' }))

    await user.type(screen.getByLabelText('Add a note (staff only)'), 'Called, no budget this year')
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    expect(await screen.findByText('Called, no budget this year')).toBeInTheDocument()

    const result = await axe.run(container, AXE_RULES)
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })

  it('shows a sample request’s stamped sample and its downloads, or that the report has none', SLOW, async () => {
    const sample = {
      state: 'sent' as const,
      code: 'S4M9LE',
      sentAt: '2026-11-27T08:05:00Z',
      downloads: [{ at: '2026-11-27T09:00:00Z', ip: '198.51.100.4' }],
    }
    desk((url) => (url.startsWith('/staff-api/requests/41') ? ok(request(1, { type: 'sample', sample })) : undefined))
    const sent = renderAt(<Console />, '/en/staff/requests/41')
    const block = await screen.findByRole('region', { name: 'Sample' })
    expect(within(block).getByText('S4M9LE')).toBeInTheDocument()
    expect(within(block).getByText('198.51.100.4')).toBeInTheDocument()
    const result = await axe.run(sent.container, AXE_RULES)
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
    sent.unmount()

    desk((url) =>
      url.startsWith('/staff-api/requests/41')
        ? ok(request(1, { type: 'sample', sample: { state: 'no-file', code: null, sentAt: null, downloads: [] } }))
        : undefined,
    )
    renderAt(<Console />, '/en/staff/requests/41')
    expect(await screen.findByText('The report has no sample file: nothing was sent.')).toBeInTheDocument()
  })
})
