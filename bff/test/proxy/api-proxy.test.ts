import { createServer, type Server, type Socket } from 'node:net'
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readAll } from '../../src/proxy/api-proxy.ts'
import { body, buildBff, cookie, fromSite } from '../helpers/build-app.ts'
import { freePort } from '../helpers/core-process.ts'
import { envelope, startStubCore, type StubCore } from '../helpers/stub-core.ts'

// What the proxy sends upstream and what it does with the answers, seen from
// a stub core API that records every request.

let stub: StubCore
let bff: FastifyInstance

beforeAll(async () => {
  stub = await startStubCore((app) => {
    app.post('/report/websiteUser/login', async () => envelope({ token: 'tok-123', user: { id: '7', name: 'Li Lei' } }))
    app.post('/report/websiteUser/register', async () => envelope({ token: 'tok-456', user: { id: '8', name: 'Han Meimei' } }))
    app.get('/report/websiteUser/getUserInfo', async (request, reply) =>
      request.headers['website-token'] === 'expired'
        ? reply.status(401).send(envelope(null, 5001, '登录状态已过期'))
        : envelope({ id: '7', name: 'Li Lei' }),
    )
    app.get('/report/websiteUser/logout', async () => envelope(null))
    app.post('/report/researchReport/pageList', async () => envelope({ list: [] }))
    app.post('/report/websiteUserOrder/downFile', async (_request, reply) =>
      reply.header('content-disposition', 'attachment; filename="report.pdf"').type('application/pdf').send(Buffer.from('%PDF-1.7 body')),
    )
    // Once the core API's own payment sandbox; now the sandbox is a gateway of its own (sandbox/), which the site does not front.
    app.get('/sandbox/alipay/gateway.do', async (_request, reply) => reply.type('text/html').send('<form method="post"></form>'))
    app.post('/report/websiteUserResearchOrder/pay/asyncNotify', async (_request, reply) => reply.type('text/plain').send('success'))
    app.get('/report/researchReport/form', async () => envelope({ id: '1' }))
    app.get('/download/:token', async (request, reply) =>
      reply
        .status(206)
        .header('content-range', 'bytes 5-8/13')
        .header('content-disposition', 'attachment; filename="r.pdf"')
        .type('application/pdf')
        .send(Buffer.from('1.7 ')),
    )
  })
  bff = await buildBff({ CORE_API_URL: stub.url })
})

afterAll(async () => {
  await bff?.close()
  await stub?.close()
})

const last = () => stub.seen.at(-1)!

describe('upstream requests', () => {
  it('adds lang from the locale cookie to a POST body and keeps the rest', async () => {
    await bff.inject({
      method: 'POST',
      url: '/api/report/researchReport/pageList',
      headers: { ...fromSite, cookie: 'locale=en-US' },
      payload: { pageNo: 2 },
    })
    expect(JSON.parse(last().body)).toEqual({ pageNo: 2, lang: 'en-US' })
  })

  it("falls back to the client's own lang cookie", async () => {
    await bff.inject({ url: '/api/report/researchReport/form?id=1', headers: { cookie: 'lang=en-US' } })
    expect(last().url).toBe('/report/researchReport/form?id=1&lang=en-US')
  })

  it('keeps the lang the browser sent', async () => {
    await bff.inject({
      method: 'POST',
      url: '/api/report/researchReport/pageList',
      headers: { ...fromSite, cookie: 'locale=en-US' },
      payload: { lang: 'zh-CN' },
    })
    expect(JSON.parse(last().body)).toEqual({ lang: 'zh-CN' })
  })

  it('adds lang to a GET query, defaulting to Chinese, and rewrites /api away', async () => {
    await bff.inject({ url: '/api/report/researchReport/form?webTitle=a-b' })
    expect(last().url).toBe('/report/researchReport/form?webTitle=a-b&lang=zh-CN')
  })

  it('turns the session cookie into website-token and sends no cookies upstream', async () => {
    await bff.inject({
      url: '/api/report/websiteUser/getUserInfo',
      headers: { cookie: 'rpt_session=tok-123; other=1', 'website-token': 'forged' },
    })
    expect(last().headers['website-token']).toBe('tok-123')
    expect(last().headers.cookie).toBeUndefined()
  })
})

describe('bad input', () => {
  it('answers malformed JSON with a 100001 envelope without calling upstream', async () => {
    const before = stub.seen.length
    const res = await bff.inject({
      method: 'POST',
      url: '/api/report/researchReport/pageList',
      headers: { ...fromSite, 'content-type': 'application/json' },
      payload: '{"pageNo":',
    })
    expect(res.statusCode).toBe(200)
    expect(body(res).code).toBe(100001)
    expect(stub.seen.length).toBe(before)
  })

  it('answers a body that is not JSON with 415', async () => {
    const res = await bff.inject({
      method: 'POST',
      url: '/api/report/researchReport/pageList',
      headers: { ...fromSite, 'content-type': 'text/plain' },
      payload: 'pageNo=1',
    })
    expect(res.statusCode).toBe(415)
    expect(body(res)).toEqual({ code: 415, msg: '不支持的请求内容类型', data: null })
  })

  it('treats an empty JSON body as {}', async () => {
    const res = await bff.inject({
      method: 'POST',
      url: '/api/report/researchReport/pageList',
      headers: { ...fromSite, 'content-type': 'application/json', cookie: 'locale=en-US' },
      payload: '',
    })
    expect(res.statusCode).toBe(200)
    expect(JSON.parse(last().body)).toEqual({ lang: 'en-US' })
  })
})

