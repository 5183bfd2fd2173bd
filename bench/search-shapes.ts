// The search benchmark over query shapes:
//
//   npm run bench:search -- --database-url postgres://127.0.0.1/search_100k [--reports 100000] [--seed]
//   npm run bench:search -- --data-dir DIR [--seed --reports 100000]      (the embedded PGlite)
//   npm run bench:search -- --core-url http://127.0.0.1:3001                (a core API already running)
//   --core-root DIR runs the core API of another checkout (before/after runs)
//   options: --samples 60 (requests per shape, one connection; --shape-seconds 30 caps the time one shape's samples take), --seconds 2 (8-connection throughput per shape),
//            --only broad (shapes whose name contains a word), --no-mixed, --json FILE
//
// Each shape of report/researchReport/pageList is sent one at a time for
// p50/p95/p99, then by 8 connections at once for throughput. A mixed run
// measures a selective search alone and again while 4 clients send broad and
// symbol searches, so one client's expensive shapes show on everyone else's.
// Goals: p95 ≤ 20 ms at 100,000 reports per language, ≤ 50 ms at 1,000,000.
// "first" is the shape's first request in this run: what a new catalogue
// version costs it (nothing kept for it yet), or a keyword never searched.
//
// bench/run.ts can call searchShapeRows({ coreUrl, reports }) against the
// core API it started; the rows have its Row shape.
import { spawn, type ChildProcess } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { parseCli } from '../scripts/testkit/cli.ts'
import { freePort } from '../scripts/testkit/ports.ts'
import { waitFor } from './local-services.ts'
import { BENCH_SECRETS } from './secrets.ts'

const USAGE = `usage: npm run bench:search -- --database-url URL | --data-dir DIR | --core-url URL [--reports 100000] [--seed] [--core-root DIR]
       [--samples 60] [--shape-seconds 30] [--seconds 2] [--only WORD] [--no-mixed] [--json FILE]`

export interface Row {
  what: string
  measure: string
  value: string
  budget: string
  pass: boolean | null
}

export interface SearchShapeOptions {
  /** A running core API, e.g. http://127.0.0.1:3001 */
  coreUrl: string
  /** Reports per language in its catalogue: picks the goal (≤ 100,000: 20 ms, above: 50 ms) */
  reports: number
  /** Requests per shape at one connection (default 60) */
  samples?: number
  /** Seconds of the 8-connection throughput run per shape (default 2; 0 skips it) */
  seconds?: number
  /** Seconds one shape's one-connection samples may take: past them (and 5 samples) it stops, so a 10-second shape does not take 10 minutes (default 30) */
  shapeSeconds?: number
  /** Only the shapes whose name contains this text */
  only?: string
  /** The mixed run (default true) */
  mixed?: boolean
  /** Progress lines (default console.log) */
  log?: (line: string) => void
  /** Filled with the raw figures per shape, for a results file */
  results?: Record<string, unknown>
}

interface Shape {
  name: string
  body: Record<string, unknown>
  lastPage?: boolean
}

interface Envelope {
  code: number
  msg: string
  data?: {
    pageList?: { count: number }
    categories?: { marketType: string; marketCount: number }[]
    publishDates?: { publishDateValue: string }[]
  }
}

/** The contract's largest pageNo (PageNoField) */
const MAX_PAGE_NO = 10_000

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

