import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_PATHS } from '../../src/upstream/allow-list.ts'
import { body, buildBff, cookie, fromSite } from '../helpers/build-app.ts'
import { envelope, startStubCore, type StubCore } from '../helpers/stub-core.ts'

// The staff API through the BFF (/staff-api → core /staff), seen from a stub
// core API that records what it receives.

let stub: StubCore
let bff: FastifyInstance

beforeAll(async () => {
  stub = await startStubCore((app) => {
    app.post('/staff/login', async (request, reply) => {
      const { name } = JSON.parse(String(request.body)) as { name: string }
      if (name === 'wrong') return reply.status(401).send(envelope(null, 300001, 'bad credentials'))
      return envelope({ token: 'staff-tok-1', staff: { name, role: 'editor' } })
    })
    app.post('/staff/logout', async () => envelope(null))
    app.get('/staff/me', async (request, reply) =>
      request.headers.authorization === 'Bearer staff-tok-1'
        ? envelope({ name: 'ann', role: 'editor' })
        : reply.status(401).send(envelope(null, request.headers.authorization ? 300003 : 300002, 'sign in')),
    )
    app.put('/staff/reports/:code', async (request) => envelope({ code: (request.params as { code: string }).code, body: request.body }))
    app.delete('/staff/reports/:code', async () => envelope(null))
    app.get('/staff/reports', async () => envelope({ list: [] }))
    app.post('/staff/me/password', async (_request, reply) => reply.status(400).send(envelope(null, 300009, 'wrong password')))
    app.post('/staff/me/second-factor', async () => envelope({ enrollment: 'v1.x', otpauthUri: 'otpauth://totp/x', expiresAt: '' }))
  })
  bff = await buildBff({ CORE_API_URL: stub.url })
})

afterAll(async () => {
  await bff?.close()
  await stub?.close()
})

const last = () => stub.seen.at(-1)!
const login = (name = 'ann') =>
  bff.inject({ method: 'POST', url: '/staff-api/login', headers: fromSite, payload: { name, password: 'pw', totp: '123456' } })

