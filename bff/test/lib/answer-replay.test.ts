import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import cookie from '@fastify/cookie'
import Fastify from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AnswerReplay, replayKey, storableHeaders, type CookieParser, type StoredAnswer } from '../../src/lib/answer-replay.ts'
import { rawGet } from '../helpers/raw-get.ts'

const SESSION = new Set(['rpt_session', '__Host-rpt_session'])

function incoming(headers: IncomingHttpHeaders, method = 'GET', url = '/bff/pages/home?lang=zh-CN'): IncomingMessage {
  return { method, url, headers } as IncomingMessage
}

describe('replayKey', () => {
  // The parser Fastify's requests get: the key must read cookies exactly as the route will.
  let parseCookies: CookieParser
  beforeAll(async () => {
    const app = Fastify()
    await app.register(cookie)
    await app.ready()
    parseCookies = (header) => app.parseCookie(header)
  })
  const key = (headers: IncomingHttpHeaders, method?: string, url?: string) => replayKey(incoming(headers, method, url), parseCookies, SESSION)

  it('refuses what could make two requests for the same URL differ', () => {
    expect(key({}, 'POST')).toBeUndefined()
    expect(key({}, 'HEAD')).toBeUndefined()
    expect(key({ cookie: 'locale=zh-CN; rpt_session=abc' })).toBeUndefined()
    expect(key({ cookie: '__Host-rpt_session=abc' })).toBeUndefined()
    expect(key({ 'website-token': 'abc' })).toBeUndefined()
    expect(key({ authorization: 'Bearer abc' })).toBeUndefined()
    expect(key({ 'content-length': '12' })).toBeUndefined()
    expect(key({ 'transfer-encoding': 'chunked' })).toBeUndefined()
    expect(key({ 'content-length': '0' })).toBeDefined()
  })

  it('tells apart everything the answer may depend on', () => {
    const base = key({})
    const others = [
      key({}, 'GET', '/bff/pages/home?lang=en-US'),
      key({ 'accept-encoding': 'br' }),
      key({ 'accept-encoding': 'deflate' }),
      key({ 'x-no-compression': '1' }),
      key({ cookie: 'locale=en-US' }),
    ]
    expect(new Set([base, ...others]).size).toBe(others.length + 1)
  })

  it('keeps of the cookies only the language they give the route', () => {
    const english = key({ cookie: 'locale=en-US' })
    expect(key({ cookie: '_ga=GA1.2.3; locale=en-US' })).toBe(english)
    expect(key({ cookie: 'lang=en-US;theme=dark' })).toBe(english)
    expect(key({ cookie: 'locale=en-US; lang=zh-CN' })).toBe(english)
    // Values the route does not take for a language give none, whatever they look like once trimmed.
    expect(key({ cookie: 'locale=en-US\u00a0' })).toBe(key({}))
    expect(key({ cookie: '\u00a0locale=en-US' })).toBe(key({}))
    expect(key({ cookie: 'locale=fr-FR' })).toBe(key({}))
  })
})

describe('storableHeaders', () => {
  it('merges the raw and reply headers as writeHead does, and sets the length of the stored body', () => {
    const headers = storableHeaders(
      { 'x-frame-options': 'SAMEORIGIN', 'content-type': 'text/plain', 'content-length': 99 },
      { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding', date: 'Mon, 01 Jan 2024 00:00:00 GMT', connection: 'close' },
      42,
    )
    expect(headers).toEqual(['x-frame-options', 'SAMEORIGIN', 'content-type', 'application/json; charset=utf-8', 'vary', 'accept-encoding', 'content-length', '42'])
  })

  it('refuses an answer that sets a cookie', () => {
    expect(storableHeaders({}, { 'set-cookie': ['locale=zh-CN; Path=/'] }, 1)).toBeUndefined()
    expect(storableHeaders({ 'set-cookie': 'a=b' }, {}, 1)).toBeUndefined()
  })
})

describe('AnswerReplay', () => {
  let current = true
  beforeEach(() => {
    current = true
  })
  const replay = new AnswerReplay(2, 1024)
  const stored = (text: string): StoredAnswer => ({
    status: 200,
    headers: ['content-type', 'text/plain', 'x-cache', 'HIT', 'content-length', String(Buffer.byteLength(text))],
    body: Buffer.from(text),
    route: '/r',
    stillCurrent: () => current,
    tally: { count: 0 },
  })
  const server = createServer((req, res) => {
    if (replay.answer(req.url === '/none' ? undefined : req.url, res)) return
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('not stored')
  })
  let base = ''
  const get = async (path: string) => {
    const { status, headers, bytes } = await rawGet(`${base}${path}`)
    return { status, headers, text: bytes.toString() }
  }

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('writes a stored answer as it was, and counts it', async () => {
    const answer = stored('héllo')
    replay.store('/a', answer)
    const res = await get('/a')
    expect([res.status, res.text, res.headers['x-cache'], res.headers['content-length']]).toEqual([200, 'héllo', 'HIT', '6'])
    expect(res.headers.date).toBeDefined()
    expect(answer.tally.count).toBe(1)
    expect((await get('/none')).status).toBe(404)
  })

  it('drops an answer once it is no longer current', async () => {
    replay.store('/b', stored('b'))
    current = false
    expect((await get('/b')).status).toBe(404)
    current = true
    expect((await get('/b')).status).toBe(404)
  })

  it('keeps only as many answers as it is given room for, in entries and in bytes', async () => {
    replay.store('/1', stored('1'))
    replay.store('/2', stored('2'))
    replay.store('/3', stored('3'))
    expect(replay.size).toBe(2)
    expect((await get('/1')).status).toBe(404)
    expect((await get('/3')).text).toBe('3')
    replay.store('/big', stored('x'.repeat(1020)))
    expect(replay.size).toBe(1)
    expect((await get('/3')).status).toBe(404)
    expect((await get('/big')).text).toHaveLength(1020)
  })
})