/** One POST with a kept-alive connection; answers the elapsed milliseconds, the HTTP status and the envelope. */
function post(url: string, body: Record<string, unknown>): Promise<{ ms: number; status: number; envelope: Envelope }> {
  const payload = Buffer.from(JSON.stringify(body))
  const started = process.hrtime.bigint()
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': payload.length } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6
          try {
            resolve({ ms, status: response.statusCode ?? 0, envelope: JSON.parse(Buffer.concat(chunks).toString()) as Envelope })
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          }
        })
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** The shapes: built from the catalogue's own categories and years, so every filter selects something. */
async function shapesFor(listUrl: string): Promise<Shape[]> {
  const probe = async (lang: string) => (await post(listUrl, { lang, pageNo: 1, pageSize: 1 })).envelope.data
  const zh = await probe('zh-CN')
  const en = await probe('en-US')
  const category = (data: typeof zh) => [...(data?.categories ?? [])].sort((a, b) => b.marketCount - a.marketCount)[0]?.marketType
  const year = (data: typeof zh) => data?.publishDates?.[1]?.publishDateValue ?? data?.publishDates?.[0]?.publishDateValue
  const zhFilters = { marketType: category(zh), reportRegion: '0', queryPrice: 12000, queryPublishDate: year(zh) }
  const enFilters = { marketType: category(en), reportRegion: '1', queryPrice: 15001, queryPublishDate: year(en) }
  const z = (body: Record<string, unknown>) => ({ lang: 'zh-CN', pageNo: 1, pageSize: 10, ...body })
  const e = (body: Record<string, unknown>) => ({ lang: 'en-US', pageNo: 1, pageSize: 10, ...body })
  return [
    { name: 'zh no keyword, page 1', body: z({}) },
    { name: 'en no keyword, page 1', body: e({}) },
    { name: 'zh no keyword, page 200', body: z({ pageNo: 200 }) },
    { name: 'zh no keyword, last page', body: z({}), lastPage: true },
    { name: 'zh no keyword, pageSize 100', body: z({ pageSize: 100 }) },
    { name: 'zh no keyword, price-asc', body: z({ sort: 'price-asc' }) },
    { name: 'zh no keyword, price-desc, last page', body: z({ sort: 'price-desc' }), lastPage: true },
    { name: 'zh no keyword, every filter', body: z(zhFilters) },
    { name: 'zh 1-char 车', body: z({ keyword: '车' }) },
    { name: 'zh 2-char selective 锂电', body: z({ keyword: '锂电' }) },
    { name: 'zh 4-char 储能锂电', body: z({ keyword: '储能锂电' }) },
    { name: 'zh long 动力锂电池行业', body: z({ keyword: '动力锂电池行业' }) },
    { name: 'zh long broad 深度调研及投资前景预测', body: z({ keyword: '深度调研及投资前景预测' }) },
    { name: 'zh absent 量子引力波', body: z({ keyword: '量子引力波' }) },
    { name: 'zh broad 中国', body: z({ keyword: '中国' }) },
    { name: 'zh broad 中国, queryKeyword', body: z({ queryKeyword: '中国' }) },
    { name: 'zh broad 报告, page 200', body: z({ keyword: '报告', pageNo: 200 }) },
    { name: 'zh broad 报告, last page', body: z({ keyword: '报告' }), lastPage: true },
    { name: 'zh broad 行业, pageSize 100', body: z({ keyword: '行业', pageSize: 100 }) },
    { name: 'zh broad 中国, latest', body: z({ keyword: '中国', sort: 'latest' }) },
    { name: 'zh broad 中国, price-asc', body: z({ keyword: '中国', sort: 'price-asc' }) },
    { name: 'zh broad 中国, price-desc', body: z({ keyword: '中国', sort: 'price-desc' }) },
    { name: 'zh broad 中国, every filter', body: z({ keyword: '中国', ...zhFilters }) },
    { name: 'zh 锂电, every filter', body: z({ keyword: '锂电', ...zhFilters }) },
    {
      name: 'zh 锂电, price range and dates',
      body: z({ keyword: '锂电', priceStr: 5000, priceEnd: 14000, publishDateStr: '2020-01-01', publishDateEnd: '2030-12-31' }),
    },
    { name: 'zh symbol %', body: z({ keyword: '%' }) },
    { name: 'zh symbol .', body: z({ keyword: '.' }) },
    { name: 'zh symbol _', body: z({ keyword: '_' }) },
    { name: 'zh punctuation ，', body: z({ keyword: '，' }) },
    { name: 'zh symbols %%', body: z({ keyword: '%%' }) },
    { name: 'zh symbols 100%', body: z({ keyword: '100%' }) },
    { name: 'en selective battery', body: e({ keyword: 'battery' }) },
    { name: 'en broad market', body: e({ keyword: 'market' }) },
    { name: 'en broad market, last page', body: e({ keyword: 'market' }), lastPage: true },
    { name: 'en broad market, price-desc, pageSize 100', body: e({ keyword: 'market', sort: 'price-desc', pageSize: 100 }) },
    { name: 'en absent zyxwvut', body: e({ keyword: 'zyxwvut' }) },
    { name: 'en 1-char e', body: e({ keyword: 'e' }) },
    { name: 'en symbol -', body: e({ keyword: '-' }) },
    { name: 'en market, every filter', body: e({ keyword: 'market', ...enFilters }) },
  ]
}

