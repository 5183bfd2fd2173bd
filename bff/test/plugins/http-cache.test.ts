import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import app, { fastifyOptions } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { etagMatches, sharedCacheControl } from '../../src/plugins/app/http-cache.ts'
import { SITE } from '../helpers/build-app.ts'

describe('validators', () => {
  it('compares ETags weakly, as If-None-Match asks', () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true)
    expect(etagMatches('"a"', 'W/"a"')).toBe(true)
    expect(etagMatches('W/"b", W/"a"', 'W/"a"')).toBe(true)
    expect(etagMatches('*', 'W/"a"')).toBe(true)
    expect(etagMatches('W/"b"', 'W/"a"')).toBe(false)
    expect(etagMatches('W/"ab"', 'W/"a"')).toBe(false)
    expect(etagMatches(undefined, 'W/"a"')).toBe(false)
    expect(etagMatches('', 'W/"a"')).toBe(false)
  })

  it('makes the shared Cache-Control from the two settings', () => {
    expect(sharedCacheControl({ HTTP_MAX_AGE_S: 10, HTTP_STALE_WHILE_REVALIDATE_S: 20 })).toBe(
      'public, max-age=10, stale-while-revalidate=20',
    )
    expect(sharedCacheControl({ HTTP_MAX_AGE_S: 10, HTTP_STALE_WHILE_REVALIDATE_S: 0 })).toBe('public, max-age=10')
    expect(sharedCacheControl({ HTTP_MAX_AGE_S: 0, HTTP_STALE_WHILE_REVALIDATE_S: 20 })).toBe('no-cache')
  })
})

describe('an answer that sets a cookie', () => {
  let bff: FastifyInstance
  beforeAll(async () => {
    const noClient = path.join(await mkdtemp(path.join(tmpdir(), 'rpt-bff-')), 'no-dist')
    const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUSTED_ORIGINS: SITE, CLIENT_DIST_DIR: noClient })
    bff = Fastify({ ...fastifyOptions(config), logger: false })
    await bff.register(app, { config })
    // A route added later that forgets the rule: the hook still applies it.
    bff.get('/test/public-with-cookie', async (request, reply) => {
      bff.session.setLocale(request, reply, 'en-US')
      return reply.header('cache-control', 'public, max-age=60').header('etag', 'W/"x"').send('hello')
    })
    await bff.ready()
  })
  afterAll(() => bff?.close())

  it('is never public, whatever the route said', async () => {
    const res = await bff.inject({ url: '/test/public-with-cookie' })
    expect(res.headers['set-cookie']).toBeDefined()
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers.etag).toBeUndefined()
    // The cookie already there: nothing set, the route's word stands.
    const returning = await bff.inject({ url: '/test/public-with-cookie', headers: { cookie: 'locale=en-US' } })
    expect(returning.headers['set-cookie']).toBeUndefined()
    expect(returning.headers['cache-control']).toBe('public, max-age=60')
  })
})
