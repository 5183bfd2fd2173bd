import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import type { StaffDashboard, StaffOrder, StaffOrderSeats, TraceResult } from '@rpt/contract'
import { emailsOf } from '../src/features/staff/orders/seat-actions'
import { navFor } from '../src/features/staff/shell/staff-screens'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, fakeUploads, inEnglish, ok, ORDER_ITEM, ORDER_SEATS, refuse, SLOW } from './staff-desk'

// Licences in the staff console: an order's seats panel, Trace a file, the
// dashboard's licences card, and a sample request's sample.

inEnglish()

const ORDER: StaffOrder = {
  ...ORDER_ITEM,
  lang: 'zh-CN',
  edition: 'standard',
  licence: 'multi',
  deliveryEmail: null,
  providerTradeNo: '2026112022001',
  expiresAt: '2026-11-20T04:00:00Z',
  closedAt: null,
  closedReason: null,
  file: 'ev-2026.pdf',
  lines: [{ productId: 'R1', title: 'EV battery market 2026', edition: 'standard', licence: 'multi', amount: 1200 }],
  account: { id: '7', login: 'chen01', email: 'chen@example.com', name: 'Chen Jie', company: 'Acme Battery' },
  events: [],
  refunds: [],
  closes: [],
}

const FAILED_COPY = {
  holder: 'li@acme.example',
  code: 'Z9X8C7',
  state: 'failed' as const,
  error: 'The report file is encrypted: replace it, then make the copy again.',
  createdAt: '2026-11-22T03:00:00Z',
  readyAt: null,
  downloads: 0,
}

