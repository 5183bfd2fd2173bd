// The benchmark suite: npm run bench [-- --reports 100000] [--data-dir DIR] [--duration 10] [--no-build] [--no-seed] [--no-browser] [--lighthouse-runs 3] [--tool wrk|autocannon]
//
// Starts the built stack on a fresh DATA_DIR holding the synthetic catalogue,
// measures it with load from separate wrk (or autocannon) processes on loopback, prints
// a table against the budgets, and writes bench/results.json. Compare numbers
// within one run: they are relative to this machine and its load.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, mkdtemp, writeFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { lighthousePages, runLighthouse, TARGETS } from './lighthouse.ts'

const root = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    reports: { type: 'string', default: '100000' },
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '10' },
    'no-build': { type: 'boolean', default: false },
    // Reuse a --data-dir seeded by an earlier run as it is: reseeding 100,000 reports takes many minutes.
    'no-seed': { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    // Lighthouse runs per page; each figure is the median of them.
    'lighthouse-runs': { type: 'string', default: '3' },
    // wrk (the default where installed) or autocannon
    tool: { type: 'string' },
  },
})
const duration = Number(values.duration)
const lighthouseRuns = Number(values['lighthouse-runs'])
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1) throw new Error(`--lighthouse-runs is a whole number of at least 1, not ${values['lighthouse-runs']}`)
const AUTOCANNON = path.join(root, 'node_modules/.bin/autocannon')
const children: ChildProcess[] = []

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, options: { quiet?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', options.quiet ? 'pipe' : 'inherit'] })
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => { out += chunk.toString() })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${out.slice(-2000)}`))))
  })
}

function start(name: string, entry: string | string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, Array.isArray(entry) ? entry : [entry], { cwd: root, env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
  child.on('exit', (code, signal) => { if (!stopping) console.error(`[bench] ${name} exited (${signal ?? code})`) })
  children.push(child)
  return child
}

let stopping = false
async function stopAll() {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))))
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function waitFor(url: string, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch { /* not yet */ }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer`)
}

interface Load {
  requests: { average: number }
  latency: { p50: number; p90: number; p95: number; p97_5: number; p99: number; average: number }
  non2xx: number
  errors: number
}