describe('the staff API through the BFF', () => {
  it('serves every staff call of the contract, with its method and path parameters', () => {
    expect(STAFF_PATHS.length).toBeGreaterThan(5)
    expect(STAFF_PATHS).toContainEqual(expect.objectContaining({ method: 'PUT', route: '/reports/:code/files/:edition/:kind' }))
    expect(STAFF_PATHS).toContainEqual(expect.objectContaining({ method: 'DELETE', route: '/reports/:code' }))
  })

  it('keeps the login token in an HttpOnly, SameSite=Strict session cookie and out of the answer', async () => {
    const res = await login()
    expect(res.statusCode).toBe(200)
    expect(body(res)).toEqual({ code: 200, msg: 'success', data: { staff: { name: 'ann', role: 'editor' } } })
    expect(res.body).not.toContain('staff-tok-1')
    const set = cookie(res, 'rpt_staff')
    expect(set).toMatchObject({ value: 'staff-tok-1', httpOnly: true, sameSite: 'Strict', path: '/' })
    expect(set?.maxAge).toBeUndefined()
    expect(set?.secure).toBeFalsy()
    expect(res.headers['cache-control']).toBe('no-store')
    expect(last().url).toBe('/staff/login')
  })

  it('over https names the cookie __Host- (no Domain, Path=/, Secure) and reads only that name', async () => {
    const https = { 'x-forwarded-proto': 'https' }
    const res = await bff.inject({
      method: 'POST',
      url: '/staff-api/login',
      headers: { ...fromSite, ...https },
      payload: { name: 'ann', password: 'pw', totp: '123456' },
    })
    expect(cookie(res, '__Host-rpt_staff')).toMatchObject({
      value: 'staff-tok-1',
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
    })
    expect(cookie(res, '__Host-rpt_staff')!.domain).toBeUndefined()
    expect(cookie(res, 'rpt_staff')).toBeUndefined()

    const signedIn = await bff.inject({ url: '/staff-api/me', headers: { ...https, cookie: '__Host-rpt_staff=staff-tok-1' } })
    expect(signedIn.statusCode).toBe(200)
    expect(last().headers.authorization).toBe('Bearer staff-tok-1')

    // Over https the unprefixed name may have been set by a neighbouring host: it signs nobody in.
    const planted = await bff.inject({ url: '/staff-api/me', headers: { ...https, cookie: 'rpt_staff=staff-tok-1' } })
    expect(planted.statusCode).toBe(401)
    expect(last().headers.authorization).toBeUndefined()

    const out = await bff.inject({
      method: 'POST',
      url: '/staff-api/logout',
      headers: { ...fromSite, ...https, cookie: '__Host-rpt_staff=staff-tok-1' },
      payload: {},
    })
    expect(last().headers.authorization).toBe('Bearer staff-tok-1')
    expect(cookie(out, '__Host-rpt_staff')).toMatchObject({ value: '', secure: true, path: '/' })
  })

  it('keeps a failed login’s status and sets no cookie', async () => {
    const res = await login('wrong')
    expect(res.statusCode).toBe(401)
    expect(body(res).code).toBe(300001)
    expect(cookie(res, 'rpt_staff')?.value ?? '').toBe('')
  })

  it('turns the cookie into a bearer token and drops the browser’s own Authorization and cookies', async () => {
    const res = await bff.inject({
      url: '/staff-api/me',
      headers: { cookie: 'rpt_staff=staff-tok-1; rpt_session=visitor', authorization: 'Bearer made-up' },
    })
    expect(res.statusCode).toBe(200)
    expect(body(res).data).toEqual({ name: 'ann', role: 'editor' })
    expect(last().headers.authorization).toBe('Bearer staff-tok-1')
    expect(last().headers.cookie).toBeUndefined()
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('sends no Authorization at all without the cookie, even when the browser sent one', async () => {
    const res = await bff.inject({ url: '/staff-api/me', headers: { authorization: 'Bearer staff-tok-1' } })
    expect(res.statusCode).toBe(401)
    expect(last().headers.authorization).toBeUndefined()
  })

  it('clears the cookie when the core API answers 401', async () => {
    const res = await bff.inject({ url: '/staff-api/me', headers: { cookie: 'rpt_staff=revoked' } })
    expect(res.statusCode).toBe(401)
    expect(body(res).code).toBe(300003)
    expect(cookie(res, 'rpt_staff')).toMatchObject({ value: '', httpOnly: true, sameSite: 'Strict' })
  })

  it('clears the cookie on logout', async () => {
    const res = await bff.inject({
      method: 'POST',
      url: '/staff-api/logout',
      headers: { ...fromSite, cookie: 'rpt_staff=staff-tok-1' },
      payload: {},
    })
    expect(res.statusCode).toBe(200)
    expect(cookie(res, 'rpt_staff')?.value).toBe('')
    expect(last().headers.authorization).toBe('Bearer staff-tok-1')
  })

  it('passes PUT and DELETE with their path parameters', async () => {
    const put = await bff.inject({
      method: 'PUT',
      url: '/staff-api/reports/r-1',
      headers: { ...fromSite, cookie: 'rpt_staff=staff-tok-1' },
      payload: { title: 'x' },
    })
    expect(put.statusCode).toBe(200)
    expect(last()).toMatchObject({ method: 'PUT', url: '/staff/reports/r-1', body: '{"title":"x"}' })
    const del = await bff.inject({
      method: 'DELETE',
      url: '/staff-api/reports/r-2',
      headers: { ...fromSite, cookie: 'rpt_staff=staff-tok-1' },
    })
    expect(del.statusCode).toBe(200)
    expect(last()).toMatchObject({ method: 'DELETE', url: '/staff/reports/r-2' })
  })

  it('refuses a write from another site before the core API hears of it', async () => {
    const before = stub.seen.length
    const res = await bff.inject({
      method: 'PUT',
      url: '/staff-api/reports/r-1',
      headers: { origin: 'http://evil.test', 'x-requested-with': 'XMLHttpRequest', cookie: 'rpt_staff=staff-tok-1' },
      payload: { title: 'x' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.headers['cache-control']).toBe('no-store')
    const noHeader = await bff.inject({ method: 'DELETE', url: '/staff-api/reports/r-1', headers: { origin: 'http://site.test' } })
    expect(noHeader.statusCode).toBe(403)
    expect(stub.seen.length).toBe(before)
  })

  it('answers 404 for a path the contract does not list', async () => {
    const before = stub.seen.length
    expect((await bff.inject({ url: '/staff-api/secrets' })).statusCode).toBe(404)
    expect((await bff.inject({ method: 'POST', url: '/staff-api/reports/r-1', headers: fromSite, payload: {} })).statusCode).toBe(404)
    expect(stub.seen.length).toBe(before)
  })

  it('limits sign-ins per staff name', async () => {
    const limited = await buildBff({ CORE_API_URL: stub.url, RATE_LIMIT_STAFF_LOGIN_ACCOUNT_MAX: 2 })
    try {
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/staff-api/login',
          headers: fromSite,
          payload: { name: 'wrong', password: 'pw', totp: '123456' },
        })
      expect((await attempt()).statusCode).toBe(401)
      expect((await attempt()).statusCode).toBe(401)
      const refused = await attempt()
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['cache-control']).toBe('no-store')
    } finally {
      await limited.close()
    }
  })
})

describe("a member's own credentials", () => {
  it('are proxied, and the calls that ask the current password again count against the sign-in budget of the address', async () => {
    const limited = await buildBff({ CORE_API_URL: stub.url, RATE_LIMIT_STAFF_LOGIN_MAX: 2 })
    try {
      const headers = { ...fromSite, cookie: 'rpt_staff=staff-tok-1' }
      const change = () =>
        limited.inject({
          method: 'POST',
          url: '/staff-api/me/password',
          headers,
          payload: { currentPassword: 'guess', newPassword: 'a long new password' },
        })
      const first = await change()
      expect(first.statusCode).toBe(400)
      expect(body(first)).toMatchObject({ code: 300009 })
      expect(stub.seen.at(-1)).toMatchObject({ url: '/staff/me/password', headers: { authorization: 'Bearer staff-tok-1' } })
      expect((await change()).statusCode).toBe(400)
      const refused = await change()
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['cache-control']).toBe('no-store')
      // Starting a second factor asks no password: it is not counted.
      for (let i = 0; i < 3; i++) {
        const started = await limited.inject({ method: 'POST', url: '/staff-api/me/second-factor', headers, payload: {} })
        expect(started.statusCode).toBe(200)
      }
    } finally {
      await limited.close()
    }
  })
})

