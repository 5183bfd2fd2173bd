import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBff } from '../helpers/build-app.ts'
import { freePort } from '../helpers/core-process.ts'

const INDEX =
  '<!doctype html><html lang="zh-CN"><head><title>x</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>'

let bff: FastifyInstance

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'rpt-dist-'))
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), INDEX)
  // The console is the client's: it needs no core API to be served.
  bff = await buildBff({ CLIENT_DIST_DIR: dist, CORE_API_URL: `http://127.0.0.1:${await freePort()}` })
})

afterAll(() => bff?.close())

describe('the staff console page', () => {
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
