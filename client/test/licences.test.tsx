import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderItem, OrderSeats } from '@rpt/contract'
import { ModalHost } from '../src/app/modal-host'
import { resolveRoute } from '../src/app/routes'
import { planRender } from '../src/app/ssr-plan'
import AcceptSeatPage from '../src/features/orders/components/accept-seat-page'
import DownloadsPage from '../src/features/orders/components/downloads-page'
import OrderPage from '../src/features/orders/components/order-page'
import VerifyEmailPage from '../src/features/auth/components/verify-email-page'
import { configureApiClient } from '../src/lib/api-client'
import { closeModal, modalStore } from '../src/lib/modal-store'
import { clearSessionUser, setSessionUser } from '../src/lib/session'
import { mockFetch, renderAt } from './render'

// The buyer's side of licences: the order page's seats, the invitation and
// verification links, My Downloads' access badges and refusals.

const AXE_RULES = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } }
const ok = (data: unknown) => ({ body: { code: 200, msg: 'success', data } })
const refuse = (code: number, msg: string) => ({ body: { code, msg, data: null } })

const ORDER: OrderItem = {
  id: '31',
  orderNo: 'R20261120001',
  kind: 'research',
  title: 'EV battery market 2026',
  productId: '5',
  createDate: '2026-11-20T02:00:00Z',
  payMethod: 'zfb',
  status: '1',
  payPrice: 12000,
  currency: 'CNY',
  edition: 'standard',
  licence: 'multi',
  email: 'chen@acme.example',
  expireDate: '2026-11-20T04:00:00Z',
  paidDate: '2026-11-20T02:05:00Z',
  hasFile: true,
  refund: null,
}

const seats = (change: Partial<OrderSeats> = {}): OrderSeats => ({
  orderNo: ORDER.orderNo,
  title: ORDER.title,
  licence: 'multi',
  buyer: 'Acme Research',
  role: 'buyer',
  seatLimit: 5,
  seatsUsed: 3,
  domain: null,
  domainPending: null,
  seats: [
    {
      id: '12',
      email: 'li@acme.example',
      name: '',
      state: 'invited',
      invitedAt: '2026-11-22T02:00:00Z',
      acceptedAt: null,
      revokedAt: null,
    },
    {
      id: '11',
      email: 'wu@acme.example',
      name: 'Wu Fang',
      state: 'active',
      invitedAt: '2026-11-21T02:00:00Z',
      acceptedAt: '2026-11-21T03:00:00Z',
      revokedAt: null,
    },
  ],
  downloadsPerDay: 10,
  ...change,
})

/** The documents panel's call answered empty, so the order page renders whole. */
const DOCUMENTS = { invoice: null, proforma: null, shipment: null }

beforeEach(() => {
  configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
  act(() => {
    closeModal()
    clearSessionUser()
  })
})

describe('routes', () => {
  it('declares the invitation and verification links, client-rendered, in both editions', () => {
    expect(resolveRoute('/personalCenter/acceptSeat', '?token=abc').route.screen).toBe('acceptSeat')
    expect(resolveRoute('/en/personalCenter/acceptSeat', '?token=abc').params.token).toBe('abc')
    expect(resolveRoute('/en/personalCenter/verifyEmail').route.screen).toBe('verifyEmail')
    expect(planRender('/personalCenter/acceptSeat', '?token=abc').page).toBeNull()
    expect(planRender('/en/personalCenter/verifyEmail').page).toBeNull()
  })
})