describe('session cookie', () => {
  it('moves the login token into an HttpOnly cookie and out of the body', async () => {
    const res = await bff.inject({
      method: 'POST',
      url: '/api/report/websiteUser/login',
      headers: fromSite,
      payload: { loginCode: 'x', password: 'y', validCode: 'z', unTime: '1' },
    })
    expect(body(res)).toEqual({ code: 200, msg: 'success', data: { user: { id: '7', name: 'Li Lei' } } })
    expect(res.body).not.toContain('tok-123')
    expect(cookie(res, 'rpt_session')).toMatchObject({ value: 'tok-123', httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie(res, 'rpt_session')?.secure).toBeFalsy()
  })

  it('does the same for register', async () => {
    const res = await bff.inject({ method: 'POST', url: '/api/report/websiteUser/register', headers: fromSite, payload: {} })
    expect(body(res).data).toEqual({ user: { id: '8', name: 'Han Meimei' } })
    expect(cookie(res, 'rpt_session')?.value).toBe('tok-456')
  })

  it('clears the cookie when the core API answers 5001', async () => {
    const res = await bff.inject({ url: '/api/report/websiteUser/getUserInfo', headers: { cookie: 'rpt_session=expired' } })
    expect(res.statusCode).toBe(401)
    expect(body(res).code).toBe(5001)
    expect(cookie(res, 'rpt_session')).toMatchObject({ value: '', path: '/' })
  })

  it('clears the cookie on logout', async () => {
    const res = await bff.inject({ url: '/api/report/websiteUser/logout', headers: { ...fromSite, cookie: 'rpt_session=tok-123' } })
    expect(res.statusCode).toBe(200)
    expect(cookie(res, 'rpt_session')?.value).toBe('')
  })

  it('treats logout as state-changing: refused without the site headers', async () => {
    const res = await bff.inject({ url: '/api/report/websiteUser/logout', headers: { cookie: 'rpt_session=tok-123' } })
    expect(res.statusCode).toBe(403)
  })

  it('over https names the cookie __Host- and marks it Secure', async () => {
    const behindTls = await buildBff({ CORE_API_URL: stub.url, TRUST_PROXY: 'true', TRUSTED_ORIGINS: 'https://site.test' })
    try {
      const res = await behindTls.inject({
        method: 'POST',
        url: '/api/report/websiteUser/login',
        headers: { origin: 'https://site.test', 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-proto': 'https' },
        payload: {},
      })
      expect(cookie(res, '__Host-rpt_session')).toMatchObject({ value: 'tok-123', secure: true, httpOnly: true, path: '/' })
      await behindTls.inject({
        url: '/api/report/websiteUser/getUserInfo',
        headers: { 'x-forwarded-proto': 'https', cookie: '__Host-rpt_session=tok-123' },
      })
      expect(last().headers['website-token']).toBe('tok-123')
    } finally {
      await behindTls.close()
    }
  })
})

describe('pass-through', () => {
  it('streams files with their Content-Disposition', async () => {
    const res = await bff.inject({ method: 'POST', url: '/api/report/websiteUserOrder/downFile', headers: fromSite, payload: { id: '1' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe('attachment; filename="report.pdf"')
    expect(res.body).toBe('%PDF-1.7 body')
  })

  it('passes signed download links through with their Range', async () => {
    const res = await bff.inject({ url: '/api/download/abcdefghijklmnopqrstuvwxyz', headers: { range: 'bytes=5-8' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe('bytes 5-8/13')
    expect(last().url).toMatch(/^\/download\/abcdefghijklmnopqrstuvwxyz\b/)
    expect(last().headers.range).toBe('bytes=5-8')
  })

  it('passes payment notifications byte for byte, without CSRF checks or lang', async () => {
    const signed = 'sign=abc%3D&trade_status=TRADE_SUCCESS&out_trade_no=42'
    const res = await bff.inject({
      method: 'POST',
      url: '/api/report/websiteUserResearchOrder/pay/asyncNotify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: signed,
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('success')
    expect(last().body).toBe(signed)
  })

  it('answers calls sent with Expect: 100-continue, and keeps the header to this hop', async () => {
    const call = await bff.inject({
      method: 'POST',
      url: '/api/report/researchReport/pageList',
      headers: { ...fromSite, expect: '100-continue' },
      payload: { pageNo: 1 },
    })
    expect(call.statusCode).toBe(200)
    expect(body(call).code).toBe(200)
    expect(last().headers.expect).toBeUndefined()
    const notified = await bff.inject({
      method: 'POST',
      url: '/api/report/websiteUserResearchOrder/pay/asyncNotify',
      headers: { 'content-type': 'application/x-www-form-urlencoded', expect: '100-continue' },
      payload: 'out_trade_no=42',
    })
    expect(notified.body).toBe('success')
    expect(last().headers.expect).toBeUndefined()
  })
})

describe('payment sandbox pages', () => {
  it("are not passed to the core API: the cashier is the payment gateway's own", async () => {
    const before = stub.seen.length
    expect((await bff.inject({ url: '/sandbox/alipay/gateway.do?x=1' })).body).not.toContain('<form')
    expect((await bff.inject({ method: 'POST', url: '/sandbox/wechatpay/cashier/abc', headers: fromSite, payload: {} })).statusCode).toBe(
      404,
    )
    expect(stub.seen.length).toBe(before)
  })
})

describe('an unreachable core API', () => {
  let silent: Server
  const sockets = new Set<Socket>()

  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer((socket) => {
      sockets.add(socket)
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  })

  it('answers 5002 (HTTP 200) with an envelope in the visitor language when nothing listens', async () => {
    const down = await buildBff({ CORE_API_URL: `http://127.0.0.1:${await freePort()}` })
    try {
      const res = await down.inject({
        method: 'POST',
        url: '/api/report/researchReport/pageList',
        headers: { ...fromSite, cookie: 'locale=en-US' },
        payload: {},
      })
      expect(res.statusCode).toBe(200)
      expect(body(res)).toEqual({ code: 5002, msg: 'The service is temporarily unavailable. Please try again later.', data: null })
      const cached = await down.inject({ url: '/api/basedata/carousel/listData?lang=zh-CN' })
      expect(cached.statusCode).toBe(200)
      expect(body(cached).msg).toBe('服务暂时不可用，请稍后再试')
    } finally {
      await down.close()
    }
  })

  it('answers 5002 when a JSON answer breaks off or outgrows any envelope', async () => {
    // Answers JSON that stops halfway, or that claims 6 MB.
    const broken = createServer((socket) => {
      sockets.add(socket)
      // The proxy hangs up on the 6 MB answer.
      socket.on('error', () => {})
      socket.once('data', (request) => {
        if (request.toString('latin1').includes('/researchReport/form')) {
          socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"code":200,"msg":"su')
          return
        }
        const size = 6 * 1024 * 1024
        socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n{"code":200,"data":"`)
        socket.end(Buffer.alloc(size - 20, 'a'))
      })
    })
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve))
    const port = (broken.address() as { port: number }).port
    const down = await buildBff({ CORE_API_URL: `http://127.0.0.1:${port}`, UPSTREAM_TIMEOUT_MS: 5000 })
    try {
      const cut = await down.inject({ url: '/api/report/researchReport/form?id=1', headers: { cookie: 'locale=en-US' } })
      expect(cut.statusCode).toBe(200)
      expect(body(cut)).toEqual({ code: 5002, msg: 'The service is temporarily unavailable. Please try again later.', data: null })
      const huge = await down.inject({ method: 'POST', url: '/api/report/researchReport/pageList', headers: fromSite, payload: {} })
      expect(huge.statusCode).toBe(200)
      expect(body(huge).code).toBe(5002)
    } finally {
      await down.close()
      await new Promise<void>((resolve) => broken.close(() => resolve()))
    }
  })

  it('answers 5002 instead of hanging when the core API does not answer', async () => {
    const address = silent.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const slow = await buildBff({ CORE_API_URL: `http://127.0.0.1:${port}`, UPSTREAM_TIMEOUT_MS: 300 })
    try {
      const proxied = await slow.inject({ url: '/api/report/researchReport/form?id=1' })
      expect(proxied.statusCode).toBe(200)
      expect(body(proxied).code).toBe(5002)
      const cached = await slow.inject({ url: '/api/basedata/home/mapData' })
      expect(cached.statusCode).toBe(200)
      const page = await slow.inject({ url: '/bff/pages/report?webTitle=x' })
      expect(page.statusCode).toBe(200)
      expect(body(page).code).toBe(5002)
    } finally {
      await slow.close()
    }
  })
})

describe('reading an answer', () => {
  it('settles when the answer is cut short without an error', async () => {
    const stream = new Readable({ read() {} })
    stream.push(Buffer.from('{"code":200,'))
    const reading = readAll(stream, 1024)
    setImmediate(() => stream.destroy())
    await expect(reading).rejects.toThrow(/before its end/)
  })

  it('joins the chunks, and gives up past the limit', async () => {
    expect((await readAll(Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]), 1024))?.toString()).toBe('{"a":1}')
    expect(await readAll(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), 1024)).toBeUndefined()
  })
})
