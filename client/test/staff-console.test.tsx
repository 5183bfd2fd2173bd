import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from 'wouter'
import { resolveRoute } from '../src/app/routes'
import { planRender } from '../src/app/ssr-plan'
import StaffPage from '../src/features/staff/shell/staff-page'
import { staffMessages } from '../src/features/staff/messages'
import { configureApiClient } from '../src/lib/api-client'
import { staffUrl } from '../src/lib/staff-api-client'
import { enUS } from '../src/locales/en-US'
import { zhCN } from '../src/locales/zh-CN'
import { staffReport, staffReportLanguage } from './factories'
import { mockFetch, renderAt } from './render'

beforeEach(() => {
  configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** The console as the route table mounts it: its params follow the address. */
function Console() {
  const [location] = useLocation()
  return <StaffPage params={resolveRoute(location).params} />
}

const ok = (data: unknown) => ({ body: { code: 200, msg: 'success', data } })
const refuse = (status: number, code: number, msg: string) => ({ status, body: { code, msg } })
const CATEGORIES = [{ dictValue: 'auto', dictLabel: 'Automotive' }]

// One language of a stored report (an entry of the contract's `editions`).
const report = (version: number, title: string) => staffReport({ version, editions: { 'en-US': staffReportLanguage({ title }) } })

/** The BFF's /staff-api as the console sees it. */
function staffApi({ signedIn = true, handler }: { signedIn?: boolean; handler?: Parameters<typeof mockFetch>[0] } = {}) {
  let session = signedIn
  return mockFetch((url, init, body) => {
    const method = init?.method ?? 'GET'
    if (url.startsWith('/api/')) return ok(CATEGORIES)
    if (url.startsWith('/staff-api/me')) return session ? ok({ name: 'mei', role: 'editor' }) : refuse(401, 300002, 'Please sign in.')
    if (url.startsWith('/staff-api/login') && method === 'POST') {
      if (body?.password === 'locked') return refuse(423, 200004, 'This account is locked for 15 minutes.')
      if (body?.password !== 'right' || body?.totp !== '123456') return refuse(401, 300001, 'Wrong name, password or code.')
      session = true
      return ok({ staff: { name: 'mei', role: 'editor' } })
    }
    return handler?.(url, init, body)
  })
}

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams)

describe('staff console routes', () => {
  it('is one route of its own, without header and footer, in both editions; the server renders its sign-in (staff-gate.test.tsx)', () => {
    for (const path of ['/staff', '/staff/reports', '/en/staff/reports/R1/revisions', '/staff/audit']) {
      const resolved = resolveRoute(path)
      expect(resolved.route.screen).toBe('staff')
      expect(resolved.route.bare).toBe(true)
      expect(planRender(path).page).toEqual({ name: 'layout', query: {} })
    }
    expect(resolveRoute('/en/staff/reports/R1/revisions').params).toMatchObject({ section: 'reports', code: 'R1', view: 'revisions' })
  })

  it('maps the core staff paths to the BFF (prefix dropped, params filled in)', () => {
    expect(staffUrl('/staff/login')).toBe('/staff-api/login')
    expect(staffUrl('/staff/reports/:code/files/:edition/:kind', { code: 'R 1', edition: 'en-US', kind: 'full' })).toBe(
      '/staff-api/reports/R%201/files/en-US/full',
    )
  })
})

// Each renders the console's chunk and walks a whole exchange: on a busy machine that takes more than 5 s.
const SLOW = { timeout: 30_000 }

describe('staff sign-in', () => {
  it('checks the fields, sends name, password, code and lang, and shows the refusal and the lock', SLOW, async () => {
    const { calls } = staffApi({ signedIn: false, handler: () => ok({ list: [], count: 0, pageNo: 1, pageSize: 20 }) })
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff')
    const code = await screen.findByLabelText(/Authenticator code/)
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow')

    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Enter your name')).toBeInTheDocument()
    expect(screen.getByText('Enter your password')).toBeInTheDocument()
    expect(screen.getByText('Enter the 6 digits of your authenticator')).toBeInTheDocument()
    expect(calls.some((c) => c.url.startsWith('/staff-api/login'))).toBe(false)

    await user.type(screen.getByLabelText(/Name/), 'mei')
    await user.type(screen.getByLabelText(/Password/), 'wrong')
    await user.type(code, '12a3456')
    expect(code).toHaveValue('123456')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong name, password or code.')
    const login = calls.find((c) => c.url.startsWith('/staff-api/login'))!
    expect(login.init?.method).toBe('POST')
    expect(login.body).toEqual({ name: 'mei', password: 'wrong', totp: '123456', lang: 'en-US' })
    expect((login.init?.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest')
    // The code was used: the field is emptied for the next one.
    expect(code).toHaveValue('')

    await user.clear(screen.getByLabelText(/Password/))
    await user.type(screen.getByLabelText(/Password/), 'locked')
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/locked for 15 minutes.*Wait until the lock ends/))

    await user.type(screen.getByLabelText(/Password/), 'right')
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('mei')).toBeInTheDocument()
    expect(screen.getByText('Editor')).toBeInTheDocument()
    // An editor has no audit in the nav (the server refuses it anyway).
    expect(screen.queryByRole('link', { name: 'Audit' })).toBeNull()
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('right')
  })

  it('shows the sign-in at once when the staff member signs out, and nothing of the console after', SLOW, async () => {
    let signedOut = false
    const { calls } = staffApi({
      handler: (url, init) => {
        if (url.startsWith('/staff-api/logout') && init?.method === 'POST') {
          signedOut = true
          return ok(null)
        }
        if (signedOut) return refuse(401, 300002, 'Please sign in.')
        return ok({ list: [], count: 0, pageNo: 1, pageSize: 20 })
      },
    })
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff')
    await user.click(await screen.findByRole('button', { name: 'Sign out' }))
    expect(await screen.findByLabelText(/Authenticator code/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull()
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(calls.some((c) => c.url.startsWith('/staff-api/logout'))).toBe(true)
  })

  it('is axe-clean', SLOW, async () => {
    staffApi({ signedIn: false })
    const { container } = renderAt(<Console />, '/en/staff')
    await screen.findByLabelText(/Authenticator code/)
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })
})

describe('staff report list', () => {
  it('asks the server for each page and sort, and keeps them in the address', SLOW, async () => {
    const items = Array.from({ length: 20 }, (_, i) => ({
      code: `R${i + 1}`,
      status: i === 0 ? 'published' : 'draft',
      version: 1,
      title: `Report ${i + 1}`,
      category: 'auto',
      langs: ['en-US'],
      publishDate: '2026-11-01',
      publishAt: null,
      updatedAt: '2026-11-20T10:00:00Z',
      updatedBy: 'mei',
    }))
    const { calls } = staffApi({
      handler: (url) => (url.startsWith('/staff-api/reports') ? ok({ list: items, count: 45, pageNo: 1, pageSize: 20 }) : undefined),
    })
    const user = userEvent.setup()
    const view = renderAt(<Console />, '/en/staff/reports')
    const table = await screen.findByRole('table', { name: /Reports/ })
    expect(await within(table).findByText('Report 1')).toBeInTheDocument()
    expect(within(table).getByText('Published')).toBeInTheDocument()
    expect(screen.getByText('45 reports')).toBeInTheDocument()
    const lists = () => calls.filter((c) => c.url.startsWith('/staff-api/reports?')).map((c) => query(c.url))
    expect(lists()[0]).toEqual({ pageNo: '1', pageSize: '20', sort: 'updatedAt', order: 'desc', lang: 'en-US' })

    await user.click(within(table).getByRole('button', { name: /Title/ }))
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ pageNo: '1', sort: 'title', order: 'asc' }))
    expect(within(table).getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending')
    await user.click(within(table).getByRole('button', { name: /Title/ }))
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ sort: 'title', order: 'desc' }))

    await user.click(screen.getByRole('link', { name: 'Page 2' }))
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ pageNo: '2', sort: 'title', order: 'desc' }))
    expect(view.history.at(-1)).toBe('/en/staff/reports?page=2&sort=title')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'draft')
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ pageNo: '1', status: 'draft' }))

    // Arrow keys move between the rows' links.
    const links = within(table).getAllByRole('link')
    act(() => links[0]!.focus())
    await user.keyboard('{ArrowDown}')
    expect(links[1]).toHaveFocus()
  })
})

