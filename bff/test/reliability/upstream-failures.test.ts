import { createServer, type Server, type Socket } from 'node:net'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { body, buildBff, fromSite } from '../helpers/build-app.ts'
import { freePort } from '../helpers/core-process.ts'

// Every way the core API's side can fail, from a raw TCP upstream: refused,
// reset, silent past the timeout, nginx's own 502 page (its exact bytes,
// server_tokens off), an empty body, JSON that is not the envelope. The
// browser gets the envelope in its language every time; a read that failed
// before an answer is sent once more on a new connection, a write never.

/** nginx's answer when its upstream is gone (captured from Debian's nginx, server_tokens off). */
const NGINX_502_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'
const nginx = (status: string, page: string) =>
  `HTTP/1.1 ${status}\r\nServer: nginx\r\nDate: ${new Date().toUTCString()}\r\nContent-Type: text/html\r\nContent-Length: ${Buffer.byteLength(page)}\r\nConnection: keep-alive\r\n\r\n${page}`
const json = (status: string, text: string) =>
  `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`
const OK = json('200 OK', JSON.stringify({ code: 200, msg: 'success', data: { list: [], count: 0 } }))

/** 'reset' drops the connection, 'silent' never answers; anything else is written as the raw answer. */
type Plan = string
const plans = new Map<string, Plan[]>()
const seen: { path: string; port: number }[] = []
let upstream: Server
let bff: FastifyInstance
let refusedBff: FastifyInstance

function serve(socket: Socket) {
  let buffer = ''
  socket.on('error', () => {})
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1')
    const end = buffer.indexOf('\r\n\r\n')
    if (end < 0) return
    const length = Number(/content-length: *(\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0)
    if (buffer.length < end + 4 + length) return
    const path = buffer.slice(0, end).split(' ')[1]!.split('?')[0]!
    buffer = buffer.slice(end + 4 + length)
    seen.push({ path, port: socket.remotePort! })
    const plan = plans.get(path)?.shift() ?? OK
    if (plan === 'reset') socket.resetAndDestroy()
    else if (plan !== 'silent') socket.write(plan)
  })
}

beforeAll(async () => {
  upstream = createServer(serve)
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`
  bff = await buildBff({ CORE_API_URL: url, UPSTREAM_TIMEOUT_MS: 600 })
  refusedBff = await buildBff({ CORE_API_URL: `http://127.0.0.1:${await freePort()}`, UPSTREAM_TIMEOUT_MS: 600 })
})

afterAll(async () => {
  await bff?.close()
  await refusedBff?.close()
  await new Promise((resolve) => upstream?.close(resolve))
})

beforeEach(() => {
  plans.clear()
  seen.length = 0
})

const list = (app: FastifyInstance, lang: 'zh-CN' | 'en-US') =>
  app.inject({
    method: 'POST',
    url: '/api/report/researchReport/pageList',
    headers: { ...fromSite, cookie: `locale=${lang}` },
    payload: { pageNo: 1 },
  })
const save = (app: FastifyInstance, lang: 'zh-CN' | 'en-US') =>
  app.inject({
    method: 'POST',
    url: '/api/report/websiteUser/updateUser',
    headers: { ...fromSite, cookie: `locale=${lang}` },
    payload: { name: 'Li' },
  })

const UNAVAILABLE = { 'zh-CN': '服务暂时不可用，请稍后再试', 'en-US': 'The service is temporarily unavailable. Please try again later.' }
const TIMEOUT = { 'zh-CN': '服务响应超时，请稍后再试', 'en-US': 'The service took too long to answer. Please try again later.' }

function expectEnvelope(response: LightMyRequestResponse, msg: string) {
  expect(response.headers['content-type'], response.body).toMatch(/^application\/json/)
  expect(response.statusCode).toBe(200)
  expect(body(response)).toEqual({ code: 5002, msg, data: null })
}

