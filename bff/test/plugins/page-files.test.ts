import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import app, { fastifyOptions } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { explicitLang } from '../../src/http/locale.ts'
import { EncodedBody, sendEncoded } from '../../src/lib/encoded-body.ts'
import { htmlFileName, pageFileName } from '../../src/lib/page-files.ts'
import { SITE } from '../helpers/build-app.ts'

describe('page file names', () => {
  it('names a payload with exactly ?lang= by page, edition and encoding', () => {
    expect(pageFileName('/bff/pages/home?lang=zh-CN', 'br')).toBe('home@lang=zh-CN.br')
    expect(pageFileName('/bff/pages/news?lang=en-US', 'identity')).toBe('news@lang=en-US.identity')
  })

  it('names nothing else: nginx would not look for it', () => {
    for (const url of [
      '/bff/pages/home',
      '/bff/pages/home?',
      '/bff/pages/home?lang=zh-CN&x=1',
      '/bff/pages/home?x=1&lang=zh-CN',
      '/bff/pages/home?lang=en',
      '/bff/pages/report?lang=zh-CN&webTitle=x',
      '/bff/pages/../x?lang=zh-CN',
      '/bff/pages/Home?lang=zh-CN',
      '/en/reports?lang=en-US',
    ])
      expect(pageFileName(url, 'br'), url).toBeUndefined()
    expect(pageFileName('/bff/pages/home?lang=zh-CN', 'deflate')).toBeUndefined()
  })
})

describe('page file names of rendered pages', () => {
  it('names a page path without a query by the path and encoding', () => {
    expect(htmlFileName('/', 'br')).toBe('@page.br')
    expect(htmlFileName('/en', 'gzip')).toBe('en@page.gzip')
    expect(htmlFileName('/en/', 'identity')).toBe('en/@page.identity')
    expect(htmlFileName('/en/reports/solar-module_2026', 'br')).toBe('en/reports/solar-module_2026@page.br')
  })

  it('names nothing nginx would not look up, nor a path that is no page', () => {
    for (const url of [
      '/reports?page=2',
      '/reports?',
      '//reports',
      '/reports//x',
      '/reports/%41bc',
      '/reports/a.b',
      '/reports/../x',
      '/reports/中文',
      'reports',
      '/api/pageList',
      '/bff/pages/home',
      '/staff-api/me',
      '/assets/x',
    ])
      expect(htmlFileName(url, 'br'), url).toBeUndefined()
    expect(htmlFileName('/about', 'deflate')).toBeUndefined()
  })
})