/**
 * The load generator: wrk where it is installed (apt-get install -y wrk), as
 * it measures latency to the microsecond and spends little of the two cores
 * it shares with the servers; autocannon otherwise, whose latencies are whole
 * milliseconds, too coarse for a ratio of a few milliseconds.
 */
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((candidate) => existsSync(candidate))
if (values.tool !== undefined && values.tool !== 'wrk' && values.tool !== 'autocannon') throw new Error(`--tool is wrk or autocannon, not ${values.tool}`)
if (values.tool === 'wrk' && !WRK) throw new Error('--tool wrk: wrk is not installed (apt-get install -y wrk)')
const loadTool = values.tool === 'autocannon' || !WRK ? 'autocannon' : 'wrk'
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
// Said at once, not after minutes of load.
if (!values['no-browser'] && !existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH), or run with --no-browser`)
/** wrk's scripts (method, body, headers) */
const scratch = await mkdtemp(path.join(tmpdir(), 'rpt-bench-load-'))

interface LoadOptions { connections: number; method?: string; body?: string; headers?: Record<string, string> }

/** One load process: a short warm-up, then the measured run. */
async function load(url: string, options: LoadOptions): Promise<Load> {
  return loadTool === 'wrk' ? wrkLoad(url, options) : autocannonLoad(url, options)
}

async function autocannonLoad(url: string, options: LoadOptions): Promise<Load> {
  const args = (seconds: number) => [
    '--json', '-c', String(options.connections), '-d', String(seconds), '-m', options.method ?? 'GET',
    ...Object.entries(options.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    ...(options.body ? ['-b', options.body] : []),
    url,
  ]
  await run(AUTOCANNON, args(2), {}, { quiet: true })
  const result = JSON.parse(await run(AUTOCANNON, args(duration), {}, { quiet: true })) as {
    requests: { average: number }; latency: Omit<Load['latency'], 'p95'>; non2xx: number; errors: number
  }
  // autocannon has no p95; it lies between its p90 and p97.5.
  const { p90, p97_5 } = result.latency
  return { ...result, latency: { ...result.latency, p95: p90 + (p97_5 - p90) * (5 / 7.5) } }
}

/** Lua long brackets carry bytes without escaping, save their own closing bracket, a leading newline (dropped) and carriage returns (rewritten). */
function luaString(value: string): string {
  if (value.includes(']==]') || value.startsWith('\n') || value.includes('\r')) throw new Error(`cannot pass ${JSON.stringify(value)} to wrk`)
  return `[==[${value}]==]`
}

async function wrkLoad(url: string, options: LoadOptions): Promise<Load> {
  const script = path.join(scratch, `load-${Math.random().toString(36).slice(2)}.lua`)
  await writeFile(script, [
    `wrk.method = ${luaString(options.method ?? 'GET')}`,
    ...(options.body ? [`wrk.body = ${luaString(options.body)}`] : []),
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`),
    // Latencies in microseconds, one JSON line after wrk's own report.
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'\\nRESULT {"requests":%d,"durationUs":%d,"non2xx":%d,"errors":%d,"p50":%d,"p90":%d,"p95":%d,"p97_5":%d,"p99":%d,"mean":%f}\\n\',',
    '    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,',
    '    latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(97.5), latency:percentile(99), latency.mean))',
    'end',
  ].join('\n'))
  // One thread: the load generator takes a share of one of the two cores, not both.
  const args = (seconds: number) => ['-t1', `-c${options.connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url]
  await run(WRK!, args(2), {}, { quiet: true })
  const output = await run(WRK!, args(duration), {}, { quiet: true })
  const line = /^RESULT (.*)$/m.exec(output)?.[1]
  if (!line) throw new Error(`wrk gave no result for ${url}:\n${output}`)
  const raw = JSON.parse(line) as Record<'requests' | 'durationUs' | 'non2xx' | 'errors' | 'p50' | 'p90' | 'p95' | 'p97_5' | 'p99' | 'mean', number>
  const ms = (us: number) => Math.round(us) / 1000
  return {
    requests: { average: raw.requests / (raw.durationUs / 1e6) },
    latency: { p50: ms(raw.p50), p90: ms(raw.p90), p95: ms(raw.p95), p97_5: ms(raw.p97_5), p99: ms(raw.p99), average: ms(raw.mean) },
    non2xx: raw.non2xx,
    errors: raw.errors,
  }
}

/** A run whose every answer was a success: a fast refusal (403, 429, 5xx) or a timeout must not pass for speed. Under wrk, non2xx counts statuses of 400 and above. */
const clean = (...loads: Load[]) => loads.every((result) => result.non2xx === 0 && result.errors === 0)

function rssMb(pid: number | undefined): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((text) => Number(/VmRSS:\s+(\d+)/.exec(text)?.[1] ?? 0) / 1024)
}

interface Row { what: string; measure: string; value: string; budget: string; pass: boolean | null }
const rows: Row[] = []
const results: Record<string, unknown> = { date: new Date().toISOString(), reports: Number(values.reports), loadTool }

try {
  if (!values['no-build']) {
    console.log('[bench] building')
    await run('npm', ['run', 'build'])
  }
  const dataDir = values['data-dir'] ?? (await mkdtemp(path.join(tmpdir(), 'rpt-bench-')))
  console.log(`[bench] catalogue of ${values.reports} reports per language in ${dataDir}`)
  console.log(`[bench] load from ${loadTool}${loadTool === 'autocannon' && !WRK ? ' (wrk is not installed: apt-get install -y wrk)' : ''}`)
  if (values['no-seed'] && values['data-dir']) console.log('[bench] reusing the catalogue as it is (--no-seed)')
  else await run('npx', ['tsx', 'core-api/src/db/seed-cli.ts', '--reports', String(values.reports), '--no-files'], { DATA_DIR: dataDir, CI: 'true' })

  const corePort = await freePort()
  const bffPort = await freePort()
  const core = start('core-api', 'core-api/dist/server.js', { DATA_DIR: dataDir, CORE_PORT: String(corePort), AUTO_SEED: 'false', RECONCILE_INTERVAL_SECONDS: '0' })
  const bff = start('bff', 'bff/dist/server.js', {
    PORT: String(bffPort), HOST: '127.0.0.1', CORE_API_URL: `http://127.0.0.1:${corePort}`, RATE_LIMIT_NOT_FOUND_MAX: '1000000',
  })
  const coreUrl = `http://127.0.0.1:${corePort}`
  const bffUrl = `http://127.0.0.1:${bffPort}`
  await waitFor(`${coreUrl}/health`)
  await waitFor(`${bffUrl}/bff/health`)
  const postHeaders = { 'content-type': 'application/json', 'x-requested-with': 'bench', origin: bffUrl }

  // 1. Cached aggregated home payload against a bare node:http server with the same bytes.
  const homeUrl = `${bffUrl}/bff/pages/home?lang=zh-CN`
  await fetch(homeUrl)
  const homeResponse = await fetch(homeUrl)
  const homeBytes = Buffer.from(await homeResponse.arrayBuffer())
  const bare = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': homeBytes.length }); res.end(homeBytes) })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`
  const viaBff = await load(homeUrl, { connections: 20 })
  const viaBare = await load(bareUrl, { connections: 20 })
  bare.close()
  const homeRatio = viaBff.requests.average / viaBare.requests.average
  results.home = { cache: homeResponse.headers.get('x-cache'), bff: viaBff.requests.average, bare: viaBare.requests.average, ratio: homeRatio }
  rows.push({ what: 'cached home payload (BFF vs bare node:http)', measure: 'req/s ratio', value: `${homeRatio.toFixed(2)} (${viaBff.requests.average.toFixed(0)} / ${viaBare.requests.average.toFixed(0)})`, budget: '≥ 0.6', pass: homeRatio >= 0.6 && clean(viaBff, viaBare) })

  // 2. Uncached report pageList through the BFF against the core API directly,
  // and through a bare node:http proxy: what any extra hop costs here, where the
  // load generator, both services and the database share two cores. The three
  // are measured in turn, three rounds, and each path keeps its median round,
  // so a drift of the machine during the run does not land on one path alone.
  const listBody = JSON.stringify({ lang: 'zh-CN', pageNo: 1, pageSize: 10 })
  const barePort = await freePort()
  start('bare proxy', ['--import', 'tsx', 'bench/bare-proxy.ts', coreUrl, String(barePort)], {})
  await waitFor(`http://127.0.0.1:${barePort}/health`)
  const listPaths = {
    bff: { url: `${bffUrl}/api/report/researchReport/pageList`, headers: postHeaders },
    direct: { url: `${coreUrl}/report/researchReport/pageList`, headers: { 'content-type': 'application/json' } },
    bare: { url: `http://127.0.0.1:${barePort}/api/report/researchReport/pageList`, headers: { 'content-type': 'application/json' } },
  }
  const rounds: Record<keyof typeof listPaths, Load[]> = { bff: [], direct: [], bare: [] }
  for (let round = 0; round < 3; round += 1) {
    for (const [name, target] of Object.entries(listPaths) as Array<[keyof typeof listPaths, (typeof listPaths)['bff']]>) {
      rounds[name].push(await load(target.url, { connections: 10, method: 'POST', body: listBody, headers: target.headers }))
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const latencyOf = (name: keyof typeof listPaths) => ({ p50: median(rounds[name].map((r) => r.latency.p50)), p99: median(rounds[name].map((r) => r.latency.p99)) })
  const [listBff, direct, listBare] = [latencyOf('bff'), latencyOf('direct'), latencyOf('bare')]
  const ratio = (a: { p50: number; p99: number }) => ({ p50: a.p50 / Math.max(direct.p50, 0.001), p99: a.p99 / Math.max(direct.p99, 0.001) })
  const overBff = ratio(listBff)
  const overBare = ratio(listBare)
  results.pageList = {
    rounds: Object.fromEntries(Object.entries(rounds).map(([name, list]) => [name, list.map((r) => ({ ...r.latency, rps: r.requests.average }))])),
    bff: listBff, direct, bareProxy: listBare, p50Ratio: overBff.p50, p99Ratio: overBff.p99, bareP50Ratio: overBare.p50, bareP99Ratio: overBare.p99,
  }
  rows.push({ what: 'uncached pageList (BFF vs core)', measure: 'p50 / p99 overhead', value: `${overBff.p50.toFixed(2)} / ${overBff.p99.toFixed(2)} (BFF ${listBff.p50} / ${listBff.p99} ms, core ${direct.p50} / ${direct.p99} ms)`, budget: '≤ 1.3', pass: overBff.p50 <= 1.3 && overBff.p99 <= 1.3 && clean(...rounds.bff, ...rounds.direct) })
  rows.push({ what: '  reference: bare node:http proxy vs core', measure: 'p50 / p99 overhead', value: `${overBare.p50.toFixed(2)} / ${overBare.p99.toFixed(2)} (bare ${listBare.p50} / ${listBare.p99} ms)`, budget: '—', pass: null })

  // 3. Keyword search at full catalogue size, one client at a time.
  results.search = {}
  for (const [label, lang, keyword] of [['2-character Chinese', 'zh-CN', '锂电'], ['4-character Chinese', 'zh-CN', '储能锂电'], ['English word', 'en-US', 'battery']] as const) {
    const result = await load(`${coreUrl}/report/researchReport/pageList`, { connections: 1, method: 'POST', body: JSON.stringify({ lang, keyword, pageNo: 1, pageSize: 10 }), headers: { 'content-type': 'application/json' } })
    const { p95 } = result.latency
    ;(results.search as Record<string, unknown>)[keyword] = { ...result.latency, p95 }
    rows.push({ what: `keyword search, ${label} (${keyword})`, measure: 'p95 latency', value: `${p95.toFixed(1)} ms`, budget: '≤ 50 ms', pass: p95 <= 50 && clean(result) })
  }

  // 4. Server-rendered report detail, as a crawler or a first visit asks for it
  // (the BFF keeps rendered report pages briefly: SSR_CACHE_TTL_MS).
  const detailUrl = `${bffUrl}/reports/smart-home-china-market-2026`
  const detailProbe = await fetch(detailUrl)
  const detailHtml = await detailProbe.text()
  const rendered = detailProbe.status === 200 && detailHtml.includes('application/ld+json')
  // As browsers and crawlers ask for it: compressed.
  const detail = await load(detailUrl, { connections: 20, headers: { 'accept-encoding': 'gzip, deflate, br' } })
  results.reportDetail = { status: detailProbe.status, rendered, cache: detailProbe.headers.get('x-cache'), rps: detail.requests.average, latency: detail.latency, non2xx: detail.non2xx }
  rows.push({
    what: 'server-rendered report detail', measure: 'p99 at 20 connections',
    value: `${detail.latency.p99} ms, ${detail.requests.average.toFixed(0)} req/s${rendered ? '' : ' (NOT server-rendered)'}`,
    budget: '≤ 100 ms', pass: rendered && clean(detail) && detail.latency.p99 <= 100,
  })

  // 5. JavaScript the home page loads before interaction: the scripts and
  // modulepreloads of the HTML the BFF serves for it.
  const html = await (await fetch(`${bffUrl}/`)).text()
  const scripts = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? m[2]!))]
  let jsGzip = 0
  for (const src of scripts) jsGzip += gzipSync(await readFile(path.join(root, 'client/dist', src.replace(/^\//, '')))).length
  results.javascript = { files: scripts, gzipBytes: jsGzip }
  rows.push({ what: 'client JavaScript before interaction', measure: 'gzip bytes', value: `${(jsGzip / 1024).toFixed(1)} KB`, budget: '≤ 120 KB', pass: jsGzip <= 120 * 1024 })

  // 6. Largest Contentful Paint with Lighthouse's mobile throttling.
  if (!values['no-browser']) {
    const { chromium } = await import('playwright-core')
    const lcpByPage: Record<string, number> = {}
    results.lcp = lcpByPage
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] })
    try {
      for (const [label, pagePath] of [['home', '/'], ['report list', '/report-industries']] as const) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await page.goto(`${bffUrl}${pagePath}`, { waitUntil: 'networkidle', timeout: 120_000 })
        const lcp = await page.evaluate(() => new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries()
            resolve(entries[entries.length - 1]!.startTime)
          }).observe({ type: 'largest-contentful-paint' as never, buffered: true })
        }))
        lcpByPage[label] = lcp
        rows.push({ what: `Largest Contentful Paint, ${label}`, measure: '4× CPU, 150 ms RTT, 1.6 Mbps', value: `${(lcp / 1000).toFixed(2)} s`, budget: '≤ 2.5 s', pass: lcp <= 2500 })
        await context.close()
      }
    } finally {
      await browser.close()
    }
  }

  // 7. Lighthouse's mobile profile on the six pages a first visit lands on:
  // the first paint (FCP), its score, and layout stability.
  if (!values['no-browser']) {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
    const pages = await lighthousePages(root, '/reports/smart-home-china-market-2026')
    console.log(`[bench] lighthouse, mobile profile, ${lighthouseRuns} run(s) per page`)
    const measured = await runLighthouse(CHROMIUM, bffUrl, pages, lighthouseRuns, (text) => console.log(text))
    results.lighthouse = { runsPerPage: lighthouseRuns, targets: TARGETS, pages: measured }
    for (const page of measured) {
      rows.push({
        what: `Lighthouse mobile, ${page.page}`,
        measure: 'score · FCP · LCP · TBT · CLS',
        value: `${page.score} · ${seconds(page.fcpMs)} · ${seconds(page.lcpMs)} · ${Math.round(page.tbtMs)} ms · ${page.cls.toFixed(3)}`,
        budget: `≥ ${TARGETS.score} · ≤ ${TARGETS.fcpMs / 1000} s · ≤ ${TARGETS.cls}`,
        pass: page.pass.score && page.pass.fcp && page.pass.cls,
      })
    }
  }

  // 8. Resident memory after the load runs.
  // The embedded database runs in a child process of the core API; it is
  // shown on its own row, as a PostgreSQL server's memory would be.
  const databasePids = (await readFile(`/proc/${core.pid}/task/${core.pid}/children`, 'utf8').catch(() => '')).trim().split(/\s+/).filter(Boolean).map(Number)
  const memory = { bff: await rssMb(bff.pid), core: await rssMb(core.pid), embeddedDatabase: (await Promise.all(databasePids.map((pid) => rssMb(pid)))).reduce((sum, mb) => sum + mb, 0) }
  results.memory = memory
  rows.push({ what: 'BFF resident memory', measure: 'RSS after load', value: `${memory.bff.toFixed(0)} MB`, budget: '≤ 250 MB', pass: memory.bff <= 250 })
  rows.push({ what: 'core API resident memory', measure: 'RSS after load', value: `${memory.core.toFixed(0)} MB`, budget: '≤ 250 MB', pass: memory.core <= 250 })
  if (databasePids.length > 0) rows.push({ what: 'embedded database process (PGlite)', measure: 'RSS after load', value: `${memory.embeddedDatabase.toFixed(0)} MB`, budget: '—', pass: null })

  if (!values['data-dir']) await rm(dataDir, { recursive: true, force: true })
} finally {
  await stopAll()
  await rm(scratch, { recursive: true, force: true })
}

const widths = [48, 30, 50, 24]
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 8)).join(' ')
console.log(`\n${line(['what', 'measure', 'value', 'budget'])} result`)
for (const row of rows) console.log(`${line([row.what, row.measure, row.value, row.budget])} ${row.pass === null ? '—' : row.pass ? 'PASS' : 'MISS'}`)
results.table = rows
await writeFile(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`)
console.log('\nwritten bench/results.json')