describe('an upstream failure reaches the browser as the envelope, in its language', () => {
  const failures: [string, Plan, typeof UNAVAILABLE][] = [
    ["nginx's 502 page", nginx('502 Bad Gateway', NGINX_502_PAGE), UNAVAILABLE],
    ["nginx's 504 page", nginx('504 Gateway Time-out', NGINX_502_PAGE.replaceAll('502 Bad Gateway', '504 Gateway Time-out')), TIMEOUT],
    ['a reset connection', 'reset', UNAVAILABLE],
    ['no answer within UPSTREAM_TIMEOUT_MS', 'silent', TIMEOUT],
    ['an empty JSON body', json('200 OK', ''), UNAVAILABLE],
    ['an empty 502 without a type', 'HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n', UNAVAILABLE],
    ['an empty 200 without a type', 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n', UNAVAILABLE],
    [
      'JSON that is not the envelope',
      json('503 Service Unavailable', '{"statusCode":503,"error":"Service Unavailable","message":"Service Unavailable"}'),
      UNAVAILABLE,
    ],
    ['JSON cut short', json('200 OK', '{"code":200,"msg":"succ'), UNAVAILABLE],
  ]
  for (const [what, plan, msg] of failures) {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      it(`${what} (${lang}): a read, failing twice, and a write`, async () => {
        plans.set('/report/researchReport/pageList', [plan, plan])
        plans.set('/report/websiteUser/updateUser', [plan, plan])
        expectEnvelope(await list(bff, lang), msg[lang])
        expectEnvelope(await save(bff, lang), msg[lang])
        // The write went upstream once, whatever happened to it.
        expect(seen.filter((s) => s.path === '/report/websiteUser/updateUser')).toHaveLength(1)
      })
    }
  }

  it('a refused connection', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      expectEnvelope(await list(refusedBff, lang), UNAVAILABLE[lang])
      expectEnvelope(await save(refusedBff, lang), UNAVAILABLE[lang])
      const page = await refusedBff.inject({ url: `/bff/pages/reports?lang=${lang}` })
      expect(body(page).code).toBe(5002)
    }
  })
})

describe('a read whose upstream failed before answering is sent once more, on a new connection', () => {
  for (const [what, plan] of [
    ["nginx's 502 page", nginx('502 Bad Gateway', NGINX_502_PAGE)],
    ['a reset', 'reset'],
    ['a 503', nginx('503 Service Temporarily Unavailable', 'busy')],
  ] as const) {
    it(`after ${what}: the browser gets the answer of the second attempt`, async () => {
      plans.set('/report/researchReport/pageList', [plan])
      const response = await list(bff, 'en-US')
      expect(body(response)).toMatchObject({ code: 200, data: { count: 0 } })
      const attempts = seen.filter((s) => s.path === '/report/researchReport/pageList')
      expect(attempts).toHaveLength(2)
      expect(attempts[1]!.port, 'the retry came on the same connection').not.toBe(attempts[0]!.port)
    })
  }

  it("the BFF's own reads too (a page payload's live list)", async () => {
    plans.set('/report/researchReport/pageList', [nginx('502 Bad Gateway', NGINX_502_PAGE)])
    const page = await bff.inject({ url: '/bff/pages/reports?lang=en-US' })
    expect(body(page).code, page.body).toBe(200)
    expect(seen.filter((s) => s.path === '/report/researchReport/pageList')).toHaveLength(2)
    const metrics = await bff.metrics.registry.getSingleMetricAsString('bff_upstream_retries_total')
    expect(metrics).toMatch(/reason="bad-gateway",path="\/report\/researchReport\/pageList"\} [1-9]/)
  })

  it('a write is never sent again', async () => {
    plans.set('/report/websiteUser/updateUser', [nginx('502 Bad Gateway', NGINX_502_PAGE)])
    expectEnvelope(await save(bff, 'en-US'), UNAVAILABLE['en-US'])
    expect(seen.filter((s) => s.path === '/report/websiteUser/updateUser')).toHaveLength(1)
  })

  it('a timeout is not retried: the answer comes within the budget', async () => {
    plans.set('/report/researchReport/pageList', ['silent'])
    const started = Date.now()
    expectEnvelope(await list(bff, 'zh-CN'), TIMEOUT['zh-CN'])
    expect(Date.now() - started).toBeLessThan(1200)
    expect(seen.filter((s) => s.path === '/report/researchReport/pageList')).toHaveLength(1)
  })
})
