import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resolveRoute } from '../src/app/routes'
import { planRender } from '../src/app/ssr-plan'
import type { Setting } from '../src/features/ops/api/types'
import OpsPage from '../src/features/ops/components/ops-page'
import { hitRates } from '../src/features/ops/components/stats-panel'
import { opsMessages } from '../src/features/ops/messages'
import { configureApiClient } from '../src/lib/api-client'
import { mockFetch, renderAt } from './render'

beforeEach(() => {
  configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const setting = (name: string, group: 'caches' | 'limits', value: number, min = 1, max = 1000): Setting => ({
  name,
  group,
  applies: 'all',
  unit: group === 'caches' ? 's' : 'requests',
  min,
  max,
  default: value,
  start: value,
  value,
  source: 'default',
  description: `About ${name}`,
})
const SETTINGS = {
  scope: 'instance',
  settings: [setting('CACHE_TTL_DICT_S', 'caches', 600, 0, 31_536_000), setting('RATE_LIMIT_CUSTOMER_INFO_MAX', 'limits', 10)],
}
const ok = (data: unknown) => ({ body: { code: 200, msg: 'success', data } })
const minutes = (values: number[]) => [...Array(60 - values.length).fill(0), ...values]
const STATS = {
  scope: 'instance',
  minutes: Array.from({ length: 60 }, (_, i) => i * 60_000),
  caches: { dict: { hits: minutes([3, 0]), misses: minutes([1, 0]), stale: minutes([0, 0]), entries: 2, bytes: 300 } },
  limits: {
    customerInfo: {
      max: 10,
      accountMax: 5,
      windowS: 60,
      requests: minutes([4]),
      refusals: minutes([2]),
      topAddresses: [{ key: '203.0.113.9', count: 2 }],
      topAccounts: [],
    },
  },
  upstream: { requests: minutes([5]), errors: minutes([0]), avgMs: minutes([3]), p95Ms: minutes([10]) },
}

/** The BFF's ops API as the page sees it, signed out until a sign-in. */
function opsApi(signedIn = false) {
  let session = signedIn
  return mockFetch((url, init, body) => {
    const method = init?.method ?? 'GET'
    if (url.startsWith('/bff/ops/session')) {
      if (method === 'POST') {
        session = body?.token === 'right-token-0123456789'
        return session ? ok({ operator: 'alice' }) : { status: 401, body: { code: 401, msg: 'Invalid operations token.', data: null } }
      }
      return session ? ok({ operator: 'alice' }) : { status: 401, body: { code: 401, msg: 'Invalid operations token.', data: null } }
    }
    if (url.startsWith('/bff/ops/settings')) return ok(SETTINGS)
    if (url.startsWith('/bff/ops/stats')) return ok(STATS)
    if (url.startsWith('/bff/ops/audit')) return ok({ scope: 'instance', total: 0, entries: [] })
    return undefined
  })
}

describe('ops page', () => {
  it('is a route of its own, left to the browser (never server-rendered), without header and footer', () => {
    for (const path of ['/ops', '/en/ops']) {
      const resolved = resolveRoute(path)
      expect(resolved.route.screen).toBe('ops')
      expect(resolved.route.bare).toBe(true)
      expect(planRender(path).page).toBeNull()
    }
  })

  it('signs in with a token, sent once to the BFF and kept nowhere in the browser', async () => {
    const { calls } = opsApi()
    const user = userEvent.setup()
    renderAt(<OpsPage />, '/en/ops')
    const token = await screen.findByLabelText(/Operator token/)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Enter your token')).toBeInTheDocument()
    await user.type(token, 'right-token-0123456789')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Signed in as alice')).toBeInTheDocument()
    const signIn = calls.find((c) => c.init?.method === 'POST')!
    expect(signIn.url).toBe('/bff/ops/session')
    expect(signIn.body).toEqual({ token: 'right-token-0123456789', lang: 'en-US' })
    expect(JSON.stringify({ ...localStorage })).not.toContain('right-token')
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('right-token')
    expect(document.cookie).not.toContain('right-token')
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow')
  })

  it('checks each setting against its range before sending, and sends only what changed', async () => {
    const { calls } = opsApi(true)
    const user = userEvent.setup()
    renderAt(<OpsPage />, '/en/ops')
    const limit = await screen.findByLabelText('RATE_LIMIT_CUSTOMER_INFO_MAX')
    // The value is there in the render that shows the field (typing at once is not overwritten by a late fill-in).
    expect(limit).toHaveValue(10)
    expect(screen.getByText(/Default 10 · start 10 · default · 1–1000 requests/)).toBeInTheDocument()
    expect(screen.getByText('No Redis: changes apply to this BFF process only, until it restarts.')).toBeInTheDocument()
    await user.clear(limit)
    await user.type(limit, '0')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Enter a whole number from 1 to 1000')).toBeInTheDocument()
    expect(calls.some((c) => c.init?.method === 'PATCH')).toBe(false)

    await user.clear(limit)
    await user.type(limit, '1')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'PATCH')).toBe(true))
    const patch = calls.find((c) => c.init?.method === 'PATCH')!
    expect(patch.url).toBe('/bff/ops/settings')
    expect(patch.body).toEqual({ RATE_LIMIT_CUSTOMER_INFO_MAX: 1, lang: 'en-US' })
  })

  it('asks before purging everything', async () => {
    const { calls } = opsApi(true)
    const user = userEvent.setup()
    renderAt(<OpsPage />, '/en/ops')
    await user.click(await screen.findByRole('button', { name: 'Purge every cache' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Purge?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls.some((c) => c.url.startsWith('/bff/ops/purge'))).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Purge every cache' }))
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Purge?' })).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(calls.find((c) => c.url.startsWith('/bff/ops/purge'))?.body).toEqual({ all: true, lang: 'en-US' }))
  })

  it('draws hit rates and refusals of the last hour', async () => {
    opsApi(true)
    renderAt(<OpsPage />, '/ops')
    expect(await screen.findByRole('img', { name: 'dict：一小时命中率 75%，2 条' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'customerInfo：4 次中拒绝 2 次（每 60 秒 10 次）' })).toBeInTheDocument()
    expect(hitRates(STATS.caches.dict).slice(-2)).toEqual([0.75, null])
  })
})

describe('ops messages', () => {
  it('are complete in both languages, with the same placeholders', () => {
    const en = opsMessages['en-US']
    const zh = opsMessages['zh-CN']
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort())
    const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort()
    for (const id of Object.keys(en) as Array<keyof typeof en>) {
      expect(zh[id].trim(), id).not.toBe('')
      expect(placeholders(zh[id]), id).toEqual(placeholders(en[id]))
    }
  })
})
