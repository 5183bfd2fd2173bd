import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import type { StaffBulletin } from '@rpt/contract'
import { staffReport, staffReportLanguage } from './factories'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, inEnglish, ok, SLOW } from './staff-desk'

// What a role may not do is not offered (the contract's permission table):
// sales and finance read reports and articles but neither write nor publish
// them, so the editors open read only and "new" says why; a section a role
// may not see says so instead of moving elsewhere without a word.

inEnglish()

const report = staffReport({
  status: 'published',
  version: 4,
  editions: {
    'en-US': staffReportLanguage({
      title: 'EV batteries 2026',
      files: {
        sample: { name: 'sample.pdf', size: 2048, sha256: 'ab'.repeat(32), type: 'application/pdf', uploadedAt: '2026-11-20T02:00:00Z' },
      },
    }),
  },
})

const bulletin: StaffBulletin = {
  id: '31',
  edition: 'en-US',
  status: 'draft',
  version: 2,
  publishAt: null,
  updatedAt: '2026-11-20T10:00:00Z',
  updatedBy: 'mei',
  title: 'Storage weekly',
  slug: 'storage-weekly',
  oldSlugs: [],
  category: 'energy',
  topLabelId: 'hot',
  summary: 'Outline',
  context: '<p>Body</p>',
  publishDate: '2026-11-20',
  pages: 12,
  price: 99,
  choiceness: false,
  seoTitle: '',
  seoDescription: '',
  cover: null,
  file: null,
}

const content = (url: string) => {
  if (url.startsWith('/staff-api/reports/R1/revisions'))
    return ok([{ revision: 4, version: 4, action: 'update', author: 'mei', at: '2026-11-20T10:00:00Z' }])
  if (url.startsWith('/staff-api/reports/R1')) return ok(report)
  if (url.startsWith('/staff-api/reports')) return ok({ list: [], count: 0, pageNo: 1, pageSize: 20 })
  if (url.startsWith('/staff-api/bulletins/31')) return ok(bulletin)
  return undefined
}

describe('a report for a role that reads but does not write', () => {
  it('does not offer a new report to sales, and says why', SLOW, async () => {
    const { calls } = desk(content, 'sales')
    const view = renderAt(<Console />, '/en/staff/reports')
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'New report' })).toBeNull()
    view.unmount()

    renderAt(<Console />, '/en/staff/reports/new')
    expect(await screen.findByRole('heading', { level: 1, name: 'You don’t have access to this section' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Your role may read reports but not create them')
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to Reports' })).toHaveAttribute('href', '/en/staff/reports')
    expect(calls.some((c) => c.url.startsWith('/staff-api/') && c.init?.method === 'POST')).toBe(false)
  })

  it('opens read only for finance: no save, publish, schedule, unpublish or upload; Ctrl+S sends nothing', SLOW, async () => {
    const { calls } = desk(content, 'finance')
    renderAt(<Console />, '/en/staff/reports/R1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Report R1' })).toBeInTheDocument()
    expect(screen.getByText(/Read only: your role may read reports/)).toBeInTheDocument()
    for (const name of ['Save', 'Publish now', 'Schedule', 'Unpublish', 'Delete draft'])
      expect(screen.queryByRole('button', { name }), name).toBeNull()
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled()
    expect(screen.getByRole('link', { name: 'Revisions' })).toBeInTheDocument()

    fireEvent.click(screen.getByRole('tab', { name: /English edition/ }))
    const panel = screen.getByRole('tabpanel')
    expect(within(panel).getByRole('textbox', { name: /Title/ })).toBeDisabled()
    expect(within(panel).getByRole('checkbox', { name: /Include the English edition/ })).toBeDisabled()
    // The rich texts read, without their toolbars; the stored file shows, without a way to replace it.
    const summary = within(panel).getByRole('textbox', { name: 'Summary' })
    expect(summary).toHaveAttribute('contenteditable', 'false')
    expect(within(panel).queryByRole('toolbar')).toBeNull()
    expect(within(panel).getByText('sample.pdf')).toBeInTheDocument()
    expect(panel.querySelector('input[type="file"]')).toBeNull()

    fireEvent.keyDown(window, { key: 's', ctrlKey: true })
    expect(await screen.findByText('Your role may not change this; nothing was saved.')).toBeInTheDocument()
    expect(calls.some((c) => c.url.startsWith('/staff-api/') && c.init?.method !== undefined && c.init.method !== 'GET')).toBe(false)
    expect((await axe.run(document.body, AXE_RULES)).violations).toEqual([])
  })

  it("offers an editor everything a report's state allows", SLOW, async () => {
    desk(content, 'editor')
    renderAt(<Console />, '/en/staff/reports/R1')
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeInTheDocument()
    expect(screen.queryByText(/Read only/)).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: /English edition/ }))
    expect(within(screen.getByRole('tabpanel')).getByRole('textbox', { name: /Title/ })).toBeEnabled()
  })

  it('lets sales compare revisions, not restore them', SLOW, async () => {
    desk(content, 'sales')
    renderAt(<Console />, '/en/staff/reports/R1/revisions')
    const table = await screen.findByRole('table', { name: 'Revisions of R1' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(within(table).getByRole('button', { name: 'Compare' })).toBeInTheDocument()
    expect(within(table).queryByRole('button', { name: 'Restore' })).toBeNull()
    expect(screen.getByText('Your role may compare revisions; editors and administrators restore them.')).toBeInTheDocument()
  })
})

describe('an article for a role that reads but does not write', () => {
  it('says why there is no new bulletin, and opens one read only without its cover upload', SLOW, async () => {
    desk(content, 'finance')
    const view = renderAt(<Console />, '/en/staff/bulletins/new')
    expect(await screen.findByRole('heading', { level: 1, name: 'You don’t have access to this section' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Your role may read bulletins but not create them')
    view.unmount()

    renderAt(<Console />, '/en/staff/bulletins/31')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bulletin 31' })).toBeInTheDocument()
    expect(screen.getByText(/Read only: your role may read this article/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull()
    expect(screen.getByRole('textbox', { name: /Title/ })).toBeDisabled()
    expect(document.querySelector('input[type="file"]')).toBeNull()
  })
})

describe('a section the role may not see', () => {
  it('says so in the console’s language and leads to where the role works, without moving', SLOW, async () => {
    desk(() => undefined, 'sales')
    const view = renderAt(<Console />, '/staff/audit')
    expect(await screen.findByRole('heading', { level: 1, name: '你无权访问此栏目' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('你的角色（销售）不包括此栏目')
    expect(screen.getByRole('link', { name: '前往工作台' })).toHaveAttribute('href', '/staff/dashboard')
    expect(view.history.at(-1)).toBe('/staff/audit')
    view.unmount()

    desk(() => undefined, 'finance')
    const english = renderAt(<Console />, '/en/staff/customers/7')
    expect(await screen.findByRole('heading', { level: 1, name: 'You don’t have access to this section' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Your role (Finance) does not include this section.')
    expect(english.history.at(-1)).toBe('/en/staff/customers/7')
    expect((await axe.run(document.body, AXE_RULES)).violations).toEqual([])
  })
})
