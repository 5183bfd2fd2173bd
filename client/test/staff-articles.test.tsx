import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from 'wouter'
import { resolveRoute } from '../src/app/routes'
import StaffPage from '../src/features/staff/shell/staff-page'
import { configureApiClient } from '../src/lib/api-client'
import { staffBulletin } from './factories'
import { mockFetch, renderAt } from './render'

// The console's bulletins and news sections, where editors publish the site's
// short articles: the list asks the server for each page and filter, the
// editor creates, saves with the version it read, and schedules.

beforeEach(() => {
  configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const SLOW = { timeout: 30_000 }

function Console() {
  const [location] = useLocation()
  return <StaffPage params={resolveRoute(location).params} />
}

const ok = (data: unknown) => ({ body: { code: 200, msg: 'success', data } })
const DICT = [{ dictValue: 'industry-brief', dictLabel: 'Industry brief' }]
const LABELS = [{ dictValue: 'energy', dictLabel: 'Energy' }]

function staffApi(handler: Parameters<typeof mockFetch>[0]) {
  return mockFetch((url, init, body) => {
    if (url.startsWith('/api/')) return ok((typeof body?.dictType === 'string' ? body.dictType : url).includes('label') ? LABELS : DICT)
    if (url.startsWith('/staff-api/me')) return ok({ name: 'mei', role: 'editor' })
    return handler(url, init, body)
  })
}

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams)

const bulletin = staffBulletin

describe('staff bulletins and news', () => {
  it('lists in the nav, and asks the server for each page, filter and sort', SLOW, async () => {
    const items = [{ ...bulletin(1), title: 'Hydrogen brief' }]
    const { calls } = staffApi((url) =>
      url.startsWith('/staff-api/bulletins') || url.startsWith('/staff-api/news')
        ? ok({ list: url.includes('news') ? [] : items, count: url.includes('news') ? 0 : 31, pageNo: 1, pageSize: 20 })
        : undefined,
    )
    const user = userEvent.setup()
    const view = renderAt(<Console />, '/en/staff/bulletins')
    const table = await screen.findByRole('table', { name: /Bulletins/ })
    expect(await within(table).findByText('Hydrogen brief')).toBeInTheDocument()
    expect(screen.getByText('31 bulletins')).toBeInTheDocument()
    const lists = () => calls.filter((c) => c.url.startsWith('/staff-api/bulletins?')).map((c) => query(c.url))
    expect(lists()[0]).toEqual({ pageNo: '1', pageSize: '20', sort: 'updatedAt', order: 'desc', lang: 'en-US' })

    await user.click(within(table).getByRole('button', { name: /Title/ }))
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ sort: 'title', order: 'asc' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN')
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ edition: 'zh-CN', pageNo: '1' }))
    await user.click(screen.getByRole('link', { name: 'Page 2' }))
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ pageNo: '2' }))
    expect(view.history.at(-1)).toBe('/en/staff/bulletins?page=2&sort=title&order=asc&edition=zh-CN')

    await user.click(screen.getByRole('link', { name: 'News' }))
    expect(await screen.findByText('No news item matches these filters.')).toBeInTheDocument()
    expect(calls.some((c) => c.url.startsWith('/staff-api/news?'))).toBe(true)
  })

  it('creates a bulletin, then schedules it with the version it read', SLOW, async () => {
    let stored = bulletin(1)
    const { calls } = staffApi((url, init) => {
      if (url === '/staff-api/bulletins' && init?.method === 'POST') return ok(stored)
      if (url.startsWith('/staff-api/bulletins/42?')) return ok(stored)
      if (url === '/staff-api/bulletins/42/publish' && init?.method === 'POST') {
        stored = bulletin(2, 'scheduled', '2030-01-01T09:00:00.000Z')
        return ok(stored)
      }
      return undefined
    })
    const user = userEvent.setup()
    const view = renderAt(<Console />, '/en/staff/bulletins/new')
    await user.type(await screen.findByLabelText(/^Title/), 'Hydrogen brief')
    await user.selectOptions(screen.getByLabelText(/^Language/), 'en-US')
    await user.selectOptions(screen.getByLabelText(/^Sub-type/), 'industry-brief')
    await user.selectOptions(screen.getByLabelText(/^Top label/), 'energy')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findAllByText(/Enter an amount|Required/)).not.toHaveLength(0)
    expect(calls.filter((c) => c.init?.method === 'POST' && c.url === '/staff-api/bulletins')).toHaveLength(0)

    await user.type(screen.getByLabelText(/^Price \(USD\)/), '99.50')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/en/staff/bulletins/42'))
    const post = calls.find((c) => c.init?.method === 'POST' && c.url === '/staff-api/bulletins')!
    expect(post.body).toMatchObject({
      edition: 'en-US',
      title: 'Hydrogen brief',
      category: 'industry-brief',
      topLabelId: 'energy',
      price: 99.5,
      pages: null,
    })

    await user.type(await screen.findByLabelText('Publish at'), '2030-01-01T09:00')
    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    await waitFor(() => expect(calls.some((c) => c.url === '/staff-api/bulletins/42/publish')).toBe(true))
    const publish = calls.find((c) => c.url === '/staff-api/bulletins/42/publish')!
    expect(publish.body).toMatchObject({ version: 1, at: new Date('2030-01-01T09:00').toISOString() })
    expect(await screen.findByText(/Version 2/)).toBeInTheDocument()
  })
})
