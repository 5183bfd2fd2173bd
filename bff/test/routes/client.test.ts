import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildBff, cookie } from '../helpers/build-app.ts'
import { freePort } from '../helpers/core-process.ts'

const INDEX =
  '<!doctype html><html lang="zh-CN"><head><script type="module" src="/assets/index-3f9a1c.js"></script></head><body><div id="root"></div></body></html>'
const SCRIPT = `console.log(${JSON.stringify('报告'.repeat(2000))})`
const PRECOMPRESSED = brotliCompressSync(SCRIPT)

let dist: string
let bff: FastifyInstance

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'rpt-dist-'))
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), INDEX)
  await writeFile(path.join(dist, 'assets', 'index-3f9a1c.js'), SCRIPT)
  // As the client build writes them: the script also as .br (a .gz only for another asset).
  await writeFile(path.join(dist, 'assets', 'framework-77ab12.js'), SCRIPT)
  await writeFile(path.join(dist, 'assets', 'framework-77ab12.js.br'), PRECOMPRESSED)
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\n')
  // Nothing listens there: the client must not depend on the core API.
  bff = await buildBff({ CLIENT_DIST_DIR: dist, CORE_API_URL: `http://127.0.0.1:${await freePort()}` })
})

afterAll(() => bff?.close())

describe('the built client', () => {
  it('answers index.html for page paths, never cached, in the Chinese edition', async () => {
    for (const url of ['/', '/report-industries/energy', '/reports/some-report?x=1']) {
      const res = await bff.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toBe(INDEX)
      expect(cookie(res, 'locale')).toMatchObject({ value: 'zh-CN', maxAge: 31_536_000, path: '/', sameSite: 'Lax' })
    }
  })

  it('serves the English edition under /en/', async () => {
    for (const url of ['/en', '/en/reports/some-report']) {
      const res = await bff.inject({ url })
      expect(res.body).toContain('<html lang="en-US">')
      expect(cookie(res, 'locale')?.value).toBe('en-US')
    }
  })

  it("sends the header's search to the edition's home when there is no server build to know the lists' paths", async () => {
    for (const [url, location] of [
      ['/search?type=reports&keyword=ai', '/'],
      ['/en/search?keyword=ai', '/en'],
    ]) {
      const res = await bff.inject({ url })
      expect(res.statusCode, url).toBe(303)
      expect(res.headers.location, url).toBe(location)
    }
  })

  it('serves hashed assets as immutable for a year, compressed', async () => {
    const res = await bff.inject({ url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(SCRIPT)
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it("sends the build's precompressed copy as it is, and compresses the file where there is none for the encoding", async () => {
    const br = await bff.inject({ url: '/assets/framework-77ab12.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(Buffer.compare(br.rawPayload, PRECOMPRESSED)).toBe(0)
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(SCRIPT)
    const gzip = await bff.inject({ url: '/assets/framework-77ab12.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(SCRIPT)
    const plain = await bff.inject({ url: '/assets/framework-77ab12.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)
  })

  it('answers 404, not index.html, for a missing asset or file', async () => {
    for (const url of ['/assets/index-old.js', '/missing.png']) {
      const res = await bff.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body).not.toContain('<html')
    }
  })

  it('serves root files copied from public/', async () => {
    const res = await bff.inject({ url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('User-agent: *\n')
  })

  it('keeps /api and /bff out of the fallback', async () => {
    for (const url of ['/api/unknown', '/bff/unknown']) {
      const res = await bff.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(body(res).code).toBe(404)
    }
  })

  it('sends the security headers', async () => {
    const res = await bff.inject({ url: '/' })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })
})

describe('without a client build', () => {
  it('serves the holding page so the product still starts', async () => {
    const bare = await buildBff({ CLIENT_DIST_DIR: path.join(dist, 'nothing-here') })
    try {
      const res = await bare.inject({ url: '/' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<html lang="zh-CN">')
      expect(res.body).toContain('/bff/health')
      expect((await bare.inject({ url: '/en/' })).body).toContain('<html lang="en-US">')
    } finally {
      await bare.close()
    }
  })
})