describe('seats panel of an order', () => {
  it('finance sets the limit once confirmed and takes chosen seats back; a refusal shows the server’s words', SLOW, async () => {
    let current: StaffOrderSeats = { ...ORDER_SEATS, copies: [...ORDER_SEATS.copies, FAILED_COPY] }
    const { calls } = desk((url, init, body) => {
      if (url.includes('/seats')) {
        if (init?.method === 'POST') {
          if (body?.seatLimit === 1) return refuse(422, 301016, 'The limit is below the 2 seats in use.')
          current = {
            ...current,
            ...(body?.seatLimit ? { seatLimit: Number(body.seatLimit), seatLimitOverride: true } : {}),
            ...(body?.revokeSeatIds ? { seats: current.seats.map((s) => ({ ...s, state: 'revoked' as const })) } : {}),
          }
        }
        return ok(current)
      }
      return url.startsWith('/staff-api/orders/') ? ok(ORDER) : undefined
    }, 'finance')
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/orders/R20261120001')
    const panel = await screen.findByRole('region', { name: 'Seats' })
    expect(await within(panel).findByText('2 of 5 seats taken · licence default')).toBeInTheDocument()
    expect(within(panel).getByText('Wu Fang')).toBeInTheDocument()
    // A failed copy says why, plainly.
    expect(within(panel).getByText(FAILED_COPY.error)).toBeInTheDocument()

    const limit = within(panel).getByLabelText('Seats in all for this order (the buyer’s included)')
    await user.clear(limit)
    await user.type(limit, '1')
    await user.click(within(panel).getByRole('button', { name: 'Set the limit' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Set the seat limit?' })).getByRole('button', { name: 'Confirm' }),
    )
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The limit is below the 2 seats in use.')

    await user.clear(limit)
    await user.type(limit, '8')
    await user.click(within(panel).getByRole('button', { name: 'Set the limit' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Set the seat limit?' })).getByRole('button', { name: 'Confirm' }),
    )
    expect(await within(panel).findByText('2 of 8 seats taken · set for this order')).toBeInTheDocument()
    expect(calls.filter((c) => c.init?.method === 'POST').at(-1)?.body).toEqual({ seatLimit: 8, lang: 'en-US' })

    await user.click(within(panel).getByRole('checkbox', { name: 'Choose the seat of wu@acme.example' }))
    await user.click(within(panel).getByRole('button', { name: 'Take back the chosen seats' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Take these seats back?' })).getByRole('button', { name: 'Confirm' }),
    )
    await waitFor(() =>
      expect(calls.filter((c) => c.init?.method === 'POST').at(-1)?.body).toEqual({ revokeSeatIds: ['11'], lang: 'en-US' }),
    )
    expect(await within(panel).findByText('Taken back')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Make the failed copy again' })).toBeEnabled()

    const result = await axe.run(container, AXE_RULES)
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })

  it('sales read the seats without any control', SLOW, async () => {
    desk((url) => (url.includes('/seats') ? ok(ORDER_SEATS) : url.startsWith('/staff-api/orders/') ? ok(ORDER) : undefined), 'sales')
    renderAt(<Console />, '/en/staff/orders/R20261120001')
    const panel = await screen.findByRole('region', { name: 'Seats' })
    expect(await within(panel).findByText('Wu Fang')).toBeInTheDocument()
    expect(within(panel).queryByRole('checkbox')).toBeNull()
    expect(within(panel).queryByRole('button')).toBeNull()
  })

  it('reads pasted addresses one a line or separated', () => {
    expect(emailsOf('a@x.cn\nb@x.cn, c@x.cn；a@x.cn  ')).toEqual(['a@x.cn', 'b@x.cn', 'c@x.cn'])
  })
})

describe('trace a file', () => {
  const FOUND: TraceResult = {
    found: true,
    code: 'K7Q2M9',
    via: 'text',
    order: { orderNo: 'R20261120001', title: 'EV battery market 2026', licence: 'multi', paidAt: '2026-11-20T02:05:00Z' },
    buyer: { name: 'Chen Jie', email: 'chen@example.com', company: 'Acme Battery' },
    holder: { name: 'Wu Fang', email: 'wu@acme.example' },
    sample: null,
    stampedAt: '2026-11-21T03:01:05Z',
    downloads: [{ at: '2026-11-21T03:02:00Z', via: 'session', ip: '203.0.113.7' }],
  }

  it('is in the nav of finance and admin only', () => {
    expect(navFor('finance').map((s) => s.name)).toContain('trace')
    expect(navFor('admin').map((s) => s.name)).toContain('trace')
    expect(navFor('sales').map((s) => s.name)).not.toContain('trace')
    expect(navFor('editor').map((s) => s.name)).not.toContain('trace')
  })

  it('traces pasted text to its order, buyer, holder and downloads', SLOW, async () => {
    const { calls } = desk((url) => (url.startsWith('/staff-api/trace') ? ok(FOUND) : undefined), 'finance')
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/trace')
    await user.type(await screen.findByLabelText('Text copied out of the file'), 'Licensed to Acme Battery · K7Q2M9')
    await user.click(screen.getByRole('button', { name: 'Trace the text' }))
    const result = await screen.findByRole('region', { name: 'Result' })
    expect(within(result).getByRole('link', { name: 'R20261120001' })).toHaveAttribute('href', '/en/staff/orders/R20261120001')
    expect(within(result).getByText('Wu Fang · wu@acme.example')).toBeInTheDocument()
    expect(within(result).getByText('My Downloads')).toBeInTheDocument()
    expect(within(result).getByText('203.0.113.7')).toBeInTheDocument()
    expect(calls.find((c) => c.url.startsWith('/staff-api/trace'))?.body).toEqual({
      text: 'Licensed to Acme Battery · K7Q2M9',
      lang: 'en-US',
    })
    await waitFor(() => expect(result).toHaveFocus())
    const found = await axe.run(container, AXE_RULES)
    expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })

  it('sends a chosen file as the raw body with its type, and says when it carries no stamp', SLOW, async () => {
    const sent = fakeUploads(() => ({
      body: {
        code: 200,
        msg: 'success',
        data: { ...FOUND, found: false, code: null, via: null, order: null, buyer: null, holder: null, stampedAt: null, downloads: [] },
      },
    }))
    desk(() => undefined, 'admin')
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/trace')
    const pdf = new File(['%PDF-1.7 leaked'], 'leaked.pdf', { type: 'application/pdf' })
    await user.upload(await screen.findByLabelText('File to trace'), pdf)
    expect(await screen.findByText('This file carries no stamp made by this site.')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ method: 'POST', type: 'application/pdf', body: pdf })
    expect(sent[0]!.url.split('?')[0]).toBe('/staff-api/trace')
  })
})

describe('dashboard and requests', () => {
  it('shows the licences card with the seats past the daily limit, each opening its order', SLOW, async () => {
    const dashboard: StaffDashboard = {
      at: '2026-11-28T04:00:00Z',
      timeZone: 'Asia/Shanghai',
      licences: {
        refusedToday: 4,
        overLimit: [
          {
            orderNo: 'R20261120001',
            title: 'EV battery market 2026',
            holder: 'wu@acme.example',
            refused: 4,
            lastAt: '2026-11-28T03:00:00Z',
          },
        ],
        failedCopies: 1,
      },
    }
    desk((url) => (url.startsWith('/staff-api/dashboard') ? ok(dashboard) : undefined), 'finance')
    const { container } = renderAt(<Console />, '/en/staff/dashboard')
    const card = await screen.findByRole('region', { name: 'Licences' })
    expect(within(card).getByText('downloads refused today (daily limit)')).toBeInTheDocument()
    expect(within(card).getByText('copies that could not be stamped')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'R20261120001' })).toHaveAttribute('href', '/en/staff/orders/R20261120001')
    expect(within(card).getByText('wu@acme.example')).toBeInTheDocument()
    const result = await axe.run(container, AXE_RULES)
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })
})
