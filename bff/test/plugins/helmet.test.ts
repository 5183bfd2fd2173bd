import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { securityHeaders } from '../../src/plugins/external/helmet.ts'
import { buildBff, fromSite } from '../helpers/build-app.ts'
import { startFixtureStub, type StubCore } from '../helpers/fixture-stub.ts'

let stub: StubCore
let bff: FastifyInstance

beforeAll(async () => {
  stub = await startFixtureStub()
  bff = await buildBff({ CORE_API_URL: stub.url })
})

afterAll(async () => {
  await bff?.close()
  await stub?.close()
})

describe('security headers', () => {
  it('are helmet’s, worked out once', () => {
    const { set, removed } = securityHeaders()
    const headers = Object.fromEntries(set)
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self' https:;frame-ancestors 'self';img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
    )
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
    })
    expect(headers['cross-origin-embedder-policy']).toBeUndefined()
    expect(removed).toContain('x-powered-by')
  })

  it('refuse options whose headers would differ per request', () => {
    const nonce = () => `'nonce-${randomBytes(8).toString('hex')}'`
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } })).toThrow(
      /computed per request/,
    )
    // Even one that would come out the same against a made-up request.
    const fromHost = (request: { headers: Record<string, string | undefined> }) => `https://${request.headers.host ?? 'example.com'}`
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { imgSrc: ["'self'", fromHost as never] } } })).toThrow(
      /computed per request/,
    )
  })

  it('come on every kind of answer, proxied, refused, malformed, unknown and HEAD', async () => {
    const answers = await Promise.all([
      bff.inject({ method: 'POST', url: '/api/report/researchReport/pageList', headers: fromSite, payload: {} }),
      bff.inject({ method: 'POST', url: '/api/report/researchReport/pageList', payload: {} }),
      bff.inject({
        method: 'POST',
        url: '/api/report/researchReport/pageList',
        headers: { ...fromSite, 'content-type': 'application/json' },
        payload: '{"pageNo":',
      }),
      bff.inject({ url: '/api/no/such/path' }),
      bff.inject({ url: '/bff/health' }),
      bff.inject({ method: 'HEAD', url: '/bff/health' }),
    ])
    expect(answers.map((res) => res.statusCode)).toEqual([200, 403, 200, 404, 200, 200])
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    }
  })
})
