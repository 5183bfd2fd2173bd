import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildBff, fromSite } from '../helpers/build-app.ts'
import { startCore, type CoreProcess } from '../helpers/core-process.ts'
import { buildClient } from './client-build.ts'

// Fair use of the report search: the server-rendered report list runs the
// search the proxied pageList runs, so its expensive shapes (a one-character
// or symbol keyword, a page past 50) count against the same per-visitor
// search budget. Against the real core API loaded with the fixtures and a
// fresh client build.

let core: CoreProcess
let dist: string
let bff: FastifyInstance

beforeAll(async () => {
  const [build, started] = await Promise.all([buildClient(), startCore()])
  dist = build.dist
  core = started
  bff = await buildBff({ CORE_API_URL: core.url, CLIENT_DIST_DIR: dist, RATE_LIMIT_SEARCH_MAX: 2 })
})

afterAll(async () => {
  await bff?.close()
  await core?.stop()
})

const crawl = (url: string, remoteAddress: string, instance = bff) =>
  instance.inject({ url, remoteAddress, headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })

const ZH = '请求过于频繁，请稍后再试'
const EN = 'Too many requests. Please try again later.'

describe('the server-rendered report list', () => {
  it("renders expensive searches within the budget, then answers an HTML 429 page in the edition's language", async () => {
    const from = '10.26.10.1'
    const first = await crawl('/report-industries?keyword=%25', from)
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(first.body).toContain('<div id="root"><')
    // The keyword as a path segment, and a deep page (past the fixtures' last: a rendered 404, still counted).
    expect((await crawl('/en/report-industries/all/%25', from)).statusCode).toBe(200)
    const statuses = [(await crawl('/report-industries?page=51', from)).statusCode]

    const zh = await crawl('/report-industries?keyword=.', from)
    const en = await crawl('/en/report-industries?queryKeyword=%25', from)
    statuses.push(zh.statusCode, en.statusCode)
    expect(statuses).toEqual([429, 429, 429])
    for (const [res, lang, message] of [
      [zh, 'zh-CN', ZH],
      [en, 'en-US', EN],
    ] as const) {
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      expect(res.body).toMatch(new RegExp(`<html lang="${lang}"`))
      expect(res.body).toContain(`<h1>${message}</h1>`)
      expect(res.body).toContain('<meta name="robots" content="noindex">')
    }
    // Another visitor is not touched.
    expect((await crawl('/report-industries?keyword=%25', '10.26.10.2')).statusCode).toBe(200)
  })

  it('never counts or refuses cheap list renders, even once the visitor has spent the budget', async () => {
    const from = '10.26.11.1'
    const cheap = [
      '/report-industries',
      '/en/report-industries',
      '/report-industries?keyword=%E9%94%82%E7%94%B5',
      '/en/report-industries?keyword=battery',
      '/report-industries?page=2',
      '/report-industries/all/ai',
      '/report-industries?page=50&sort=price-asc',
    ]
    for (let round = 0; round < 2; round += 1) {
      for (const url of cheap) expect([200, 404], url).toContain((await crawl(url, from)).statusCode)
    }
    // None was counted: the budget's two expensive renders still go through, the third does not.
    expect((await crawl('/report-industries?keyword=%25', from)).statusCode).toBe(200)
    expect((await crawl('/report-industries?keyword=%25', from)).statusCode).toBe(200)
    expect((await crawl('/report-industries?keyword=%25', from)).statusCode).toBe(429)
    for (const url of cheap) expect([200, 404], url).toContain((await crawl(url, from)).statusCode)
    // The bulletin and news lists are not search-limited.
    for (const url of ['/bulletin?keyword=%25', '/news-categories?keyword=%25']) expect((await crawl(url, from)).statusCode, url).toBe(200)
  })

  it('shares one budget per address with the page payload and the proxied pageList', async () => {
    const api = (remoteAddress: string) =>
      bff.inject({
        method: 'POST',
        url: '/api/report/researchReport/pageList',
        headers: fromSite,
        remoteAddress,
        payload: { lang: 'zh-CN', pageSize: 10, keyword: '%' },
      })
    const payload = (remoteAddress: string, lang = 'zh-CN') =>
      bff.inject({ url: `/bff/pages/reports?lang=${lang}&keyword=%25`, remoteAddress })

    // The API and the payload spend the budget; the page is refused.
    expect((await api('10.26.12.1')).statusCode).toBe(200)
    expect((await payload('10.26.12.1')).statusCode).toBe(200)
    expect((await crawl('/en/report-industries?keyword=%25', '10.26.12.1')).statusCode).toBe(429)
    // Pages spend it; the API and the payload are refused, with the same envelope.
    expect((await crawl('/report-industries?keyword=%25', '10.26.12.2')).statusCode).toBe(200)
    expect((await crawl('/report-industries?page=60', '10.26.12.2')).statusCode).not.toBe(429)
    const refusedApi = await api('10.26.12.2')
    const refusedPayload = await payload('10.26.12.2', 'en-US')
    expect(refusedApi.statusCode).toBe(429)
    expect(body(refusedApi)).toEqual({ code: 429, msg: ZH, data: null })
    expect(refusedPayload.statusCode).toBe(429)
    expect(body(refusedPayload)).toEqual({ code: 429, msg: EN, data: null })
  })
})

describe('other refusals of a page', () => {
  it('answers the unknown-path limit with the same HTML 429 page, never the envelope', async () => {
    const limited = await buildBff({ CORE_API_URL: core.url, CLIENT_DIST_DIR: dist, RATE_LIMIT_NOT_FOUND_MAX: 1 })
    try {
      expect((await crawl('/en/no-such-page', '10.26.13.1', limited)).statusCode).toBe(404)
      const refused = await crawl('/en/no-such-page', '10.26.13.1', limited)
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(refused.body).toContain(`<h1>${EN}</h1>`)
    } finally {
      await limited.close()
    }
  })
})