describe('staff report editor', () => {
  it('saves with the version it read; a newer save elsewhere is reported, never overwritten, and can be reloaded', SLOW, async () => {
    let stored = report(3, 'EV batteries')
    const { calls } = staffApi({
      handler: (url, init) => {
        if (url.startsWith('/staff-api/reports/R1?') && (init?.method ?? 'GET') === 'GET') return ok(stored)
        if (url === '/staff-api/reports/R1' && init?.method === 'PUT') {
          // Someone else saved version 4 meanwhile.
          stored = report(4, 'EV batteries (their edit)')
          return refuse(409, 300101, 'This report was saved by someone else.')
        }
        return undefined
      },
    })
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/reports/R1')
    await user.click(await screen.findByRole('tab', { name: /English edition/ }))
    const panel = screen.getByRole('tabpanel', { name: /English edition/ })
    const title = within(panel).getByLabelText(/^Title/)
    expect(title).toHaveValue('EV batteries')
    expect(within(panel).getByText('Address: /en/reports/ev-batteries-2026')).toBeInTheDocument()
    expect(within(panel).getByLabelText('Single user (USD)')).toHaveValue('1200')
    await user.clear(title)
    await user.type(title, 'EV batteries, my edit')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const alert = await screen.findByText(/Someone else saved this report/)
    expect(alert.closest('[role="alert"]')).toHaveFocus()
    const puts = calls.filter((c) => c.init?.method === 'PUT')
    expect(puts).toHaveLength(1)
    expect(puts[0]!.url).toBe('/staff-api/reports/R1')
    expect(puts[0]!.body).toMatchObject({
      version: 3,
      lang: 'en-US',
      editions: { 'en-US': { title: 'EV batteries, my edit', prices: { single: 1200, multi: 2400, enterprise: null } } },
    })
    expect(puts[0]!.body?.editions).not.toHaveProperty('zh-CN')
    // Nothing was sent again with the newer version behind the editor's back.
    expect(title).toHaveValue('EV batteries, my edit')

    await user.click(screen.getByRole('button', { name: 'Reload their version' }))
    await waitFor(() => expect(title).toHaveValue('EV batteries (their edit)'))
    expect(screen.getByText(/Version 4/)).toBeInTheDocument()
    expect(screen.queryByText(/Someone else saved this report/)).toBeNull()
    expect(calls.filter((c) => c.init?.method === 'PUT')).toHaveLength(1)
  })
})