describe('the page files plugin', () => {
  let bff: FastifyInstance
  let dir: string
  const pagesDir = () => path.join(dir, 'bff', 'pages')
  const files = async () => (await readdir(pagesDir())).sort()
  const body = JSON.stringify({ code: 200, msg: 'ok', data: { text: 'x'.repeat(2000) } })

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rpt-page-files-'))
    const noClient = path.join(dir, 'no-dist')
    const config = loadConfig(
      {},
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUSTED_ORIGINS: SITE, CLIENT_DIST_DIR: noClient, PAGE_FILES_DIR: dir },
    )
    bff = Fastify({ ...fastifyOptions(config), logger: false })
    await bff.register(app, { config })
    // A payload answered as the page routes answer theirs (routes/pages): shared with ?lang=, private without, personal with a session.
    const encoded = new EncodedBody(Buffer.from(body))
    bff.get('/bff/pages/probe', async (request, reply) => {
      const query = request.query as Record<string, string>
      if (query.setLocale) bff.session.setLocale(request, reply, 'en-US')
      if (query.fail) reply.status(503)
      // x-force-shared: a route that forgets the session; the plugin still looks for it itself.
      const policy =
        request.headers['x-force-shared'] !== undefined || (!bff.httpCache.personal(request) && explicitLang(request))
          ? 'shared'
          : bff.httpCache.personal(request)
            ? 'personal'
            : 'private'
      if (bff.httpCache.validate(request, reply, policy, encoded.etag)) return bff.httpCache.notModified(reply)
      return sendEncoded(request, reply, encoded, 'application/json; charset=utf-8')
    })
    // A page answered as routes/client answers a rendered one: offered unless personal; the locale cookie set
    // when asked (x-set-locale), the page's tags as x-tags says (a page path has no query for these).
    const page = new EncodedBody(Buffer.from(`<!doctype html><html><body>${'page '.repeat(400)}</body></html>`))
    bff.get('/probe-page/*', async (request, reply) => {
      const header = (name: string) => request.headers[name] as string | undefined
      const cookieSet = header('x-set-locale') ? bff.session.setLocale(request, reply, 'en-US') : false
      const policy = bff.httpCache.personal(request) ? 'personal' : cookieSet ? 'private' : 'shared'
      const tags = header('x-tags')?.split(',')
      if (policy !== 'personal' && !header('x-not-offered')) bff.pageFiles!.offer(request, tags)
      if (bff.httpCache.validate(request, reply, policy, page.etag)) return bff.httpCache.notModified(reply)
      return sendEncoded(request, reply, page, 'text/html; charset=utf-8')
    })
    await bff.ready()
  })
  afterAll(() => bff?.close())
  beforeEach(async () => {
    await bff.purger.run({ kind: 'all' })
    await bff.pageFiles!.settled()
  })

  const ask = async (url: string, headers: Record<string, string> = {}) => {
    const res = await bff.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } })
    await bff.pageFiles!.settled()
    return res
  }

  it('writes an anonymous shared payload as the bytes the BFF sent, by encoding', async () => {
    const res = await ask('/bff/pages/probe?lang=zh-CN')
    expect(res.headers['cache-control']).toMatch(/^public, max-age=/)
    expect(res.headers['content-encoding']).toBe('br')
    await ask('/bff/pages/probe?lang=zh-CN', { 'accept-encoding': 'identity' })
    expect(await files()).toEqual(['probe@lang=zh-CN.br', 'probe@lang=zh-CN.identity'])
    const br = await readFile(path.join(pagesDir(), 'probe@lang=zh-CN.br'))
    expect(br.equals(res.rawPayload)).toBe(true)
    expect(brotliDecompressSync(br).toString()).toBe(body)
    expect(await readFile(path.join(pagesDir(), 'probe@lang=zh-CN.identity'), 'utf8')).toBe(body)
    // Nothing is left in the temporary folder.
    expect(await readdir(path.join(dir, '.tmp'))).toEqual([])
  })

  it('never writes a personal, private, cookie-setting or failed answer, nor a URL nginx would not look up', async () => {
    await ask('/bff/pages/probe?lang=zh-CN', { cookie: 'rpt_session=abc' })
    await ask('/bff/pages/probe?lang=zh-CN', { cookie: '__Host-rpt_session=abc' })
    await ask('/bff/pages/probe?lang=zh-CN', { authorization: 'Bearer x' })
    await ask('/bff/pages/probe?lang=zh-CN', { 'website-token': 'x' })
    const forgotten = await ask('/bff/pages/probe?lang=zh-CN', { cookie: 'rpt_session=abc', 'x-force-shared': '1' })
    expect(forgotten.headers['cache-control']).toMatch(/^public/)
    const cookieSet = await ask('/bff/pages/probe?lang=zh-CN&setLocale=1')
    expect(cookieSet.headers['set-cookie']).toBeDefined()
    await ask('/bff/pages/probe?lang=zh-CN&fail=1')
    // The edition from a cookie: private.
    await ask('/bff/pages/probe', { cookie: 'locale=en-US' })
    await ask('/bff/pages/probe?lang=zh-CN&x=1')
    await bff.inject({ method: 'HEAD', url: '/bff/pages/probe?lang=zh-CN' })
    await bff.pageFiles!.settled()
    expect(await files()).toEqual([])
  })

  it('removes every file on a purge, and an edition’s on a purge of that edition', async () => {
    await ask('/bff/pages/probe?lang=zh-CN')
    await ask('/bff/pages/probe?lang=en-US')
    await bff.purger.run({ kind: 'tags', tags: ['lang:en-US'] })
    expect(await files()).toEqual(['probe@lang=zh-CN.br'])
    await ask('/bff/pages/probe?lang=en-US')
    await bff.purger.run({ kind: 'tags', tags: ['report:some-report'] })
    expect(await files()).toEqual([])
    // Written again by the next answer, though its content did not change.
    await ask('/bff/pages/probe?lang=zh-CN')
    expect(await files()).toEqual(['probe@lang=zh-CN.br'])
  })

  it('sweeps a file once it is max-age old, and only then', async () => {
    await ask('/bff/pages/probe?lang=zh-CN')
    await ask('/bff/pages/probe?lang=en-US')
    const old = (Date.now() - bff.config.HTTP_MAX_AGE_S * 1000 - 1) / 1000
    await utimes(path.join(pagesDir(), 'probe@lang=en-US.br'), old, old)
    expect(await bff.pageFiles!.sweep()).toBe(1)
    expect(await files()).toEqual(['probe@lang=zh-CN.br'])
  })

  it('writes none while the shared Cache-Control differs from the one nginx was rendered with, and removes those there', async () => {
    await ask('/bff/pages/probe?lang=zh-CN')
    await bff.settings.change({ HTTP_MAX_AGE_S: 3 })
    try {
      await bff.pageFiles!.settled()
      expect(existsSync(path.join(pagesDir(), 'probe@lang=zh-CN.br'))).toBe(false)
      const res = await ask('/bff/pages/probe?lang=en-US')
      expect(res.headers['cache-control']).toMatch(/max-age=3/)
      expect(await files()).toEqual([])
    } finally {
      await bff.settings.change({ HTTP_MAX_AGE_S: null })
    }
    await ask('/bff/pages/probe?lang=en-US')
    expect(await files()).toEqual(['probe@lang=en-US.br'])
  })

  describe('rendered pages', () => {
    const pagesDir = () => path.join(dir, 'html')
    const pageFiles = async (): Promise<string[]> =>
      (await readdir(pagesDir(), { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(pagesDir(), path.join(entry.parentPath, entry.name)))
        .sort()

    it('writes an offered page by its path and encoding, also when its answer sets the locale cookie', async () => {
      const res = await ask('/probe-page/one')
      expect(res.headers['content-encoding']).toBe('br')
      const private_ = await ask('/probe-page/two', { 'accept-encoding': 'identity', 'x-set-locale': '1' })
      expect(private_.headers['cache-control']).toBe('private, no-cache')
      expect(private_.headers['set-cookie']).toBeDefined()
      // A query: nginx looks for no file.
      await ask('/probe-page/three?x=1')
      expect(await pageFiles()).toEqual(['probe-page/one@page.br', 'probe-page/two@page.identity'])
      expect((await readFile(path.join(pagesDir(), 'probe-page/one@page.br'))).equals(res.rawPayload)).toBe(true)
    })

    it('never writes a page not offered, a personal one, or one setting another cookie', async () => {
      await ask('/probe-page/one', { 'x-not-offered': '1' })
      await ask('/probe-page/one', { cookie: 'rpt_session=abc' })
      await ask('/probe-page/one', { authorization: 'Bearer x' })
      expect(await pageFiles()).toEqual([])
    })

    it('removes a page on a purge of what it shows, pages of unknown content on any purge, and every page on a purge of all', async () => {
      await ask('/probe-page/solar', { 'x-tags': 'report:solar,lang:zh-CN' })
      await ask('/probe-page/wind', { 'x-tags': 'report:wind,lang:zh-CN' })
      await ask('/probe-page/unknown')
      await bff.purger.run({ kind: 'tags', tags: ['report:solar'] })
      expect(await pageFiles()).toEqual(['probe-page/wind@page.br'])
      await bff.purger.run({ kind: 'tags', tags: ['lang:zh-CN'] })
      expect(await pageFiles()).toEqual([])
      await ask('/probe-page/wind', { 'x-tags': 'report:wind' })
      await bff.purger.run({ kind: 'cache', cache: 'ssr' })
      expect(await pageFiles()).toEqual([])
    })

    it('sweeps a page once it is max-age old, and only then', async () => {
      await ask('/probe-page/kept')
      expect(await bff.pageFiles!.sweep()).toBe(0)
      expect(await pageFiles()).toEqual(['probe-page/kept@page.br'])
      const maxAgeLater = Date.now() + bff.config.HTTP_MAX_AGE_S * 1000 + 1
      expect(await bff.pageFiles!.sweep(maxAgeLater)).toBe(1)
      expect(await pageFiles()).toEqual([])
    })
  })
})