describe('uploads', () => {
  let upstream: Server
  let site: FastifyInstance
  let received = 0
  let seenHeaders: Record<string, unknown> = {}

  beforeAll(async () => {
    // An upstream that counts the bytes it is sent and keeps none of them.
    upstream = createServer((req, res) => {
      seenHeaders = { ...req.headers }
      received = 0
      req.on('data', (chunk: Buffer) => (received += chunk.length))
      req.on('end', () => {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify(envelope({ bytes: received })))
      })
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    site = await buildBff({ CORE_API_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` })
    await site.listen({ host: '127.0.0.1', port: 0 })
  })

  afterAll(async () => {
    await site?.close()
    await new Promise((resolve) => upstream?.close(resolve))
  })

  function put(path: string, type: string, size: number, chunk = 64 * 1024): Promise<{ status: number; body: string }> {
    const address = site.server.address() as AddressInfo
    // One chunk sent again and again: the test's own garbage must not look like the proxy's.
    const bytes = Buffer.alloc(chunk, 0x25)
    let sent = 0
    const source = new Readable({
      read() {
        if (sent >= size) return this.push(null)
        const n = Math.min(chunk, size - sent)
        sent += n
        this.push(n === chunk ? bytes : bytes.subarray(0, n))
      },
    })
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: address.port,
          method: 'PUT',
          path,
          headers: { ...fromSite, cookie: 'rpt_staff=staff-tok-1', 'content-type': type, 'content-length': size },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (part: string) => (text += part))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        },
      )
      req.on('error', reject)
      source.pipe(req)
    })
  }

  it('streams 100 MB through without holding it', async () => {
    const size = 100 * 1024 * 1024
    global.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
    const res = await put('/staff-api/reports/r-1/files/zh/full', 'application/pdf', size)
    clearInterval(sampler)
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body).data).toEqual({ bytes: size })
    expect(seenHeaders).toMatchObject({ authorization: 'Bearer staff-tok-1', 'content-type': 'application/pdf' })
    // Buffered, the body alone would add 100 MB (twice that as a string); streamed, a few chunks.
    expect(peak - before).toBeLessThan(size / 2)
  }, 60_000)

  it('passes Word files and multipart bodies as they are', async () => {
    for (const type of [
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await put('/staff-api/reports/r-1/files/en/sample', type, 300 * 1024)
      expect(res.status).toBe(200)
      expect(JSON.parse(res.body).data).toEqual({ bytes: 300 * 1024 })
      expect(seenHeaders['content-type']).toBe(type)
    }
  })

  it('refuses a body over 500 MB by its length, before reading it', async () => {
    const res = await bff.inject({
      method: 'PUT',
      url: '/staff-api/reports/r-1/files/zh/full',
      headers: { ...fromSite, 'content-type': 'application/pdf', 'content-length': String(501 * 1024 * 1024) },
      payload: 'x',
    })
    expect(res.statusCode).toBe(413)
  })
})
