import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { hydrateRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../src/app/app'
import { SCREENS } from '../src/app/screens'
import { buildFallback } from '../src/app/ssr-fallback'
import { buildHead } from '../src/app/ssr-head'
import { planRender } from '../src/app/ssr-plan'
import { render as renderOnServer } from '../src/entry-server'
import StaffGatePage from '../src/features/staff/shell/staff-gate-page'
import { mockFetch, renderAt } from './render'

// The /staff route: the server renders the sign-in (with its own words only),
// the client hydrates it and fetches the console's chunk in the background,
// and the console opens once someone has signed in.

const ok = (data: unknown) => ({ body: { code: 200, msg: 'success', data } })
const SIGNED_OUT = { status: 401, body: { code: 300002, msg: 'Please sign in.' } }

let root: Root | undefined
let container: HTMLElement | undefined

afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
  root = undefined
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

/** The BFF's /staff-api as the gate and the console see it: nobody signed in until the right code is sent. */
function staffApi() {
  let signedIn = false
  return mockFetch((url, init, body) => {
    // The site's own calls (dictionaries, menus): lists.
    if (url.startsWith('/api/')) return ok([])
    if (url.startsWith('/staff-api/me')) return signedIn ? ok({ name: 'mei', role: 'editor' }) : SIGNED_OUT
    if (url.startsWith('/staff-api/login') && init?.method === 'POST') {
      if (body?.totp !== '123456') return { status: 401, body: { code: 300001, msg: 'Wrong name, password or code.' } }
      signedIn = true
      return ok({ staff: { name: 'mei', role: 'editor' } })
    }
    return ok({ list: [], count: 0, pageNo: 1, pageSize: 20 })
  })
}

// First: the server-rendered test's App writes SWR's default cache, which a later render would read.
describe('the staff route rendered by the client alone', () => {
  it('waits for the session check, then opens the console of a signed-in visitor', async () => {
    // The site's own calls (dictionaries, menus) answer lists, as in staffApi(): a page object there broke a
    // category filter that rendered after the test had passed, an error of the whole run.
    mockFetch((url) =>
      url.startsWith('/staff-api/me')
        ? ok({ name: 'mei', role: 'editor' })
        : url.startsWith('/api/')
          ? ok([])
          : ok({ list: [], count: 0, pageNo: 1, pageSize: 20 }),
    )
    renderAt(<StaffGatePage params={{}} />, '/en/staff')
    expect(screen.getByText('Loading…')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Sign in to the staff console' })).toBeNull()
    expect(await screen.findByRole('button', { name: 'Sign out' }, { timeout: 10_000 })).toBeTruthy()
  }, 30_000)
})

describe('the sign-in after a failed session check', () => {
  it('says a session ended, and that the server could not be reached, in the edition language', async () => {
    mockFetch((url) => (url.startsWith('/staff-api/me') ? { status: 401, body: { code: 300003, msg: 'Session ended.' } } : ok([])))
    const ended = renderAt(<StaffGatePage params={{}} />, '/en/staff')
    expect(await screen.findByText('Your session ended. Sign in again to go on.')).toBeTruthy()
    ended.unmount()
    vi.unstubAllGlobals()
    mockFetch((url) => (url.startsWith('/staff-api/me') ? { status: 503, body: { code: 503, msg: 'Unavailable' } } : ok([])))
    renderAt(<StaffGatePage params={{}} />, '/staff')
    expect(await screen.findByText('暂时无法连接服务器，请稍后重试。')).toBeTruthy()
  })
})

describe('the staff sign-in, rendered by the server', () => {
  it('is a page of the layout payload, noindex, titled as the console', () => {
    const plan = planRender('/en/staff/reports')
    expect(plan.page).toEqual({ name: 'layout', query: {} })
    const head = buildHead({ plan, payload: {}, siteUrl: 'https://x.test' })
    expect(head.tags).toBe('<meta name="robots" content="noindex">')
    expect(head.tags).not.toContain('canonical')
  })

  it('paints the form disabled, hydrates it without a mismatch, then signs in and opens the console', async () => {
    const url = '/en/staff'
    const plan = planRender(url)
    const state = { fallback: buildFallback(plan, {}) }
    const html = await renderOnServer({ pathname: url, search: '', state })
    expect(html).toContain('Sign in to the staff console')
    expect(html).toMatch(/<fieldset class="sign-in-fields" disabled="">/)

    window.history.replaceState(null, '', url)
    container = document.createElement('div')
    container.innerHTML = html
    document.body.appendChild(container)
    const serverForm = container.querySelector('form')
    const { calls } = staffApi()
    const errors: unknown[] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!/multiple renderers concurrently/.test(String(args[0]))) errors.push(args)
    })
    await SCREENS.staff.preload()
    await act(async () => {
      root = hydrateRoot(container!, <App ssr={state} />, { onRecoverableError: (error) => errors.push(error) })
    })
    await waitFor(() => expect(container!.querySelector('fieldset')?.disabled).toBe(false))
    expect(errors).toEqual([])
    expect(container.contains(serverForm)).toBe(true)
    // The server renders the sign-in only for a request without a staff cookie: nobody is signed in, and the
    // session is not asked for (its refusal would be an error in the browser's console).
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.filter((call) => call.url.startsWith('/staff-api/me'))).toEqual([])
    expect(screen.getByRole('heading', { name: 'Sign in to the staff console' })).toBeTruthy()

    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/^Name/), 'mei')
    await user.type(screen.getByLabelText(/^Password/), 'right')
    await user.type(screen.getByLabelText(/^Authenticator code/), '123456')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('button', { name: 'Sign out' }, { timeout: 10_000 })).toBeTruthy()
    expect(calls.find((call) => call.url.startsWith('/staff-api/login'))?.body).toMatchObject({
      name: 'mei',
      password: 'right',
      totp: '123456',
    })
    // Signing out shows the sign-in at once.
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('heading', { name: 'Sign in to the staff console' }, { timeout: 5_000 })).toBeTruthy()
  }, 30_000)
})
