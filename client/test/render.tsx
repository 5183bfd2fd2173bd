import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement } from 'react'
import { IntlProvider } from 'react-intl'
import { SWRConfig } from 'swr'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { SWR_DEFAULTS } from '../src/app/provider'
import { messages } from '../src/lib/intl'
import { localeFromPath } from '../src/lib/locale'

/** Renders inside the app's providers at a given path (the locale follows it). */
export function renderAt(ui: ReactElement, path = '/'): RenderResult & { navigate: (to: string) => void; history: string[] } {
  const memory = memoryLocation({ path, record: true })
  const locale = localeFromPath(path)
  const result = render(
    <Router hook={memory.hook}>
      <IntlProvider locale={locale} messages={messages[locale]} defaultLocale="zh-CN">
        <SWRConfig value={{ ...SWR_DEFAULTS, provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
      </IntlProvider>
    </Router>,
  )
  return Object.assign(result, { navigate: memory.navigate, history: memory.history ?? [] })
}

type Handler = (
  url: string,
  init: RequestInit | undefined,
  body: Record<string, unknown> | undefined,
) => { status?: number; body: unknown } | undefined

/** A fetch stub answering envelopes; records every call. */
export function mockFetch(handler: Handler) {
  const calls: Array<{ url: string; init: RequestInit | undefined; body: Record<string, unknown> | undefined }> = []
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input)
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined
    calls.push({ url, init, body })
    const answer = handler(url, init, body) ?? { body: { code: 200, msg: 'ok', data: null } }
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fn)
  return { fn, calls }
}
