import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from 'wouter'
import { resolveRoute } from '../src/app/routes'
import StaffPage from '../src/features/staff/shell/staff-page'
import { configureApiClient } from '../src/lib/api-client'
import { mockFetch, renderAt } from './render'

// The console's site sections (carousel, dictionary, settings) against a
// stubbed BFF /staff-api: what they send, and what they show of a refusal.

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
const refuse = (status: number, code: number, msg: string) => ({ status, body: { code, msg } })

function staffApi(handler: Parameters<typeof mockFetch>[0], role = 'editor') {
  return mockFetch((url, init, body) => {
    if (url.startsWith('/api/')) return ok([])
    if (url.startsWith('/staff-api/me')) return ok({ name: 'mei', role })
    return handler(url, init, body)
  })
}

const setting = (version: number, value: string) => ({
  key: 'en.contact.phone',
  name: 'Phone',
  value,
  kind: 'text',
  version,
  updatedAt: '2026-11-20T10:00:00Z',
})

describe('staff settings', () => {
  it('lists the settings, saves one with the version it read, and reports a newer save elsewhere', SLOW, async () => {
    let stored = setting(2, '+1 555')
    const { calls } = staffApi((url, init) => {
      if (url.startsWith('/staff-api/config') && (init?.method ?? 'GET') === 'GET') return ok([stored])
      if (url === '/staff-api/config/en.contact.phone' && init?.method === 'PUT') {
        stored = setting(3, '+1 999 (theirs)')
        return refuse(409, 300101, 'Someone else saved this in the meantime.')
      }
      return undefined
    })
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/settings')
    expect(await screen.findByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
    const table = await screen.findByRole('table', { name: /Settings/ })
    expect(within(table).getByText('+1 555')).toBeInTheDocument()

    await user.click(within(table).getByRole('button', { name: /Edit en\.contact\.phone/ }))
    const value = screen.getByLabelText(/^Value/)
    // The form takes the focus, so a keyboard user goes on typing.
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveFocus())
    await user.clear(value)
    await user.type(value, '+1 888')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(/Someone else saved this after you opened it/)).toBeInTheDocument()
    const puts = calls.filter((c) => c.init?.method === 'PUT')
    expect(puts).toHaveLength(1)
    expect(puts[0]!.body).toMatchObject({ version: 2, value: '+1 888', lang: 'en-US' })

    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(await within(table).findByText('+1 999 (theirs)')).toBeInTheDocument()
    expect(calls.filter((c) => c.init?.method === 'PUT')).toHaveLength(1)
  })

  it('checks a number before sending it, and is axe-clean', SLOW, async () => {
    const { calls } = staffApi((url, init) =>
      url.startsWith('/staff-api/config') && (init?.method ?? 'GET') === 'GET'
        ? ok([{ ...setting(1, '6800'), key: 'en.global.data.single.price', kind: 'number' }])
        : undefined,
    )
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/settings')
    await user.click(await screen.findByRole('button', { name: /Edit en\.global\.data\.single\.price/ }))
    const value = screen.getByLabelText(/^Value/)
    await user.clear(value)
    await user.type(value, 'free')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Enter an amount such as 12000 or 499.50')).toBeInTheDocument()
    expect(value).toHaveAttribute('aria-invalid', 'true')
    expect(calls.filter((c) => c.init?.method === 'PUT')).toHaveLength(0)
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })
})

describe('staff carousel', () => {
  const carousel = {
    edition: 'en-US',
    version: 4,
    updatedAt: null,
    updatedBy: null,
    slides: [
      { id: '1', title: 'First', subtitle: 'a', linkUrl: '/reports', color: '#123456', imageUrl: null, visible: true, sort: 1 },
      {
        id: '2',
        title: 'Second',
        subtitle: 'b',
        linkUrl: '/news',
        color: '#654321',
        imageUrl: `/api/media/images/${'a'.repeat(64)}.png`,
        visible: true,
        sort: 2,
      },
    ],
  }

  it('reorders with the keyboard and saves the whole list with its version', SLOW, async () => {
    const { calls } = staffApi((url, init, body) => {
      if (url.startsWith('/staff-api/carousel?')) return ok(carousel)
      if (url === '/staff-api/carousel' && init?.method === 'PUT') return ok({ ...carousel, version: 5, slides: body?.slides })
      return undefined
    })
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/carousel')
    const table = await screen.findByRole('table', { name: /Slides/ })
    expect(within(table).getByRole('cell', { name: 'First' })).toBeInTheDocument()
    expect(container.querySelector('img.staff-slide-thumb')).toHaveAttribute('src', carousel.slides[1]!.imageUrl)
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()

    const down = within(table).getByRole('button', { name: 'Move First down' })
    down.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Move First up' })).toHaveFocus())
    expect(screen.getByText('You have changes that are not saved yet.')).toBeInTheDocument()

    await user.click(within(table).getByRole('button', { name: /Edit Second/ }))
    const title = screen.getByLabelText(/^Title/)
    await waitFor(() => expect(title).toHaveFocus())
    await user.type(title, ' slide')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(/Saved\. The site shows it/)).toBeInTheDocument()
    const puts = calls.filter((c) => c.init?.method === 'PUT')
    expect(puts).toHaveLength(1)
    expect(puts[0]!.body).toMatchObject({ edition: 'en-US', version: 4 })
    expect((puts[0]!.body!.slides as Array<{ id: string; title: string }>).map((s) => [s.id, s.title])).toEqual([
      ['2', 'Second slide'],
      ['1', 'First'],
    ])
    expect(screen.getByText(/Version 5/)).toBeInTheDocument()
  })

  it('lets a role that only reads look, without the buttons that change', SLOW, async () => {
    staffApi((url) => (url.startsWith('/staff-api/carousel?') ? ok(carousel) : undefined), 'sales')
    renderAt(<Console />, '/en/staff/carousel')
    await screen.findByRole('table', { name: /Slides/ })
    expect(screen.getByText(/Your role may look at this section/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Move First down/ })).toBeNull()
  })
})
