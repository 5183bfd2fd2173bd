import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, buildBff, fromSite } from '../helpers/build-app.ts'
import { freePort, startCore, type CoreProcess } from '../helpers/core-process.ts'

// The core API crashes (SIGKILL) while the BFF is busy, and is started again
// on the same address. Throughout, every answer must be an envelope; cached
// calls keep answering (STALE once their TTL has passed); the rest fail
// fast with 5002 instead of hanging; and once the core API is back both
// kinds recover without touching the BFF.
let core: CoreProcess | undefined
let bff: FastifyInstance
let port = 0

const SHORT_TTL = {
  CACHE_TTL_DICT_S: 1,
  CACHE_TTL_CONFIG_S: 1,
  CACHE_TTL_CAROUSEL_S: 1,
  CACHE_TTL_MAP_S: 1,
  CACHE_TTL_HOT_REPORTS_S: 1,
  CACHE_TTL_CHOICENESS_S: 1,
  CACHE_TTL_CATEGORIES_S: 1,
  CACHE_TTL_LATEST_NEWS_S: 1,
  CACHE_STALE_WHILE_REVALIDATE_S: 0,
}

beforeAll(async () => {
  port = await freePort()
  core = await startCore({ seed: false, port })
  bff = await buildBff({ CORE_API_URL: core.url, UPSTREAM_TIMEOUT_MS: 3000, ...SHORT_TTL })
})
afterAll(async () => {
  await bff?.close()
  await core?.stop()
})

interface Call {
  name: string
  cached: boolean
  send(): Promise<LightMyRequestResponse>
}
const CALLS: Call[] = [
  { name: 'carousel', cached: true, send: () => bff.inject({ url: '/api/basedata/carousel/listData?lang=zh-CN' }) },
  { name: 'hotReports', cached: true, send: () => bff.inject({ url: '/api/report/researchReport/hotReports?lang=en-US' }) },
  { name: 'home page', cached: true, send: () => bff.inject({ url: '/bff/pages/home?lang=zh-CN' }) },
  {
    name: 'report list',
    cached: false,
    send: () => bff.inject({ method: 'POST', url: '/api/report/researchReport/pageList', headers: fromSite, payload: { pageSize: 5 } }),
  },
  { name: 'reports page', cached: false, send: () => bff.inject({ url: '/bff/pages/reports?lang=en-US' }) },
]

type Phase = 'up' | 'down' | 'back'
interface Sample {
  phase: Phase
  call: Call
  status: number
  cache: string | undefined
  ms: number
  code: number | undefined
}

describe('the core API killed under load', () => {
  it('keeps cached answers coming, fails the rest fast, and recovers when it returns', async () => {
    for (const call of CALLS) expect((await call.send()).statusCode, call.name).toBe(200)

    let phase: Phase = 'up'
    let running = true
    const samples: Sample[] = []
    const worker = async (offset: number) => {
      for (let i = offset; running; i++) {
        const call = CALLS[i % CALLS.length]!
        const at = phase
        const started = performance.now()
        const res = await call.send()
        let code: number | undefined
        try {
          const parsed = body(res)
          if (Object.keys(parsed).sort().join() === 'code,data,msg') code = parsed.code
        } catch {
          // not JSON: code stays undefined and the assertion below names it
        }
        samples.push({
          phase: at,
          call,
          status: res.statusCode,
          cache: res.headers['x-cache'] as string | undefined,
          ms: performance.now() - started,
          code,
        })
        // Pace the load so the core API's restart gets some of the two cores.
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
    const workers = Array.from({ length: 6 }, (_, i) => worker(i))

    await new Promise((resolve) => setTimeout(resolve, 500))
    await core!.kill()
    core = undefined
    phase = 'down'
    // Past every TTL, so cached answers can only come from stale-if-error.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    core = await startCore({ seed: false, port })
    phase = 'back'
    const recovered = (name: string) =>
      samples.some((s) => s.phase === 'back' && s.call.name === name && s.status === 200 && s.cache !== 'STALE')
    const deadline = Date.now() + 20_000
    while (!CALLS.every((call) => recovered(call.name)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    running = false
    await Promise.all(workers)

    const broken = samples.filter((s) => s.code === undefined || (s.status >= 500 && s.status !== 502 && s.status !== 504))
    expect(broken.map((s) => `${s.phase} ${s.call.name} ${s.status}`)).toEqual([])
    const down = samples.filter((s) => s.phase === 'down')
    expect(down.length).toBeGreaterThan(20)
    for (const s of down.filter((d) => d.call.cached)) expect([s.call.name, s.status], s.cache).toEqual([s.call.name, 200])
    expect(down.some((s) => s.call.cached && s.cache === 'STALE')).toBe(true)
    // The contract's server error, with HTTP 200 as the legacy backend answered it.
    const failed = down.filter((s) => !s.call.cached && s.code !== 200)
    expect(failed.length).toBeGreaterThan(5)
    for (const s of failed) expect([s.status, s.code]).toEqual([200, 5002])
    expect(Math.max(...failed.map((s) => s.ms))).toBeLessThan(2000)
    for (const call of CALLS) expect(recovered(call.name), call.name).toBe(true)

    const health = body(await bff.inject({ url: '/bff/health' }))
    expect(health.data).toMatchObject({ status: 'ok', core: 'up' })
  }, 150_000)
})
