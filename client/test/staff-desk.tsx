import type { Staff, StaffOrderListItem, StaffOrderSeats, StaffRequestListItem } from '@rpt/contract'
import { afterEach, beforeEach, vi } from 'vitest'
import { useLocation } from 'wouter'
import { resolveRoute } from '../src/app/routes'
import StaffPage from '../src/features/staff/shell/staff-page'
import { configureApiClient } from '../src/lib/api-client'
import { mockFetch } from './render'

// The staff desk's screens as the route table mounts them, over a fetch stub
// of the BFF's /staff-api signed in with a role: the tests of the requests,
// orders, customers and dashboard screens share it.

/** The console as the route table mounts it: its params follow the address. */
export function Console() {
  const [location] = useLocation()
  return <StaffPage params={resolveRoute(location).params} />
}

export const ok = (data: unknown) => ({ body: { code: 200, msg: 'success', data } })
export const refuse = (status: number, code: number, msg: string) => ({ status, body: { code, msg } })
/** A URL's query as an object */
export const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams)
export const SLOW = { timeout: 30_000 }
/** axe's findings on a screen (contrast and regions are the page shell's) */
export const AXE_RULES = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } }

/** The BFF as a signed-in staff member of this role sees it; the handler answers the desk's calls. */
export function desk(handler: Parameters<typeof mockFetch>[0], role: Staff['role'] = 'sales') {
  return mockFetch((url, init, body) => {
    if (url.startsWith('/api/')) return ok([])
    // Who is signed in (staffMe) only: not /staff-api/me/… (one's own account) nor /staff-api/media….
    if (/^\/staff-api\/me(\?|$)/.test(url)) return ok({ name: 'wang', role })
    return handler(url, init, body)
  })
}

/** Each test in English, its fetch stub removed after it. */
export function inEnglish() {
  beforeEach(() => {
    configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
}

/** A research order as the lists show it (a customer's orders, the orders list) */
export const ORDER_ITEM: StaffOrderListItem = {
  orderNo: 'R20261120001',
  kind: 'research',
  title: 'EV battery market 2026',
  state: 'paid',
  method: 'alipay',
  amount: 1200,
  currency: 'CNY',
  buyer: 'chen01',
  buyerEmail: 'chen@example.com',
  createdAt: '2026-11-20T02:00:00Z',
  paidAt: '2026-11-20T02:05:00Z',
  refund: null,
}

/** A request as the inbox lists it; its company is a formula, which must stay text. */
export const REQUEST_ITEM: StaffRequestListItem = {
  id: '41',
  type: 'custom',
  status: 'new',
  version: 1,
  company: '=HYPERLINK("x") Ltd',
  name: 'Li Lei',
  email: 'li@example.com',
  phone: '13800000000',
  demand: 'Battery market sizing',
  lang: 'en-US',
  assignee: null,
  reportTitle: null,
  createdAt: '2026-11-27T08:00:00Z',
  updatedAt: '2026-11-27T08:00:00Z',
}

/** ORDER_ITEM's seats as listOrderSeats answers them (a multi-user licence, one colleague, one stamped copy). */
export const ORDER_SEATS: StaffOrderSeats = {
  orderNo: ORDER_ITEM.orderNo,
  title: ORDER_ITEM.title,
  licence: 'multi',
  buyer: { name: 'Chen Jie', email: 'chen@example.com', company: 'Acme Battery', emailVerified: true },
  seatLimit: 5,
  seatLimitOverride: false,
  domain: null,
  domainSource: null,
  seats: [
    {
      id: '11',
      email: 'wu@acme.example',
      name: 'Wu Fang',
      state: 'active',
      invitedAt: '2026-11-21T02:00:00Z',
      acceptedAt: '2026-11-21T03:00:00Z',
      revokedAt: null,
      downloads: 3,
      lastDownloadAt: '2026-11-22T03:00:00Z',
    },
  ],
  copies: [
    {
      holder: 'wu@acme.example',
      code: 'K7Q2M9',
      state: 'ready',
      error: null,
      createdAt: '2026-11-21T03:01:00Z',
      readyAt: '2026-11-21T03:01:05Z',
      downloads: 3,
    },
  ],
  refusedToday: 0,
}

/**
 * The browser's upload (XMLHttpRequest, for its progress) stubbed: each send
 * recorded with its Content-Type, and answered with the status and envelope given.
 */
export function fakeUploads(answer: () => { status?: number; body: unknown }) {
  const sent: Array<{ method: string; url: string; type: string; body: Blob }> = []
  class FakeUpload {
    method = ''
    url = ''
    type = ''
    status = 0
    responseText = ''
    upload: { onprogress?: (event: { loaded: number; total: number; lengthComputable: boolean }) => void } = {}
    onload?: () => void
    onerror?: () => void
    onabort?: () => void
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      if (name.toLowerCase() === 'content-type') this.type = value
    }
    abort() {
      this.onabort?.()
    }
    send(body: Blob) {
      sent.push({ method: this.method, url: this.url, type: this.type, body })
      this.upload.onprogress?.({ loaded: body.size / 2, total: body.size, lengthComputable: true })
      setTimeout(() => {
        const { status, body: envelope } = answer()
        this.status = status ?? 200
        this.responseText = JSON.stringify(envelope)
        this.onload?.()
      }, 5)
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeUpload)
  return sent
}
