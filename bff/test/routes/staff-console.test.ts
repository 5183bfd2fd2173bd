import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_COOKIE } from '../../src/proxy/staff-proxy.ts'
import { buildBff } from '../helpers/build-app.ts'
import { freePort } from '../helpers/core-process.ts'
import { buildClient } from '../ssr/client-build.ts'

const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>x</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>'
const TOKEN = 'a'.repeat(32)

describe('the staff console page without a server build', () => {
  let bff: FastifyInstance
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'rpt-dist-'))
    await mkdir(path.join(dist, 'assets'))
    await writeFile(path.join(dist, 'index.html'), INDEX)
    // The console is the client's: it needs no core API to be served.
    bff = await buildBff({ CLIENT_DIST_DIR: dist, CORE_API_URL: `http://127.0.0.1:${await freePort()}` })
  })
  afterAll(() => bff?.close())

  it('serves the client shell at /staff and below, noindex and never stored', async () => {
    for (const url of ['/staff', '/staff/', '/staff/reports/r-1?tab=prices', '/en/staff', '/en/staff/reports']) {
      const res = await bff.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['x-robots-tag']).toBe('noindex')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.body).toContain('<meta name="robots" content="noindex">')
      expect(res.body).toContain('<script type="module" src="/assets/index-1.js"></script>')
      // Client-rendered: the root stays empty.
      expect(res.body).toContain('<div id="root"></div>')
    }
  })

  it('leaves /staff-api paths to the staff API, and /staffing to the site', async () => {
    expect((await bff.inject({ url: '/staff-api/unknown' })).statusCode).toBe(404)
    const other = await bff.inject({ url: '/staffing' })
    expect(other.headers['x-robots-tag']).toBeUndefined()
  })
})

describe('the staff console page with the server build', () => {
  let bff: FastifyInstance
  beforeAll(async () => {
    const build = await buildClient()
    // No core API answers: the sign-in needs none of its data.
    bff = await buildBff({ CLIENT_DIST_DIR: build.dist, CORE_API_URL: `http://127.0.0.1:${await freePort()}` })
  }, 180_000)
  afterAll(async () => {
    await bff?.close()
  })

  it("renders the sign-in for a visitor without a staff session, in the edition's language, with only the sign-in's script", async () => {
    for (const [url, title, button] of [
      ['/staff', '登录员工后台', '登录'],
      ['/en/staff/reports', 'Sign in to the staff console', 'Sign in'],
    ] as const) {
      const res = await bff.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['x-robots-tag']).toBe('noindex')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.body).toContain('<meta name="robots" content="noindex">')
      expect(res.body).toContain(title)
      expect(res.body).toMatch(new RegExp(`<button type="submit"[^>]*>${button}</button>`))
      // Painted disabled: the form takes input once its script has hydrated it.
      expect(res.body).toMatch(/<fieldset class="sign-in-fields" disabled="">/)
      expect(res.body).toContain('autoComplete="one-time-code"')
      // The console's chunk is not among what the page preloads.
      expect(res.body).not.toMatch(/modulepreload[^>]+staff-page-/)
    }
  })

  it('leaves a visitor with a staff session to the client, which opens the console', async () => {
    const res = await bff.inject({ url: '/staff', cookies: { [STAFF_COOKIE]: TOKEN } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).not.toContain('sign-in-card')
  })
})
