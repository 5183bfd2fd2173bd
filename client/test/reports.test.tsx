import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ReportDetailPage from '../src/features/reports/components/report-detail-page'
import ReportListPage from '../src/features/reports/components/report-list-page'
import { configureApiClient } from '../src/lib/api-client'
import { closeModal, modalStore } from '../src/lib/modal-store'
import { resolveRoute } from '../src/app/routes'
import { mockFetch, renderAt } from './render'
import { reportDetail } from './factories'

const report = reportDetail()

afterEach(() => {
  vi.unstubAllGlobals()
  act(() => closeModal())
})

describe('report detail', () => {
  it('shows the edition × licence table, the promises, and orders the chosen price', async () => {
    configureApiClient({ getLocale: () => 'en-US' })
    mockFetch((url) => {
      if (url.includes('/researchReport/form')) return { body: { code: 200, msg: '', data: report } }
      return { body: { code: 200, msg: '', data: [] } }
    })
    const user = userEvent.setup()
    renderAt(<ReportDetailPage params={{ webTitle: 'ev-power-battery-2026' }} />, '/en/reports/ev-power-battery-2026')
    expect(await screen.findByRole('heading', { level: 1, name: report.title })).toBeInTheDocument()
    const table = screen.getByRole('table')
    expect(within(table).getAllByRole('radio')).toHaveLength(6)
    expect(screen.getByText('Delivery within 72h')).toBeInTheDocument()
    expect(screen.getByText('Word, PDF and hard copy')).toBeInTheDocument()
    expect(screen.getByText('Six months of analyst support')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Professional, Multi user, $20,000' }))
    await user.click(screen.getByRole('button', { name: 'Order through a consultant' }))
    expect(modalStore.get()).toMatchObject({ mode: 'custom', type: '1', reportId: '2', reportPrice: 20000 })
    await user.click(screen.getByRole('tab', { name: 'Table of contents' }))
    expect(screen.getByText('Chapter 1')).toBeVisible()
  })

  it('says when a report does not exist', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    mockFetch(() => ({ status: 404, body: { code: 100005, msg: '研究报告为空', data: null } }))
    renderAt(<ReportDetailPage params={{ webTitle: 'missing' }} />, '/reports/missing')
    expect(await screen.findByText('未找到该报告。')).toBeInTheDocument()
  })

  it("goes to a renamed report's new slug when its page payload says movedTo, the query kept", async () => {
    configureApiClient({ getLocale: () => 'en-US' })
    const { calls } = mockFetch((url) => {
      if (url.includes('/researchReport/form')) return { status: 404, body: { code: 100005, msg: 'missing', data: null } }
      if (url.startsWith('/bff/pages/report?'))
        return { body: { code: 100005, msg: 'missing', data: { movedTo: 'ev-power-battery-2027' } } }
      return undefined
    })
    const { history } = renderAt(
      <ReportDetailPage params={{ webTitle: 'ev-power-battery-2026' }} />,
      '/en/reports/ev-power-battery-2026?ref=x',
    )
    await waitFor(() => expect(history).toEqual(['/en/reports/ev-power-battery-2027?ref=x']))
    const asked = calls.find((c) => c.url.startsWith('/bff/pages/report?'))
    expect(new URL(asked!.url, 'http://site').searchParams.get('webTitle')).toBe('ev-power-battery-2026')
    expect(new URL(asked!.url, 'http://site').searchParams.get('lang')).toBe('en-US')
    // Not shown as missing while it moves.
    expect(screen.queryByText('This report could not be found.')).not.toBeInTheDocument()
  })

  it('says a report is missing when its page payload names no new slug', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    mockFetch((url) =>
      url.startsWith('/bff/pages/report?')
        ? { body: { code: 100005, msg: '研究报告为空', data: null } }
        : { status: 404, body: { code: 100005, msg: '研究报告为空', data: null } },
    )
    const { history } = renderAt(<ReportDetailPage params={{ webTitle: 'gone' }} />, '/reports/gone')
    expect(await screen.findByText('未找到该报告。')).toBeInTheDocument()
    expect(history).toEqual(['/reports/gone'])
  })
})

describe('report list', () => {
  it('sends the filters of the address and shows facets with counts', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    const { calls } = mockFetch(() => ({
      body: {
        code: 200,
        msg: '',
        data: {
          categories: [{ marketType: 'energy', marketTypeName: '能源电力', marketCount: 11 }],
          prices: [{ price: 8000, marketTypeName: '', marketCount: 4 }],
          publishDates: [{ publishDateValue: '2025', marketTypeName: '2025年', marketCount: 7 }],
          pageList: { list: [{ ...report, currency: 'CNY', title: '锂电池报告' }], count: 31, pageNo: 2, pageSize: 10 },
        },
      },
    }))
    const { params } = resolveRoute('/report-industries/energy/锂电', '?price=8000&year=2025&page=2')
    renderAt(<ReportListPage params={params} />, '/report-industries/energy')
    expect(await screen.findByRole('link', { name: '锂电池报告' })).toBeInTheDocument()
    expect(calls[0]?.body).toEqual({
      pageNo: 2,
      pageSize: 10,
      keyword: '锂电',
      marketType: 'energy',
      queryPrice: 8000,
      queryPublishDate: '2025',
      lang: 'zh-CN',
    })
    expect(screen.getByText('共 31 条结果')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /能源电力\s*11/ })).toHaveAttribute('aria-current', 'true')
    expect(screen.getByRole('link', { name: /8000元以下\s*4/ })).toHaveAttribute('aria-current', 'true')
    const pagination = screen.getByRole('navigation', { name: '分页' })
    expect(within(pagination).getByRole('link', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page')
    expect(within(pagination).getByRole('link', { name: '第 4 页' })).toHaveAttribute(
      'href',
      '/report-industries/energy/%E9%94%82%E7%94%B5?price=8000&year=2025&page=4',
    )
  })

  it('sorts by price when asked, through the address', async () => {
    configureApiClient({ getLocale: () => 'en-US' })
    const { calls } = mockFetch(() => ({
      body: {
        code: 200,
        msg: '',
        data: { categories: [], prices: [], publishDates: [], pageList: { list: [], count: 0, pageNo: 1, pageSize: 10 } },
      },
    }))
    const { params } = resolveRoute('/en/report-industries', '?sort=price-desc')
    renderAt(<ReportListPage params={params} />, '/en/report-industries?sort=price-desc')
    const select = await screen.findByRole('combobox', { name: 'Sort by' })
    expect(select).toHaveValue('price-desc')
    expect(calls[0]?.body).toMatchObject({ sort: 'price-desc', lang: 'en-US' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest first', 'Price: low to high', 'Price: high to low'])
  })
})