/** Sequential requests: latencies in ms, sorted, and how many were not a success envelope. */
async function sequential(url: string, body: Record<string, unknown>, samples: number, seconds = Infinity) {
  const times: number[] = []
  let failures = 0
  const deadline = Date.now() + seconds * 1000
  for (let i = 0; i < samples && (i < 5 || Date.now() < deadline); i++) {
    const { ms, status, envelope } = await post(url, body)
    if (status !== 200 || (envelope.code !== 200 && envelope.code !== 0)) failures++
    times.push(ms)
  }
  return { times: times.sort((a, b) => a - b), failures }
}

/** `connections` clients in a loop for `seconds`: requests per second, and the failures. */
async function concurrent(url: string, bodies: Record<string, unknown>[], connections: number, seconds: number) {
  const deadline = Date.now() + seconds * 1000
  let done = 0
  let failures = 0
  const times: number[] = []
  await Promise.all(
    Array.from({ length: connections }, async (_, client) => {
      while (Date.now() < deadline) {
        const { ms, status, envelope } = await post(url, bodies[client % bodies.length]!)
        if (status !== 200 || (envelope.code !== 200 && envelope.code !== 0)) failures++
        done++
        times.push(ms)
      }
    }),
  )
  return { rps: done / seconds, failures, times: times.sort((a, b) => a - b) }
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0))