describe('order page: licence and seats', () => {
  it('shows the seats used, takes a seat back once confirmed and invites, rendering each answer', async () => {
    let current = seats()
    const { calls } = mockFetch((url, _init, body) => {
      if (url.endsWith('/orderInfo')) return ok(ORDER)
      if (url.includes('orderDocuments')) return ok(DOCUMENTS)
      if (url.endsWith('/licence/seats')) return ok(current)
      if (url.endsWith('/licence/revoke')) {
        current = seats({
          seatsUsed: 2,
          seats: current.seats.map((s) =>
            s.id === body?.seatId ? { ...s, state: 'revoked' as const, revokedAt: '2026-11-23T02:00:00Z' } : s,
          ),
        })
        return ok(current)
      }
      if (url.endsWith('/licence/invite')) {
        if (body?.email === 'taken@acme.example') return refuse(301005, 'That address already holds or was invited to a seat.')
        current = seats({ seatsUsed: 3, seats: [{ ...current.seats[0]!, id: '13', email: String(body?.email) }, ...current.seats] })
        return ok(current)
      }
      return undefined
    })
    setSessionUser({ id: '7', name: 'chen01' })
    const user = userEvent.setup()
    const { container } = renderAt(<OrderPage params={{ orderNo: ORDER.orderNo }} />, '/en/personalCenter/order')

    const section = await screen.findByRole('region', { name: 'Licence and seats' })
    expect(await within(section).findByText('3 of 5 seats used')).toBeInTheDocument()
    expect(within(section).getByText('Each seat may download the file 10 times a day.')).toBeInTheDocument()
    const list = within(section).getByRole('list', { name: 'Seats of this order' })
    expect(within(list).getByText('Invited, not yet accepted')).toBeInTheDocument()
    expect(within(list).getByText('Wu Fang')).toBeInTheDocument()

    // Taking back asks first; cancelling sends nothing.
    await user.click(within(section).getByRole('button', { name: 'Take back the seat of wu@acme.example' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Take this seat back?' })
    expect(within(dialog).getByText(/wu@acme\.example can no longer download the report/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Take back' }))
    expect(await within(section).findByText('2 of 5 seats used')).toBeInTheDocument()
    expect(within(list).getByText('Taken back')).toBeInTheDocument()
    expect(calls.find((c) => c.url.endsWith('/licence/revoke'))?.body).toEqual({ orderNo: ORDER.orderNo, seatId: '11', lang: 'en-US' })
    expect(within(section).queryByRole('button', { name: 'Take back the seat of wu@acme.example' })).toBeNull()

    // The form checks the address before sending, then shows the server's refusal, then the new seat.
    const email = within(section).getByLabelText('Colleague’s e-mail')
    await user.type(email, 'not-an-address')
    await user.click(within(section).getByRole('button', { name: 'Send the invitation' }))
    expect(await within(section).findByText('Please enter the correct format email address')).toBeInTheDocument()
    expect(calls.some((c) => c.url.endsWith('/licence/invite'))).toBe(false)
    await user.clear(email)
    await user.type(email, 'taken@acme.example')
    await user.click(within(section).getByRole('button', { name: 'Send the invitation' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent('That address already holds or was invited to a seat.')
    await user.clear(email)
    await user.type(email, 'zhao@acme.example')
    await user.click(within(section).getByRole('button', { name: 'Send the invitation' }))
    expect(await within(section).findByText('zhao@acme.example')).toBeInTheDocument()
    expect(within(section).getByRole('status')).toHaveTextContent('Invitation sent to zhao@acme.example.')

    const result = await axe.run(container, AXE_RULES)
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])
  })

  it('closes the invitation form when every seat is taken', async () => {
    mockFetch((url) =>
      url.endsWith('/orderInfo')
        ? ok(ORDER)
        : url.includes('orderDocuments')
          ? ok(DOCUMENTS)
          : url.endsWith('/licence/seats')
            ? ok(seats({ seatsUsed: 5 }))
            : undefined,
    )
    setSessionUser({ id: '7', name: 'chen01' })
    renderAt(<OrderPage params={{ orderNo: ORDER.orderNo }} />, '/en/personalCenter/order')
    expect(await screen.findByText('5 of 5 seats used')).toBeInTheDocument()
    expect(screen.getByLabelText('Colleague’s e-mail')).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Send the invitation' })).toBeDisabled()
    expect(screen.getByText('Every seat is taken. Take one back to invite someone else.')).toBeInTheDocument()
  })

  it('enterprise: asks the buyer to verify their address, then says where the mail went', async () => {
    const { calls } = mockFetch((url) => {
      if (url.endsWith('/orderInfo')) return ok({ ...ORDER, licence: 'enterprise' })
      if (url.includes('orderDocuments')) return ok(DOCUMENTS)
      if (url.endsWith('/licence/seats'))
        return ok(seats({ licence: 'enterprise', seatLimit: null, seatsUsed: 1, seats: [], domainPending: 'verify-email' }))
      if (url.endsWith('/sendVerifyEmail')) return ok({ email: 'chen@acme.example', verifiedAt: null })
      return undefined
    })
    setSessionUser({ id: '7', name: 'chen01' })
    const user = userEvent.setup()
    renderAt(<OrderPage params={{ orderNo: ORDER.orderNo }} />, '/en/personalCenter/order')
    await user.click(await screen.findByRole('button', { name: 'Verify my e-mail' }))
    expect(await screen.findByText('We sent a mail to chen@acme.example. Open its link to verify your address.')).toBeInTheDocument()
    expect(calls.filter((c) => c.url.endsWith('/sendVerifyEmail'))).toHaveLength(1)
    expect(screen.queryByText(/seats used/)).toBeNull()
  })

  it('enterprise with a domain, and a public mail domain', async () => {
    let answer = seats({ licence: 'enterprise', seatLimit: null, seatsUsed: 1, seats: [], domain: 'acme.example' })
    mockFetch((url) =>
      url.endsWith('/orderInfo')
        ? ok({ ...ORDER, licence: 'enterprise' })
        : url.includes('orderDocuments')
          ? ok(DOCUMENTS)
          : url.endsWith('/licence/seats')
            ? ok(answer)
            : undefined,
    )
    setSessionUser({ id: '7', name: 'chen01' })
    const first = renderAt(<OrderPage params={{ orderNo: ORDER.orderNo }} />, '/en/personalCenter/order')
    expect(await screen.findByText('Everyone with a verified address @acme.example can download it.')).toBeInTheDocument()
    first.unmount()
    answer = { ...answer, domain: null, domainPending: 'public-domain' }
    renderAt(<OrderPage params={{ orderNo: ORDER.orderNo }} />, '/en/personalCenter/order')
    expect(await screen.findByText(/public mail service.*Contact us to set your company’s domain/)).toBeInTheDocument()
  })

  it('a seat holder reads a line, not the management; a single-user order has no section', async () => {
    let order = ORDER
    mockFetch((url) =>
      url.endsWith('/orderInfo')
        ? ok(order)
        : url.includes('orderDocuments')
          ? ok(DOCUMENTS)
          : url.endsWith('/licence/seats')
            ? ok(seats({ role: 'holder', seats: [] }))
            : undefined,
    )
    setSessionUser({ id: '8', name: 'wu' })
    const holder = renderAt(<OrderPage params={{ orderNo: ORDER.orderNo }} />, '/en/personalCenter/order')
    expect(await screen.findByText(/You hold a seat of Acme Research’s Multi-user licence/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Colleague’s e-mail')).toBeNull()
    holder.unmount()

    order = { ...ORDER, licence: 'single' }
    renderAt(<OrderPage params={{ orderNo: ORDER.orderNo }} />, '/en/personalCenter/order')
    expect(await screen.findByText('EV battery market 2026')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Licence and seats' })).toBeNull()
  })
})

describe('accepting a seat', () => {
  const INVITATION = { email: 'wu@acme.example', title: ORDER.title, licence: 'multi', buyer: 'Chen Jie', state: 'invited' }

  it('signed out: shows the invitation and offers sign-in or registration with the invited address', async () => {
    mockFetch((url) => (url.endsWith('/licence/invitation') ? ok(INVITATION) : undefined))
    const user = userEvent.setup()
    const { container } = renderAt(
      <>
        <AcceptSeatPage params={{ token: 'T'.repeat(32) }} />
        <ModalHost />
      </>,
      '/en/personalCenter/acceptSeat',
    )
    expect(await screen.findByText('Chen Jie')).toBeInTheDocument()
    expect(screen.getByText('Multi-user licence')).toBeInTheDocument()
    expect(screen.getByText('To accept, sign in or register with wu@acme.example: the seat belongs to that address.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull()
    const result = await axe.run(container, AXE_RULES)
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Register with this address' }))
    expect(modalStore.get()).toEqual({ mode: 'register', email: 'wu@acme.example' })
  })

  it('signed in: accepts, then links to My Downloads', async () => {
    const { calls } = mockFetch((url) =>
      url.endsWith('/licence/invitation')
        ? ok(INVITATION)
        : url.endsWith('/licence/accept')
          ? ok({ orderNo: ORDER.orderNo, title: ORDER.title, licence: 'multi', buyer: 'Chen Jie' })
          : undefined,
    )
    setSessionUser({ id: '8', name: 'wu' })
    const user = userEvent.setup()
    renderAt(<AcceptSeatPage params={{ token: 'T'.repeat(32) }} />, '/en/personalCenter/acceptSeat')
    await user.click(await screen.findByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('You now hold a seat of Chen Jie’s licence for “EV battery market 2026”.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to My Downloads' })).toHaveAttribute('href', '/en/personalCenter/myDownload')
    expect(calls.find((c) => c.url.endsWith('/licence/accept'))?.body).toEqual({ token: 'T'.repeat(32), lang: 'en-US' })
  })

  it('signed in with another address: shows the message and a way to switch accounts', async () => {
    const { calls } = mockFetch((url) =>
      url.endsWith('/licence/invitation')
        ? ok(INVITATION)
        : url.endsWith('/licence/accept')
          ? refuse(301007, 'This invitation is for another e-mail address.')
          : undefined,
    )
    setSessionUser({ id: '9', name: 'other' })
    const user = userEvent.setup()
    renderAt(<AcceptSeatPage params={{ token: 'T'.repeat(32) }} />, '/en/personalCenter/acceptSeat')
    await user.click(await screen.findByRole('button', { name: 'Accept' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This invitation is for another e-mail address.')
    expect(alert).toHaveTextContent('Sign out, then sign in or register with wu@acme.example.')
    await user.click(within(alert).getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    expect(calls.some((c) => c.url.includes('/websiteUser/logout'))).toBe(true)
  })

  it('an unknown or revoked invitation shows the server’s words', async () => {
    mockFetch((url) => (url.endsWith('/licence/invitation') ? refuse(301006, 'This invitation is no longer valid.') : undefined))
    renderAt(<AcceptSeatPage params={{ token: 'T'.repeat(32) }} />, '/en/personalCenter/acceptSeat')
    expect(await screen.findByText('This invitation is no longer valid.')).toBeInTheDocument()
  })
})

describe('verifying an address', () => {
  it('verifies once on load (React’s double effect included) and says so', async () => {
    const { calls } = mockFetch((url) =>
      url.endsWith('/verifyEmail') ? ok({ email: 'chen@acme.example', verifiedAt: '2026-11-23T02:00:00Z' }) : undefined,
    )
    renderAt(
      <StrictMode>
        <VerifyEmailPage params={{ token: 'V'.repeat(32) }} />
      </StrictMode>,
      '/en/personalCenter/verifyEmail',
    )
    expect(await screen.findByText('chen@acme.example is verified')).toBeInTheDocument()
    expect(calls.filter((c) => c.url.endsWith('/verifyEmail'))).toHaveLength(1)
  })

  it('shows the refusal of an expired link', async () => {
    mockFetch((url) => (url.endsWith('/verifyEmail') ? refuse(301014, 'This link has expired.') : undefined))
    renderAt(<VerifyEmailPage params={{ token: 'V'.repeat(32) }} />, '/en/personalCenter/verifyEmail')
    expect(await screen.findByText('This link has expired.')).toBeInTheDocument()
  })
})

describe('my downloads', () => {
  it('marks a colleague’s and a company licence, and shows a refused download on its row', async () => {
    const row = (id: string, access: 'buyer' | 'seat' | 'domain') => ({
      ...ORDER,
      id,
      orderNo: `R${id}`,
      fileName: `${id}.pdf`,
      downloads: 1,
      access,
    })
    mockFetch((url) => {
      if (url.endsWith('/downList'))
        return ok({ list: [row('1', 'buyer'), row('2', 'seat'), row('3', 'domain')], count: 3, pageNo: 1, pageSize: 10 })
      if (url.endsWith('/downFile')) return refuse(301010, 'This seat has reached today’s limit of 10 downloads.')
      return undefined
    })
    setSessionUser({ id: '8', name: 'wu' })
    const user = userEvent.setup()
    renderAt(<DownloadsPage params={{}} />, '/en/personalCenter/myDownload')
    expect(await screen.findByText('Colleague’s licence')).toBeInTheDocument()
    expect(screen.getByText('Company licence')).toBeInTheDocument()
    await user.click(screen.getAllByRole('button', { name: 'Download' })[1]!)
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This seat has reached today’s limit of 10 downloads.'))
  })
})