describe('staff report region', () => {
  it('names each region value as the public report page does, in both languages', SLOW, async () => {
    const cases = [
      { path: '/en/staff/reports/R1', tab: /English edition/, label: /^Region/, words: enUS },
      { path: '/staff/reports/R1', tab: /英文版/, label: /^地区/, words: zhCN },
    ]
    for (const { path, tab, label, words } of cases) {
      staffApi({ handler: (url) => (url.startsWith('/staff-api/reports/R1?') ? ok(report(3, 'EV batteries')) : undefined) })
      const user = userEvent.setup()
      const { unmount } = renderAt(<Console />, path)
      await user.click(await screen.findByRole('tab', { name: tab }))
      const region = within(screen.getByRole('tabpanel', { name: tab })).getByLabelText(label)
      const options = Object.fromEntries(
        within(region)
          .getAllByRole('option')
          .map((o) => [(o as HTMLOptionElement).value, o.textContent]),
      )
      expect(options['0']).toBe(words['reports.region.0'])
      expect(options['1']).toBe(words['reports.region.1'])
      expect(region).toHaveValue('1')
      unmount()
      vi.unstubAllGlobals()
    }
  })
})

describe('staff messages', () => {
  it('are complete in both languages, with the same placeholders', () => {
    const en = staffMessages['en-US']
    const zh = staffMessages['zh-CN']
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort())
    const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]))].sort()
    for (const id of Object.keys(en) as Array<keyof typeof en>) {
      expect(zh[id].trim(), id).not.toBe('')
      expect(placeholders(zh[id]), id).toEqual(placeholders(en[id]))
    }
  })
})