export async function searchShapeRows(options: SearchShapeOptions): Promise<Row[]> {
  const log = options.log ?? ((line: string) => console.log(line))
  const samples = options.samples ?? 60
  const seconds = options.seconds ?? 2
  const goal = options.reports > 100_000 ? 50 : 20
  const listUrl = `${options.coreUrl.replace(/\/$/, '')}/report/researchReport/pageList`
  const rows: Row[] = []
  const raw = options.results ?? {}
  const shapes = (await shapesFor(listUrl)).filter((shape) => !options.only || shape.name.includes(options.only))
  for (const shape of shapes) {
    const body = { ...shape.body }
    if (shape.lastPage) {
      const count = (await post(listUrl, { ...body, pageNo: 1 })).envelope.data?.pageList?.count ?? 0
      // The last page a client can ask for: the contract takes pageNo up to 10,000.
      body.pageNo = Math.min(MAX_PAGE_NO, Math.max(1, Math.ceil(count / (body.pageSize as number))))
    }
    // A warm-up, so the first request's plan and cache misses do not count as the shape's.
    const first = await post(listUrl, body)
    for (let i = 0; i < 2; i++) await post(listUrl, body)
    const { times, failures } = await sequential(listUrl, body, samples, options.shapeSeconds ?? 30)
    const [p50, p95, p99] = [percentile(times, 50), percentile(times, 95), percentile(times, 99)]
    const load = seconds > 0 ? await concurrent(listUrl, [body], 8, seconds) : undefined
    const matches = first.envelope.data?.pageList?.count
    raw[shape.name] = {
      body,
      matches,
      firstMs: first.ms,
      samples: times.length,
      p50,
      p95,
      p99,
      rps8: load?.rps,
      failures: failures + (load?.failures ?? 0),
    }
    const label = `search: ${shape.name}${body.pageNo !== 1 ? ` (page ${String(body.pageNo)})` : ''}`
    log(
      `[bench:search] ${label.padEnd(62)} ${String(matches ?? '?').padStart(8)} matches  first ${fmt(first.ms).padStart(5)}  p50 ${fmt(p50).padStart(5)}  p95 ${fmt(p95).padStart(5)}  p99 ${fmt(p99).padStart(5)} ms${load ? `  ${load.rps.toFixed(0).padStart(5)} req/s @8` : ''}${failures + (load?.failures ?? 0) ? `  ${failures + (load?.failures ?? 0)} failed` : ''}`,
    )
    rows.push({
      what: label,
      measure: 'first; p50 / p95 / p99 (1 conn), req/s (8 conn)',
      value: `${fmt(first.ms)}; ${fmt(p50)} / ${fmt(p95)} / ${fmt(p99)} ms${load ? `, ${load.rps.toFixed(0)} req/s` : ''} (${matches ?? '?'} matches)`,
      budget: `p95 ≤ ${goal} ms`,
      pass: p95 <= goal && failures === 0,
    })
  }
  if (options.mixed ?? true) {
    // Mixed: one visitor's selective searches, alone, then while four others send broad, symbol and deep
    // shapes. Twice: as asked again (answers kept), and with a price floor of its own on every request, so
    // every request on both sides is a miss that reads the database (the worst case the cap is for).
    let n = 0
    const fresh = (body: Record<string, unknown>) => ({ ...body, priceStr: 1 + (n++ % 4000) })
    for (const cold of [false, true]) {
      const selective = (i: number) => {
        // Selective at 100,000 and at 1,000,000 reports alike (834 and 8,331 matches).
        const body = { lang: i % 2 ? 'en-US' : 'zh-CN', pageNo: 1, pageSize: 10, keyword: i % 2 ? 'smart home' : '动力锂电池行业' }
        return cold ? fresh(body) : body
      }
      const expensive = [
        { lang: 'zh-CN', pageNo: 1, pageSize: 10, keyword: '%' },
        { lang: 'zh-CN', pageNo: 200, pageSize: 10, keyword: '报告' },
        { lang: 'en-US', pageNo: 1, pageSize: 100, keyword: 'market', sort: 'price-desc' },
        { lang: 'zh-CN', pageNo: 9000, pageSize: 10, keyword: '中国' },
      ]
      // At least 10 s each, so the other clients' slow requests overlap the measured ones.
      const measure = async () => {
        const times: number[] = []
        let failures = 0
        const until = Date.now() + 10_000
        for (let i = 0; i < samples * 2 || Date.now() < until; i++) {
          const { ms, status, envelope } = await post(listUrl, selective(i))
          if (status !== 200 || envelope.code !== 200) failures++
          times.push(ms)
        }
        return { times: times.sort((a, b) => a - b), failures }
      }
      const alone = await measure()
      const deadline = Date.now() + 120_000
      let stop = false
      let noisy = 0
      let refused = 0
      const noise = Promise.all(
        expensive.map(async (body) => {
          while (!stop && Date.now() < deadline) {
            const { status } = await post(listUrl, cold ? fresh(body) : body)
            noisy++
            if (status !== 200) refused++
          }
        }),
      )
      const mixed = await measure()
      stop = true
      await noise
      const aloneP95 = percentile(alone.times, 95)
      const mixedP95 = percentile(mixed.times, 95)
      const label = cold ? 'every request a miss' : 'answers kept'
      raw[`mixed (${label})`] = {
        aloneP50: percentile(alone.times, 50),
        aloneP95,
        mixedP50: percentile(mixed.times, 50),
        mixedP95,
        noisyRequests: noisy,
        noisyRefused: refused,
        failures: mixed.failures + alone.failures,
      }
      log(
        `[bench:search] mixed, ${label}: selective 动力锂电池行业/smart home p95 alone ${fmt(aloneP95)} ms, beside 4 clients of broad/symbol/deep shapes ${fmt(mixedP95)} ms (${noisy} of theirs, ${refused} answered busy)${mixed.failures ? `, ${mixed.failures} selective failed` : ''}`,
      )
      rows.push({
        what: `search: mixed (${label}), selective 动力锂电池行业/smart home beside 4 clients of expensive shapes`,
        measure: 'p95 alone → mixed',
        value: `${fmt(aloneP95)} → ${fmt(mixedP95)} ms (${noisy} expensive requests, ${refused} answered busy)`,
        budget: `p95 ≤ ${goal} ms`,
        pass: mixedP95 <= goal && mixed.failures === 0,
      })
    }
  }
  return rows
}

