import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import type { BankTransferItem, StatementPreview } from '@rpt/contract'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, fakeUploads, inEnglish, ok, query, refuse, SLOW } from './staff-desk'

// The console's bank transfers: the awaited list, a transfer marked received
// (the server's refusal of another amount shown as it words it), a statement
// read and previewed, only the ticked matches confirmed; hidden from sales.

inEnglish()

const ITEM: BankTransferItem = {
  orderNo: 'R20261202000001',
  reference: 'RPT7K3M9Q2X',
  state: 'awaiting',
  title: 'EV battery market 2026',
  buyer: 'chen01',
  company: 'Acme Battery',
  amount: 12800,
  currency: 'CNY',
  chosenAt: '2026-12-02T02:00:00Z',
  deadline: '2026-12-09T02:00:00Z',
  received: null,
}

const line = (n: number, change: Partial<StatementPreview['matches'][number]> = {}) => ({
  line: n,
  date: '2026-12-03',
  amount: 12800,
  remark: `货款 RPT7K3M9Q2X`,
  serial: `SN${n}`,
  payer: 'Acme Battery',
  reference: 'RPT7K3M9Q2X',
  orderNo: 'R20261202000001',
  expected: 12800,
  issue: null,
  ...change,
})

const PREVIEW: StatementPreview = {
  statementId: '4',
  fileName: 'statement.csv',
  columns: { date: '交易日期', amount: '金额', remark: '摘要' },
  lines: 3,
  matches: [line(4), line(5, { orderNo: 'R20261202000002', reference: 'RPTAAAAAAAA', remark: 'RPTAAAAAAAA' })],
  others: [line(6, { reference: null, orderNo: null, expected: null, remark: 'rent', issue: 'unknown-reference' })],
  appliedAt: null,
}

describe('bank transfers desk', () => {
  it('marks a transfer received, and shows the refusal of another amount as the server words it', SLOW, async () => {
    let attempts = 0
    const { calls } = desk((url) => {
      if (url.startsWith('/staff-api/transfers/R20261202000001/received'))
        return ++attempts === 1
          ? refuse(409, 300903, "The amount received, 12000.00, differs from the order's 12800.00 CNY; nothing was recorded.")
          : ok({ orderNo: ITEM.orderNo, reference: ITEM.reference, state: 'received', applied: true })
      if (url.startsWith('/staff-api/transfers')) return ok({ list: [ITEM], count: 1, pageNo: 1, pageSize: 20 })
      return undefined
    }, 'finance')
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/transfers')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank transfers' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Bank transfers' })
    expect(within(table).getByText('RPT7K3M9Q2X')).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Proforma' })).toHaveAttribute(
      'href',
      '/staff-api/transfers/R20261202000001/proforma?lang=en-US',
    )
    expect(query(calls.find((c) => c.url.startsWith('/staff-api/transfers?'))!.url)).toMatchObject({ state: 'awaiting' })

    await user.click(within(table).getByRole('button', { name: 'Mark received' }))
    const amount = screen.getByLabelText('Amount received (CNY)')
    await user.clear(amount)
    await user.type(amount, '12000')
    await user.type(screen.getByLabelText('Bank serial number'), 'CMB0001')
    await user.click(screen.getByRole('button', { name: 'Record and pay the order' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('differs from the order')
    await user.clear(amount)
    await user.type(amount, '12800')
    await user.click(screen.getByRole('button', { name: 'Record and pay the order' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Order R20261202000001 is paid'))
    const sent = calls.filter((c) => c.url.includes('/received'))
    expect(sent[1]!.body).toMatchObject({ amount: 12800, serial: 'CMB0001', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })

    const result = await axe.run(container, AXE_RULES)
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })

  it('reads a statement, previews its matches and the rest, and confirms only the ticked ones', SLOW, async () => {
    const sent = fakeUploads(() => ({ body: { code: 200, msg: 'success', data: PREVIEW } }))
    const { calls } = desk((url) => {
      if (url.startsWith('/staff-api/transfers/statements/4/confirm'))
        return ok({ statementId: '4', applied: [{ line: 4, orderNo: 'R20261202000001' }], skipped: [] })
      if (url.startsWith('/staff-api/transfers')) return ok({ list: [], count: 0, pageNo: 1, pageSize: 20 })
      return undefined
    }, 'finance')
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/transfers')
    const file = new File(['交易日期,金额,摘要'], 'statement.csv', { type: 'text/csv' })
    await user.upload(await screen.findByLabelText('Statement file'), file)
    await user.click(screen.getByRole('button', { name: 'Read and match' }))
    expect(await screen.findByText('3 lines read: 2 to confirm, 1 not matched.')).toBeInTheDocument()
    expect(sent[0]!.method).toBe('POST')
    expect(sent[0]!.url.split('?')[0]).toBe('/staff-api/transfers/statements')
    expect(query(sent[0]!.url)).toEqual({ name: 'statement.csv', lang: 'en-US' })
    const others = screen.getByRole('table', { name: 'Lines not matched' })
    expect(within(others).getByText('No known reference')).toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Confirm line 5' }))
    await user.click(screen.getByRole('button', { name: 'Confirm 1 match and pay' }))
    expect(await screen.findByText('1 paid and delivered; 0 skipped.')).toBeInTheDocument()
    expect(calls.find((c) => c.url.includes('/confirm'))!.body).toMatchObject({ lines: [4] })
  })

  it('is not offered to sales', SLOW, async () => {
    desk(() => ok({ list: [], count: 0, pageNo: 1, pageSize: 20, totals: { byDay: [], byMethod: [] } }), 'sales')
    renderAt(<Console />, '/en/staff/transfers')
    expect(await screen.findByRole('heading', { level: 1, name: 'You don’t have access to this section' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Bank transfers' })).toBeNull()
  })
})
