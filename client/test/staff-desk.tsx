import type { Staff } from '@rpt/contract'
import { afterEach, beforeEach, vi } from 'vitest'
import { useLocation } from 'wouter'
import { resolveRoute } from '../src/app/routes'
import StaffPage from '../src/features/staff/components/staff-page'
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
    if (url.startsWith('/staff-api/me')) return ok({ name: 'wang', role })
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
