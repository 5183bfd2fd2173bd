import { screen, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { articleFormOf } from '../src/features/staff/publishing/article-form'
import { emptyLanguage } from '../src/features/staff/publishing/report-form'
import { renderAt } from './render'
import { Console, desk, inEnglish, ok, query, REQUEST_ITEM, SLOW } from './staff-desk'

// The publisher works in China: a new record is dated, and a day filter is
// bounded, by the day in Asia/Shanghai, whatever zone the browser runs in.
// 06:19 on 12-02 in Beijing is 22:19 on 12-01 in UTC (and 17:19 in New York).

const savedZone = process.env.TZ
beforeAll(() => {
  // A browser far from China, where the old code read its own clock.
  process.env.TZ = 'America/New_York'
})
afterAll(() => {
  if (savedZone === undefined) delete process.env.TZ
  else process.env.TZ = savedZone
})

function at(instant: string) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(instant))
}
afterEach(() => {
  vi.useRealTimers()
})

describe("the console's default dates", () => {
  it("date a new report by the publisher's day around its midnight", () => {
    at('2026-12-01T22:19:00Z')
    expect(emptyLanguage(true).publishDate).toBe('2026-12-02')
    at('2026-12-01T15:59:00Z')
    expect(emptyLanguage(true).publishDate).toBe('2026-12-01')
  })

  it("date a new bulletin by the publisher's day, and a news item by its clock", () => {
    at('2026-12-01T22:19:30Z')
    expect(articleFormOf('bulletins', undefined).publishDate).toBe('2026-12-02')
    expect(articleFormOf('news', undefined).publishDate).toBe('2026-12-02T06:19:00')
    // A stored article keeps its own date.
    expect(articleFormOf('news', { publishDate: '2026-11-30 09:00:00' } as never).publishDate).toBe('2026-11-30T09:00:00')
  })
})

describe("the requests inbox's day filters", () => {
  inEnglish()

  it("send the publisher's day as its China midnights", SLOW, async () => {
    const { calls } = desk((url) =>
      url.startsWith('/staff-api/requests?') ? ok({ list: [REQUEST_ITEM], count: 1, pageNo: 1, pageSize: 20 }) : undefined,
    )
    renderAt(<Console />, '/en/staff/requests?from=2026-12-02&to=2026-12-02')
    const table = await screen.findByRole('table', { name: /Requests/ })
    expect(await within(table).findByText(REQUEST_ITEM.company)).toBeInTheDocument()
    const list = calls.filter((c) => c.url.startsWith('/staff-api/requests?')).map((c) => query(c.url))
    // "Until 12-02" includes that whole day: up to the start of 12-03 in China.
    expect(list.at(-1)).toMatchObject({ from: '2026-12-01T16:00:00.000Z', to: '2026-12-02T16:00:00.000Z' })
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('from=2026-12-01T16%3A00%3A00.000Z')
  })
})
