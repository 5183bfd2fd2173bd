import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadFixtures } from '../../../scripts/testkit/load.ts'
import { CONTRACT_DIR } from '../../../scripts/testkit/sets.ts'
import { startStubCore, type StubCore } from '../../../scripts/testkit/stub.ts'
import { repoRoot } from '../../src/paths.ts'
import { body, buildBff, eventually, fromSite } from '../helpers/build-app.ts'
import { freePort } from '../helpers/core-process.ts'

// npm run stub-core: the core API's contract answered from the fixtures,
// with faults per route set from a file or through /__stub/faults.

let stub: StubCore
const fixtures = await loadFixtures([CONTRACT_DIR], { recursive: true })

beforeAll(async () => {
  stub = await startStubCore({ fixtures })
})
afterAll(() => stub?.close())

const call = async (method: 'GET' | 'POST', pathname: string, payload?: object) => {
  const response = await fetch(`${stub.url}${pathname}`, {
    method,
    headers: payload ? { 'content-type': 'application/json' } : {},
    body: payload ? JSON.stringify(payload) : undefined,
  })
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: any } }
}
const setFaults = (faults: object[]) => fetch(`${stub.url}/__stub/faults`, { method: 'PUT', body: JSON.stringify({ faults }) })

describe('answers', () => {
  it('each request with the exchange that matches it best: method, path, the query and a body subset', async () => {
    const en = await call('GET', '/basedata/carousel/listData?lang=en-US')
    expect(en.body.data[0].title).toBe('China New Energy Value Chain 2026')
    expect((await call('GET', '/basedata/carousel/listData?lang=zh-CN')).body.data[0].title).toBe('2026 中国新能源产业链全景研究')
    // Extra fields (a cache-buster) do not stop a match; the filter's values pick the filtered list.
    const filtered = await call('POST', '/report/researchReport/pageList', {
      pageNo: 1,
      pageSize: 5,
      lang: 'en-US',
      marketType: 'energy',
      queryPrice: 15001,
      queryKeyword: '',
      _: 1,
    })
    expect(filtered.body.data.pageList.pageSize).toBe(5)
    expect(filtered.body.data.pageList.list.every((r: { marketType: string }) => r.marketType === 'energy')).toBe(true)
    expect(stub.journal.at(-1)?.matched).toMatchObject({ fixture: 'report-page-list-filtered-en', exact: true })
  })

  it('what no fixture matches with the nearest exchange of its route, or the core API’s 404 for an unknown path', async () => {
    const page2 = await call('POST', '/report/researchReport/pageList', {
      pageNo: 2,
      pageSize: 10,
      lang: 'en-US',
      marketType: 'semiconductors',
    })
    expect(page2.body.code).toBe(200)
    expect(stub.journal.at(-1)?.matched?.exact).toBe(false)
    expect(await call('GET', '/report/noSuchThing?lang=en-US')).toEqual({
      status: 404,
      body: { code: 404, msg: 'The requested resource was not found.', data: null },
    })
    const strict = await startStubCore({ fixtures, strict: true })
    try {
      const response = await fetch(`${strict.url}/report/researchReport/pageList`, {
        method: 'POST',
        body: JSON.stringify({ pageNo: 2, lang: 'en-US' }),
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status).toBe(404)
    } finally {
      await strict.close()
    }
  })

  it('health checks, as a core API with no database', async () => {
    expect((await call('GET', '/health')).body).toEqual({ code: 200, msg: '操作成功', data: { status: 'ok', database: 'stub' } })
    expect((await call('GET', '/health/ready?lang=en-US')).body.data.status).toBe('ready')
  })
})

describe('faults', () => {
  afterAll(() => setFaults([]))

  it('a contract error code (HTTP 200) or an HTTP status, in the request’s language, per route', async () => {
    await setFaults([
      { route: 'GET /report/researchReport/hotReports', code: 900001 },
      { route: '/report/marketInfo/*', status: 503 },
    ])
    expect(await call('GET', '/report/researchReport/hotReports?lang=en-US')).toEqual({
      status: 200,
      body: { code: 900001, msg: 'System exception. Please try again later.', data: null },
    })
    expect(await call('POST', '/report/marketInfo/pageList', { lang: 'zh-CN' })).toEqual({
      status: 503,
      body: { code: 503, msg: '服务尚未就绪，请稍后再试', data: null },
    })
    expect((await call('GET', '/basedata/carousel/listData?lang=en-US')).body.code).toBe(200)
    expect(stub.journal.at(-2)?.fault).toBe('HTTP 503')
  })

  it('a delay, a timeout and a dropped connection', async () => {
    await setFaults([
      { route: '/basedata/home/mapData', delayMs: 300 },
      { route: '/basedata/carousel/*', timeout: true },
      { route: '/report/researchReport/*', drop: true },
    ])
    const started = performance.now()
    expect((await call('GET', '/basedata/home/mapData?lang=en-US')).body.code).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    await expect(fetch(`${stub.url}/basedata/carousel/listData`, { signal: AbortSignal.timeout(500) })).rejects.toThrow(/abort|timeout/i)
    await expect(fetch(`${stub.url}/report/researchReport/hotReports`)).rejects.toThrow('fetch failed')
  })

  it('one failure in N, and every route with "*" but the health checks', async () => {
    await setFaults([{ route: '*', code: 500, every: 3 }])
    const codes = []
    for (let i = 0; i < 6; i++) codes.push((await call('GET', '/basedata/carousel/listData?lang=en-US')).body.code)
    expect(codes).toEqual([200, 200, 500, 200, 200, 500])
    expect((await call('GET', '/health')).body.code).toBe(200)
  })

  it('are listed, added, refused when invalid, and cleared through the admin endpoint', async () => {
    await setFaults([])
    const added = await fetch(`${stub.url}/__stub/faults`, { method: 'POST', body: JSON.stringify({ route: '*', delayMs: 10 }) })
    expect(await added.json()).toEqual({ faults: [{ route: '*', delayMs: 10 }] })
    const refused = await fetch(`${stub.url}/__stub/faults`, {
      method: 'PUT',
      body: JSON.stringify({ faults: [{ route: '*', code: 500, drop: true }, { rout: 'x' }] }),
    })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { problems: string[] }).problems).toEqual(
      expect.arrayContaining(['/faults/1: must not have additional properties']),
    )
    await fetch(`${stub.url}/__stub/faults`, { method: 'DELETE' })
    expect(await (await fetch(`${stub.url}/__stub/faults`)).json()).toEqual({ faults: [] })
  })
})