// ---- standalone ----

const root = path.resolve(import.meta.dirname, '..')

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))))
  })
}

async function main() {
  const { values } = parseCli(
    {
      'core-url': { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      reports: { type: 'string', default: '100000' },
      seed: { type: 'boolean', default: false },
      samples: { type: 'string', default: '60' },
      'shape-seconds': { type: 'string', default: '30' },
      seconds: { type: 'string', default: '2' },
      only: { type: 'string' },
      'no-mixed': { type: 'boolean', default: false },
      json: { type: 'string' },
      // Another checkout's core API (e.g. an export of an earlier commit), for before/after runs
      'core-root': { type: 'string' },
    },
    USAGE,
  )
  const reports = Number(values.reports)
  let core: ChildProcess | undefined
  let coreUrl = values['core-url']
  if (!coreUrl) {
    const env: NodeJS.ProcessEnv = values['database-url']
      ? { DATABASE_URL: values['database-url'] }
      : { DATABASE_URL: '', DATA_DIR: values['data-dir'] ?? path.join(root, '.data') }
    if (values.seed)
      await run('npx', ['tsx', 'core-api/src/cli/seed.ts', '--reports', String(reports), '--no-files'], { ...env, CI: 'true' })
    const port = await freePort()
    const coreRoot = values['core-root'] ? path.resolve(values['core-root']) : root
    core = spawn(process.execPath, ['--import', 'tsx', path.join(coreRoot, 'core-api/src/server.ts')], {
      cwd: coreRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...BENCH_SECRETS,
        LOG_LEVEL: 'warn',
        AUTO_SEED: 'false',
        RECONCILE_INTERVAL_SECONDS: '0',
        CORE_PORT: String(port),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    coreUrl = `http://127.0.0.1:${port}`
    await waitFor(`${coreUrl}/health`)
  }
  const results: Record<string, unknown> = {}
  try {
    console.log(`[bench:search] ${coreUrl}, ${reports} reports per language`)
    const rows = await searchShapeRows({
      coreUrl,
      reports,
      samples: Number(values.samples),
      shapeSeconds: Number(values['shape-seconds']),
      seconds: Number(values.seconds),
      only: values.only,
      mixed: !values['no-mixed'],
      results,
    })
    console.log('')
    console.log('| shape | first; p50 / p95 / p99 (1 conn), req/s (8 conn) | goal | pass |')
    console.log('|---|---|---|---|')
    for (const row of rows)
      console.log(
        `| ${row.what.replace(/^search: /, '')} | ${row.value} | ${row.budget} | ${row.pass === null ? '—' : row.pass ? 'yes' : 'NO'} |`,
      )
    if (values.json) await writeFile(values.json, JSON.stringify({ date: new Date().toISOString(), reports, results }, null, 2))
  } finally {
    agent.destroy()
    if (core) {
      core.kill('SIGTERM')
      await new Promise((resolve) => (core.exitCode !== null ? resolve(null) : core.once('exit', resolve)))
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main()
}
