import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { StaffReportListItem } from '@rpt/contract'
import { describe, expect, it } from 'vitest'
import { renderAt } from './render'
import { Console, desk, inEnglish, ok, refuse, SLOW } from './staff-desk'

// Bulk actions on the reports list: rows chosen, one confirmation, one call
// per record with the version the list read, and what was refused said per record.

inEnglish()

const row = (code: string, title: string, version: number): StaffReportListItem => ({
  code,
  title,
  version,
  status: 'draft',
  publishAt: null,
  category: 'auto',
  langs: ['zh-CN'],
  publishDate: '2026-11-01',
  updatedAt: '2026-11-20T10:00:00Z',
  updatedBy: 'mei',
})

describe('staff bulk actions', () => {
  it('publishes the chosen reports after one confirmation, one call each, and names what was refused', SLOW, async () => {
    const rows = [row('R1', 'Batteries', 3), row('R2', 'Robots', 5), row('R3', 'Chips', 1)]
    const { calls } = desk((url, init) => {
      if (url.startsWith('/staff-api/reports?')) return ok({ list: rows, count: 3, pageNo: 1, pageSize: 20 })
      if (url.startsWith('/staff-api/reports/R2/publish')) return refuse(409, 300101, 'Someone else saved this report.')
      if (init?.method === 'POST' && /\/staff-api\/reports\/R\d\/publish/.test(url)) return ok(null)
      return undefined
    }, 'editor')
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/reports')
    const table = await screen.findByRole('table')
    await within(table).findByText('Batteries')
    const bar = screen.getByRole('group', { name: 'With the chosen rows' })
    expect(within(bar).getByRole('button', { name: 'Publish' })).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Choose every row of this page' }))
    await user.click(screen.getByRole('checkbox', { name: 'Choose “Chips”' }))
    expect(within(bar).getByText('2 rows chosen')).toBeInTheDocument()
    await user.click(within(bar).getByRole('button', { name: 'Publish' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Publish these 2 records now?')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }))
    await within(bar).findByText('1 record changed.')
    expect(within(bar).getByText('Robots: Someone else saved this report.')).toBeInTheDocument()
    const publishes = calls.filter((c) => c.init?.method === 'POST' && c.url.includes('/publish'))
    expect(publishes.map((c) => [c.url.split('?')[0], c.body?.version])).toEqual([
      ['/staff-api/reports/R1/publish', 3],
      ['/staff-api/reports/R2/publish', 5],
    ])
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/staff-api/reports?')).length).toBeGreaterThan(1))
  })

  it('offers no bulk action to a role that may only read', SLOW, async () => {
    desk(
      (url) =>
        url.startsWith('/staff-api/reports?') ? ok({ list: [row('R1', 'Batteries', 3)], count: 1, pageNo: 1, pageSize: 20 }) : undefined,
      'sales',
    )
    renderAt(<Console />, '/en/staff/reports')
    await screen.findByText('Batteries')
    expect(screen.queryByRole('group', { name: 'With the chosen rows' })).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })
})