describe('the BFF on the stub', () => {
  let bff: FastifyInstance
  beforeAll(async () => {
    bff = await buildBff({ CORE_API_URL: stub.url, UPSTREAM_TIMEOUT_MS: 500, CACHE_TTL_MAP_S: 1, CACHE_STALE_WHILE_REVALIDATE_S: 0 })
  })
  afterAll(async () => {
    await setFaults([])
    await bff?.close()
  })

  it('serves the pages’ payloads with no database, STALE once the core API fails, 5002 where nothing is cached, and recovers', async () => {
    for (const lang of ['zh-CN', 'en-US']) expect(body(await bff.inject({ url: `/bff/pages/home?lang=${lang}` })).code).toBe(200)
    const map = () => bff.inject({ url: '/api/basedata/home/mapData?lang=en-US' })
    // The home payload has loaded it already.
    expect((await map()).headers['x-cache']).toBe('HIT')
    await setFaults([{ route: '*', timeout: true }])
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const stale = await map()
    expect([stale.headers['x-cache'], body(stale).code]).toEqual(['STALE', 200])
    const list = await bff.inject({
      method: 'POST',
      url: '/api/report/researchReport/pageList',
      headers: { ...fromSite, cookie: 'locale=en-US' },
      payload: { pageNo: 1 },
    })
    expect(body(list)).toEqual({ code: 5002, msg: 'The service took too long to answer. Please try again later.', data: null })
    await setFaults([])
    expect(await eventually(async () => (await map()).headers['x-cache'] === 'MISS')).toBe(true)
  })
})

describe('npm run stub-core', () => {
  it('serves the fixtures with faults from a file, re-read when it changes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rpt-stub-'))
    const faults = path.join(dir, 'faults.json')
    await writeFile(faults, JSON.stringify({ faults: [{ route: 'GET /basedata/carousel/listData', code: 900001 }] }))
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/stub-core.ts', '--port', String(port), '--faults', faults], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const carousel = async () =>
      ((await (await fetch(`http://127.0.0.1:${port}/basedata/carousel/listData?lang=en-US`)).json()) as { code: number }).code
    try {
      // The banner and the faults line are two writes: a pipe may deliver them apart.
      expect(await eventually(async () => output.includes('stub core API on') && output.includes('faults:'), 500), output).toBe(true)
      expect(output).toMatch(/faults: GET \/basedata\/carousel\/listData → code 900001/)
      expect(await carousel()).toBe(900001)
      await writeFile(faults, JSON.stringify({ faults: [] }))
      expect(await eventually(async () => (await carousel()) === 200, 200)).toBe(true)
    } finally {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      await rm(dir, { recursive: true, force: true })
    }
  })
})
