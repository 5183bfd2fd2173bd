// The benchmark suite: npm run bench [-- --reports 100000] [--data-dir DIR] [--duration 10] [--no-build] [--no-seed] [--no-browser] [--no-search-shapes] [--lighthouse-runs 3] [--tool wrk|autocannon] [--rounds 3] [--home-only] [--publishing-only] [--orders-export-only [--orders 100000]] [--invoice-pdf-only] [--stamping-only] [--statement-only] [--download-only]
//
// Starts the built stack on a fresh DATA_DIR holding the synthetic catalogue,
// measures it with load from separate wrk (or autocannon) processes on loopback, prints
// a table against the budgets, and writes bench/results.json. Compare numbers
// within one run: they are relative to this machine and its load.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, mkdtemp, writeFile, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseCli } from '../scripts/testkit/cli.ts'
import { gzipSync } from 'node:zlib'
import { lighthousePages, runLighthouse, TARGETS } from './lighthouse.ts'
import { NGINX, startNginx, startReferenceNginx, type NginxPeer } from './nginx-peer.ts'
import { searchShapeRows } from './search-shapes.ts'
import { freePort } from '../scripts/testkit/ports.ts'
import { waitFor } from './local-services.ts'
import { CORE_API_NODE_FLAGS } from '../core-api/src/platform/node-flags.ts'
import { BFF_NODE_FLAGS } from '../bff/src/node-flags.ts'
import { withAllocatorEnv } from '../server-kit/src/allocator-env.ts'
import { bankStatementRows } from './bank-statement.ts'
import { ordersExportRows } from './orders-export.ts'
import { invoicePdfRows } from './invoice-pdf.ts'
import { stampingRows } from './stamping.ts'
import { stampedDownloadRows } from './stamped-download.ts'
import { addBenchStaff, publishingRows } from './publishing.ts'
import { BENCH_SECRETS } from './secrets.ts'

const root = path.resolve(import.meta.dirname, '..')
const { values } = parseCli(
  {
    reports: { type: 'string', default: '100000' },
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '10' },
    'no-build': { type: 'boolean', default: false },
    // Reuse a --data-dir seeded by an earlier run as it is: reseeding 100,000 reports takes many minutes.
    'no-seed': { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    // Skip the search shapes' table (bench/search-shapes.ts; npm run bench:search runs it alone).
    'no-search-shapes': { type: 'boolean', default: false },
    // Lighthouse runs per page; each figure is the median of them.
    'lighthouse-runs': { type: 'string', default: '3' },
    // wrk (the default where installed) or autocannon
    tool: { type: 'string' },
    // Rounds of each side-by-side comparison; each path keeps its median round.
    rounds: { type: 'string', default: '3' },
    // The home payload's rows alone (section 1).
    'home-only': { type: 'boolean', default: false },
    // The publishing rows alone (bench/publishing.ts).
    'publishing-only': { type: 'boolean', default: false },
    // The orders export row alone (bench/orders-export.ts): the core API built alone, the fixtures and --orders orders seeded.
    'orders-export-only': { type: 'boolean', default: false },
    // The invoice PDF rows alone (bench/invoice-pdf.ts): rendered in this process, nothing built or started.
    'invoice-pdf-only': { type: 'boolean', default: false },
    // The stamping rows alone (bench/stamping.ts): a 300-page 20 MB PDF stamped in a child process, nothing built or started.
    'stamping-only': { type: 'boolean', default: false },
    orders: { type: 'string', default: '100000' },
    // The bank statement rows alone (bench/bank-statement.ts): the core API built alone, the fixtures and the awaited transfers seeded.
    'statement-only': { type: 'boolean', default: false },
    // The stamped download row alone (bench/stamped-download.ts): the core API built alone, a stamped 20 MB copy seeded.
    'download-only': { type: 'boolean', default: false },
  },
  'usage: npm run bench -- [--reports 100000] [--data-dir DIR] [--duration 10] [--no-build] [--no-seed] [--no-browser] [--no-search-shapes] [--lighthouse-runs 3] [--tool wrk|autocannon] [--rounds 3] [--home-only] [--publishing-only] [--orders-export-only [--orders 100000]] [--invoice-pdf-only] [--stamping-only] [--statement-only] [--download-only]',
)
const duration = Number(values.duration)
const roundCount = Number(values.rounds)
if (!Number.isInteger(roundCount) || roundCount < 1) throw new Error(`--rounds is a whole number of at least 1, not ${values.rounds}`)
const lighthouseRuns = Number(values['lighthouse-runs'])
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1)
  throw new Error(`--lighthouse-runs is a whole number of at least 1, not ${values['lighthouse-runs']}`)
const AUTOCANNON = path.join(root, 'node_modules/.bin/autocannon')
const children: ChildProcess[] = []

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, options: { quiet?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', options.quiet ? 'pipe' : 'inherit'],
    })
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${out.slice(-2000)}`)),
    )
  })
}

function start(name: string, entry: string | string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, Array.isArray(entry) ? entry : [entry], {
    cwd: root,
    // A production core API refuses the development keys.
    // As every launcher starts the servers: glibc's allocator settings (server-kit/src/allocator-env.ts).
    env: withAllocatorEnv({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...BENCH_SECRETS, ...env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[bench] ${name} exited (${signal ?? code})`)
  })
  children.push(child)
  return child
}

let stopping = false
async function stopAll() {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  await Promise.all(
    children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))),
  )
}

interface Load {
  requests: { average: number; total: number }
  /** CPU time (user + system) the measured servers spent per answer, in µs: what the other load on a shared machine inflates least */
  cpuUsPerRequest?: number
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
if (values.tool !== undefined && values.tool !== 'wrk' && values.tool !== 'autocannon')
  throw new Error(`--tool is wrk or autocannon, not ${values.tool}`)
if (values.tool === 'wrk' && !WRK) throw new Error('--tool wrk: wrk is not installed (apt-get install -y wrk)')
const loadTool = values.tool === 'autocannon' || !WRK ? 'autocannon' : 'wrk'
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
// Said at once, not after minutes of load.
if (!values['no-browser'] && !existsSync(CHROMIUM))
  throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH), or run with --no-browser`)
/** wrk's scripts (method, body, headers) */
const scratch = await mkdtemp(path.join(tmpdir(), 'rpt-bench-load-'))

interface LoadOptions {
  connections: number
  method?: string
  body?: string
  headers?: Record<string, string>
  /** The server processes whose CPU time per answer is reported (cpuUsPerRequest) */
  pids?: Array<number | undefined> | (() => Promise<number[]>)
}

const CLOCK_TICKS_PER_S = 100
/** User plus system CPU time of processes, in µs, from /proc/PID/stat (utime and stime are its 14th and 15th fields). */
async function cpuUs(pids: number[]): Promise<number> {
  let ticks = 0
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0)
  }
  return (ticks * 1e6) / CLOCK_TICKS_PER_S
}

/**
 * One load process: a short warm-up, then the measured run, with the CPU
 * time the measured servers spent on it. The load generator is a process of
 * its own (wrk, or autocannon's CLI), never a server's or this script's.
 */
async function load(url: string, options: LoadOptions): Promise<Load> {
  const pids = async () =>
    typeof options.pids === 'function' ? options.pids() : (options.pids ?? []).filter((pid): pid is number => pid !== undefined)
  const measure = async (run: () => Promise<Load>) => {
    const before = await cpuUs(await pids())
    const result = await run()
    const spent = (await cpuUs(await pids())) - before
    return options.pids && result.requests.total > 0 ? { ...result, cpuUsPerRequest: spent / result.requests.total } : result
  }
  return loadTool === 'wrk' ? wrkLoad(url, options, measure) : autocannonLoad(url, options, measure)
}

type Measure = (run: () => Promise<Load>) => Promise<Load>

async function autocannonLoad(url: string, options: LoadOptions, measure: Measure): Promise<Load> {
  const args = (seconds: number) => [
    '--json',
    '-c',
    String(options.connections),
    '-d',
    String(seconds),
    '-m',
    options.method ?? 'GET',
    ...Object.entries(options.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    ...(options.body ? ['-b', options.body] : []),
    url,
  ]
  await run(AUTOCANNON, args(2), {}, { quiet: true })
  return measure(async () => {
    const result = JSON.parse(await run(AUTOCANNON, args(duration), {}, { quiet: true })) as {
      requests: { average: number; total: number }
      latency: Omit<Load['latency'], 'p95'>
      non2xx: number
      errors: number
    }
    // autocannon has no p95; it lies between its p90 and p97.5.
    const { p90, p97_5 } = result.latency
    return { ...result, latency: { ...result.latency, p95: p90 + (p97_5 - p90) * (5 / 7.5) } }
  })
}

/** Lua long brackets carry bytes without escaping, save their own closing bracket, a leading newline (dropped) and carriage returns (rewritten). */
function luaString(value: string): string {
  if (value.includes(']==]') || value.startsWith('\n') || value.includes('\r'))
    throw new Error(`cannot pass ${JSON.stringify(value)} to wrk`)
  return `[==[${value}]==]`
}

async function wrkLoad(url: string, options: LoadOptions, measure: Measure): Promise<Load> {
  const script = path.join(scratch, `load-${Math.random().toString(36).slice(2)}.lua`)
  await writeFile(
    script,
    [
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
    ].join('\n'),
  )
  // One thread: the load generator takes a share of one of the two cores, not both.
  const args = (seconds: number) => ['-t1', `-c${options.connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url]
  await run(WRK!, args(2), {}, { quiet: true })
  return measure(async () => {
    const output = await run(WRK!, args(duration), {}, { quiet: true })
    const line = /^RESULT (.*)$/m.exec(output)?.[1]
    if (!line) throw new Error(`wrk gave no result for ${url}:\n${output}`)
    const raw = JSON.parse(line) as Record<
      'requests' | 'durationUs' | 'non2xx' | 'errors' | 'p50' | 'p90' | 'p95' | 'p97_5' | 'p99' | 'mean',
      number
    >
    const ms = (us: number) => Math.round(us) / 1000
    return {
      requests: { average: raw.requests / (raw.durationUs / 1e6), total: raw.requests },
      latency: { p50: ms(raw.p50), p90: ms(raw.p90), p95: ms(raw.p95), p97_5: ms(raw.p97_5), p99: ms(raw.p99), average: ms(raw.mean) },
      non2xx: raw.non2xx,
      errors: raw.errors,
    }
  })
}

/** One GET as it went over the wire: the raw header list and the body's bytes, not decompressed (fetch would). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.rawHeaders, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

/** A run whose every answer was a success: a fast refusal (403, 429, 5xx) or a timeout must not pass for speed. Under wrk, non2xx counts statuses of 400 and above. */
const clean = (...loads: Load[]) => loads.every((result) => result.non2xx === 0 && result.errors === 0)

/** The child processes of a process (the core API's embedded database). */
async function childPids(pid: number | undefined): Promise<number[]> {
  return (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')).trim().split(/\s+/).filter(Boolean).map(Number)
}

function rssMb(pid: number | undefined): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((text) => Number(/VmRSS:\s+(\d+)/.exec(text)?.[1] ?? 0) / 1024)
}

interface Row {
  what: string
  measure: string
  value: string
  budget: string
  pass: boolean | null
}
const rows: Row[] = []
/** Started by the bench, stopped with it */
let nginx: NginxPeer | undefined
/** The reference deployment's nginx (deploy/nginx's template, its shared cache included) */
let referenceNginx: NginxPeer | undefined
const results: Record<string, unknown> = { date: new Date().toISOString(), reports: Number(values.reports), loadTool }

// A label, so --publishing-only can leave once its rows are in (the finally still stops everything).
bench: try {
  // First, while nothing else runs: rendering one-page invoices (no server involved).
  if (!values['stamping-only']) rows.push(...(await invoicePdfRows(results)))
  if (values['invoice-pdf-only']) break bench
  // Then stamping a report PDF for an order (no server involved either).
  rows.push(...(await stampingRows(results)))
  if (values['stamping-only']) break bench
  const ordersOnly = values['orders-export-only']
  const statementOnly = values['statement-only']
  const downloadOnly = values['download-only']
  /** A row of the core API alone: no catalogue, no BFF */
  const coreOnly = ordersOnly || statementOnly || downloadOnly
  /** The bank statement rows run alone, and last in a whole run */
  const statementRows = statementOnly || !(values['home-only'] || values['publishing-only'] || ordersOnly || downloadOnly)
  /** The stamped download row: alone, or before the statement's in a whole run */
  const downloadRows = downloadOnly || (statementRows && !statementOnly)
  if (!values['no-build']) {
    console.log('[bench] building')
    await run('npm', coreOnly ? ['run', 'build', '-w', '@rpt/core-api'] : ['run', 'build'])
  }
  const dataDir = values['data-dir'] ?? (await mkdtemp(path.join(tmpdir(), 'rpt-bench-')))
  console.log(`[bench] catalogue of ${values.reports} reports per language in ${dataDir}`)
  console.log(`[bench] load from ${loadTool}${loadTool === 'autocannon' && !WRK ? ' (wrk is not installed: apt-get install -y wrk)' : ''}`)
  if (values['no-seed'] && values['data-dir']) console.log('[bench] reusing the catalogue as it is (--no-seed)')
  else
    await run('npx', ['tsx', 'core-api/src/cli/seed.ts', ...(coreOnly ? [] : ['--reports', String(values.reports)]), '--no-files'], {
      DATA_DIR: dataDir,
      CI: 'true',
    })
  if (ordersOnly) await run('npx', ['tsx', 'bench/orders-seed.ts', '--orders', values.orders], { DATA_DIR: dataDir })

  // The staff CLI needs the embedded database to itself: the editor is made before the core API starts.
  const editor = values['home-only'] ? undefined : await addBenchStaff(dataDir, coreOnly ? 'finance' : 'editor')
  // The awaited transfers a statement is matched against, and finance to import it (before the core API starts, as the staff CLI).
  if (statementRows) await run('npx', ['tsx', 'bench/transfers-seed.ts', '--transfers', '10000'], { DATA_DIR: dataDir })
  // The buyer, order and stamped copy the download row reads (before the core API starts, as the seeds above).
  if (downloadRows) await run('npx', ['tsx', 'bench/licences-seed.ts'], { DATA_DIR: dataDir })
  const finance = statementRows ? (statementOnly ? editor : await addBenchStaff(dataDir, 'finance')) : undefined
  const statement = () => bankStatementRows({ coreUrl, staff: finance!, transfers: 10_000, results })
  const corePort = await freePort()
  const coreUrl = `http://127.0.0.1:${corePort}`
  const core = start('core-api', [...CORE_API_NODE_FLAGS, 'core-api/dist/server.js'], {
    DATA_DIR: dataDir,
    CORE_PORT: String(corePort),
    AUTO_SEED: 'false',
    RECONCILE_INTERVAL_SECONDS: '0',
  })
  await waitFor(`${coreUrl}/health`)
  const publishing = () => publishingRows({ coreUrl, editor: editor!, reports: Number(values.reports), results })
  if (ordersOnly) {
    rows.push(...(await ordersExportRows({ coreUrl, staff: editor!, pid: core.pid!, orders: Number(values.orders), results })))
    if (!values['data-dir']) await rm(dataDir, { recursive: true, force: true })
    break bench
  }
  if (downloadOnly) {
    rows.push(...(await stampedDownloadRows({ coreUrl, results })))
    if (!values['data-dir']) await rm(dataDir, { recursive: true, force: true })
    break bench
  }
  if (statementOnly) {
    rows.push(...(await statement()))
    if (!values['data-dir']) await rm(dataDir, { recursive: true, force: true })
    break bench
  }
  if (values['publishing-only']) {
    rows.push(...(await publishing()))
    if (!values['data-dir']) await rm(dataDir, { recursive: true, force: true })
    break bench
  }
  // BFF instances: the measured one; a second alike, for two behind nginx; and
  // one with the rendered-page cache off, for the row that measures the
  // server render itself.
  const startBff = async (name: string, env: NodeJS.ProcessEnv = {}) => {
    const port = await freePort()
    const child = start(name, [...BFF_NODE_FLAGS, 'bff/dist/server.js'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      CORE_API_URL: coreUrl,
      RATE_LIMIT_NOT_FOUND_MAX: '1000000',
      ...env,
    })
    const url = `http://127.0.0.1:${port}`
    await waitFor(`${url}/bff/health`)
    return { child, url }
  }
  // The two behind the reference deployment's nginx write page files where it
  // reads them (docs/caching.md, "Page files"), as in deploy/nginx's template.
  // (Under the scratch folder, removed with it.)
  const pageFilesDir = path.join(scratch, 'page-files')
  const { child: bff, url: bffUrl } = await startBff('bff', { PAGE_FILES_DIR: pageFilesDir })
  const { child: bff2, url: bff2Url } = await startBff('bff (second)', { PAGE_FILES_DIR: pageFilesDir })
  const { child: bffPlain, url: bffPlainUrl } = await startBff('bff (no page cache)', { SSR_CACHE_TTL_MS: '0' })
  const postHeaders = { 'content-type': 'application/json', 'x-requested-with': 'bench', origin: bffUrl }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

  // 1. The cached home payload, side by side with the floor of serving the
  // same bytes: a bare node:http server and nginx (a static file), each in a
  // process of its own as the BFF is, each answering the exact bytes and
  // headers the BFF sent (compressed, as a browser asks for it). The load
  // asks as a browser's fetch does. Measured in turn, several rounds, each
  // keeping its median round, so a drift of the shared machine does not land
  // on one side alone. An in-process baseline or uncompressed answers made
  // the first round's ratio read high (see docs/benchmarks.md). The reference
  // deployment (deploy/nginx's template: nginx and its shared cache in front
  // of both BFFs) is measured against nginx serving those bytes as a file.
  const homePath = '/bff/pages/home?lang=zh-CN'
  const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' }
  for (const url of [bffUrl, bff2Url, bffPlainUrl]) for (let i = 0; i < 3; i += 1) await rawGet(`${url}${homePath}`, browserHeaders)
  const homeAnswer = await rawGet(`${bffUrl}${homePath}`, browserHeaders)
  if (homeAnswer.status !== 200) throw new Error(`the home payload answered ${homeAnswer.status}`)
  // Name, value, …: all but what a server writes per response.
  const homeHeaders: string[] = []
  for (let i = 0; i < homeAnswer.headers.length; i += 2) {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(homeAnswer.headers[i]!.toLowerCase()))
      homeHeaders.push(homeAnswer.headers[i]!, homeAnswer.headers[i + 1]!)
  }
  await writeFile(path.join(scratch, 'home.body'), homeAnswer.body)
  await writeFile(path.join(scratch, 'home.headers.json'), JSON.stringify(homeHeaders))
  const bareHomePort = await freePort()
  const bareHome = start(
    'bare node:http',
    [
      '--import',
      'tsx',
      'bench/bare-server.ts',
      path.join(scratch, 'home.body'),
      path.join(scratch, 'home.headers.json'),
      String(bareHomePort),
    ],
    {},
  )
  await waitFor(`http://127.0.0.1:${bareHomePort}/health`)
  const bareFastifyPort = await freePort()
  const bareFastify = start(
    'bare Fastify',
    [
      '--import',
      'tsx',
      'bench/bare-fastify.ts',
      path.join(scratch, 'home.body'),
      path.join(scratch, 'home.headers.json'),
      String(bareFastifyPort),
    ],
    {},
  )
  await waitFor(`http://127.0.0.1:${bareFastifyPort}/health`)
  const nginxPorts = {
    static: await freePort(),
    balancer: await freePort(),
    core: await freePort(),
    site: await freePort(),
    siteCore: await freePort(),
    siteStatic: await freePort(),
  }
  if (NGINX) {
    const headerObject: Record<string, string> = {}
    for (let i = 0; i < homeHeaders.length; i += 2) headerObject[homeHeaders[i]!.toLowerCase()] = homeHeaders[i + 1]!
    nginx = await startNginx({
      static: { port: nginxPorts.static, site: { body: homeAnswer.body, headers: headerObject } },
      balancer: { port: nginxPorts.balancer, upstreams: [bffUrl, bff2Url] },
      proxy: { port: nginxPorts.core, upstream: coreUrl, stripPrefix: '/api' },
    })
    // The peer must answer the same bytes, not a fast error page.
    const probe = await rawGet(`http://127.0.0.1:${nginxPorts.static}/payload`, browserHeaders)
    if (probe.status !== 200 || !probe.body.equals(homeAnswer.body))
      throw new Error(
        `nginx answered the payload with ${probe.status} and ${probe.body.length} bytes, not 200 and the BFF's ${homeAnswer.body.length}`,
      )
    const portOf = (url: string) => Number(new URL(url).port)
    referenceNginx = await startReferenceNginx(
      { site: nginxPorts.site, core: nginxPorts.siteCore, bffs: [portOf(bffUrl), portOf(bff2Url)], cores: [corePort] },
      { port: nginxPorts.siteStatic, site: { body: homeAnswer.body, headers: headerObject } },
      { dir: pageFilesDir, cacheControl: headerObject['cache-control'] },
    )
    const staticProbe = await rawGet(`http://127.0.0.1:${nginxPorts.siteStatic}/payload`, browserHeaders)
    if (staticProbe.status !== 200 || !staticProbe.body.equals(homeAnswer.body))
      throw new Error(`the reference deployment's static server answered ${staticProbe.status} and ${staticProbe.body.length} bytes`)
    // Likewise, and from its cache: the row measures what the deployment answers most.
    await rawGet(`http://127.0.0.1:${nginxPorts.site}${homePath}`, browserHeaders)
    const cached = await rawGet(`http://127.0.0.1:${nginxPorts.site}${homePath}`, browserHeaders)
    const cacheStatus = cached.headers[cached.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'x-cache-status') + 1]
    // From the page file the BFFs wrote (X-Cache-Status FILE), with every header the BFF sends but its ETag, X-Cache and Date.
    if (cached.status !== 200 || !cached.body.equals(homeAnswer.body) || cacheStatus !== 'FILE')
      throw new Error(
        `the reference deployment answered the payload with ${cached.status}, ${cached.body.length} bytes and X-Cache-Status ${cacheStatus}, not 200, the BFF's ${homeAnswer.body.length} and FILE`,
      )
    const cachedHeaders = new Map<string, string>()
    for (let i = 0; i < cached.headers.length; i += 2) cachedHeaders.set(cached.headers[i]!.toLowerCase(), cached.headers[i + 1]!)
    const missing = Object.entries(headerObject).filter(
      ([name, value]) => !['etag', 'x-cache'].includes(name) && cachedHeaders.get(name) !== value,
    )
    if (missing.length > 0)
      throw new Error(`the page file was answered without the BFF's ${missing.map(([name, value]) => `${name}: ${value}`).join(', ')}`)
  } else console.log('[bench] nginx is not installed (apt-get install -y nginx-light): its rows are left out and MISS')
  const homeTargets = {
    bff: { url: `${bffUrl}${homePath}`, pids: [bff.pid] },
    bare: { url: `http://127.0.0.1:${bareHomePort}${homePath}`, pids: [bareHome.pid] },
    fastify: { url: `http://127.0.0.1:${bareFastifyPort}${homePath}`, pids: [bareFastify.pid] },
    ...(nginx
      ? {
          nginx: { url: `http://127.0.0.1:${nginxPorts.static}/payload`, pids: () => nginx!.pids() },
          twoBehindNginx: {
            url: `http://127.0.0.1:${nginxPorts.balancer}${homePath}`,
            pids: async () => [...(await nginx!.pids()), bff.pid!, bff2.pid!],
          },
          reference: {
            url: `http://127.0.0.1:${nginxPorts.site}${homePath}`,
            pids: async () => [...(await referenceNginx!.pids()), bff.pid!, bff2.pid!],
          },
          // The same nginx, the same bytes from a file: the reference row's baseline.
          referenceStatic: { url: `http://127.0.0.1:${nginxPorts.siteStatic}/payload`, pids: async () => referenceNginx!.pids() },
        }
      : {}),
  }
  type HomeTarget = keyof typeof homeTargets
  const homeRounds: Partial<Record<HomeTarget, Load[]>> = {}
  for (let round = 0; round < roundCount; round += 1) {
    for (const [name, target] of Object.entries(homeTargets) as Array<[HomeTarget, (typeof homeTargets)['bff']]>) {
      ;(homeRounds[name] ??= []).push(await load(target.url, { connections: 20, headers: browserHeaders, pids: target.pids }))
    }
  }
  const homeRps = (name: HomeTarget) => (homeRounds[name] ? median(homeRounds[name].map((r) => r.requests.average)) : Number.NaN)
  const homeCpu = (name: HomeTarget) =>
    homeRounds[name] ? median(homeRounds[name].map((r) => r.cpuUsPerRequest ?? Number.NaN)) : Number.NaN
  const homeClean = (...names: HomeTarget[]) => names.every((name) => homeRounds[name] !== undefined && clean(...homeRounds[name]))
  const rps = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0))
  const us = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(0)} µs`)
  const homeRatio = homeRps('bff') / homeRps('bare')
  const nginxRatio = homeRps('bff') / homeRps('nginx')
  const balancerRatio = homeRps('twoBehindNginx') / homeRps('bff')
  const referenceRatio = homeRps('reference') / homeRps('referenceStatic')
  // Issue 48's row: the deployed path against a bare nginx (no access log, no open_file_cache) serving the same bytes.
  const deployedRatio = homeRps('reference') / homeRps('nginx')
  results.home = {
    cache: homeAnswer.headers[homeAnswer.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'x-cache') + 1],
    bytes: homeAnswer.body.length,
    requestHeaders: browserHeaders,
    rps: Object.fromEntries(Object.keys(homeTargets).map((name) => [name, homeRps(name as HomeTarget)])),
    cpuUsPerRequest: Object.fromEntries(Object.keys(homeTargets).map((name) => [name, homeCpu(name as HomeTarget)])),
    ratio: homeRatio,
    nginxRatio,
    balancerRatio,
    referenceRatio,
    deployedRatio,
    rounds: Object.fromEntries(
      Object.entries(homeRounds).map(([name, list]) => [
        name,
        list.map((r) => ({
          rps: r.requests.average,
          cpuUsPerRequest: r.cpuUsPerRequest,
          non2xx: r.non2xx,
          errors: r.errors,
          ...r.latency,
        })),
      ]),
    ),
  }
  /** Each round's ratio, in order: how far the median's rounds spread on a shared machine */
  const ratioRounds = (a: HomeTarget, b: HomeTarget) =>
    (homeRounds[a] ?? []).map((r, i) => (r.requests.average / (homeRounds[b]?.[i]?.requests.average ?? Number.NaN)).toFixed(2)).join(' ')
  // A run with an error status or a socket error fails its row: said in the row, with the count.
  const failures = (name: HomeTarget) => (homeRounds[name] ?? []).reduce((sum, r) => sum + r.non2xx + r.errors, 0)
  const cpuNote = (name: HomeTarget) =>
    `${rps(homeRps(name))} req/s, ${us(homeCpu(name))} CPU/req${failures(name) > 0 ? `, ${failures(name)} failed answers` : ''}`
  rows.push({
    what: "reference deployment (nginx + two BFFs, as deploy/nginx's template) ÷ nginx static (same bytes, same nginx)",
    measure: 'req/s ratio, home payload',
    value: nginx
      ? `${referenceRatio.toFixed(2)} (${cpuNote('reference')}, nginx and both BFFs; static ${cpuNote('referenceStatic')}; rounds ${ratioRounds('reference', 'referenceStatic')})`
      : 'nginx not installed',
    budget: '≥ 0.9',
    pass: nginx ? referenceRatio >= 0.9 && homeClean('reference', 'referenceStatic') : false,
  })
  rows.push({
    what: "deployed home payload (deploy/nginx's template serving the BFFs' page file) ÷ a bare nginx (same bytes)",
    measure: 'req/s ratio, rounds alternating',
    value: nginx
      ? `${deployedRatio.toFixed(2)} (bare: no access log, no open_file_cache, ${cpuNote('nginx')}; rounds ${ratioRounds('reference', 'nginx')})`
      : 'nginx not installed',
    budget: '≥ 0.9',
    pass: nginx ? deployedRatio >= 0.9 && homeClean('reference', 'nginx') : false,
  })
  rows.push({
    what: '  reference: nginx static, the reference deployment ÷ a bare nginx',
    measure: 'req/s ratio',
    value: nginx
      ? `${(homeRps('referenceStatic') / homeRps('nginx')).toFixed(2)} (bare: no access log, no open_file_cache; ${cpuNote('nginx')})`
      : 'nginx not installed',
    budget: '—',
    pass: null,
  })
  rows.push({
    what: 'cached home payload, one BFF ÷ bare node:http',
    measure: 'req/s ratio',
    value: `${homeRatio.toFixed(2)} (BFF ${cpuNote('bff')}; bare ${cpuNote('bare')})`,
    // Issue 48's goal: Fastify's pipeline alone reads 0.75–0.92 of node:http here.
    budget: '≥ 0.6',
    pass: homeRatio >= 0.6 && homeClean('bff', 'bare'),
  })
  rows.push({
    what: '  reference: bare Fastify (one route, no plugins) ÷ bare node:http',
    measure: 'req/s ratio',
    value: `${(homeRps('fastify') / homeRps('bare')).toFixed(2)} (${cpuNote('fastify')}): the pipeline's floor`,
    budget: '—',
    pass: null,
  })
  rows.push({
    what: '  reference: one BFF ÷ nginx static file',
    measure: 'req/s ratio',
    value: nginx ? `${nginxRatio.toFixed(2)}` : 'nginx not installed',
    budget: '—',
    pass: null,
  })
  rows.push({
    what: 'two BFF instances behind nginx ÷ one BFF',
    measure: 'req/s ratio, home payload',
    value: nginx ? `${balancerRatio.toFixed(2)} (${cpuNote('twoBehindNginx')}, nginx and both BFFs)` : 'nginx not installed',
    budget: 'report',
    pass: null,
  })

  // --home-only: the rows above alone (the rest takes many minutes).
  if (!values['home-only']) {
    // 2. Uncached report pageList through the BFF against the core API directly,
    // and through a bare node:http proxy and nginx as a plain proxy: what any
    // extra hop costs here, where the load generator, both services and the
    // database share two cores. Measured in turn, --rounds rounds, each path
    // keeping its median round, so a drift of the machine does not land on one
    // path alone.
    const listBody = JSON.stringify({ lang: 'zh-CN', pageNo: 1, pageSize: 10 })
    const barePort = await freePort()
    const bareProxy = start('bare proxy', ['--import', 'tsx', 'bench/bare-proxy.ts', coreUrl, String(barePort)], {})
    await waitFor(`http://127.0.0.1:${barePort}/health`)
    const corePids = async () => [core.pid!, ...(await childPids(core.pid))]
    const listPaths = {
      bff: { url: `${bffUrl}/api/report/researchReport/pageList`, headers: postHeaders, pids: [bff.pid!] },
      direct: { url: `${coreUrl}/report/researchReport/pageList`, headers: { 'content-type': 'application/json' }, pids: [] as number[] },
      bare: {
        url: `http://127.0.0.1:${barePort}/api/report/researchReport/pageList`,
        headers: { 'content-type': 'application/json' },
        pids: [bareProxy.pid!],
      },
      ...(nginx
        ? {
            nginx: {
              url: `http://127.0.0.1:${nginxPorts.core}/api/report/researchReport/pageList`,
              headers: { 'content-type': 'application/json' },
              pids: [] as number[],
            },
          }
        : {}),
    }
    type ListPath = keyof typeof listPaths
    const rounds: Partial<Record<ListPath, Load[]>> = {}
    const coreCpu: Partial<Record<ListPath, number[]>> = {}
    for (let round = 0; round < roundCount; round += 1) {
      for (const [name, target] of Object.entries(listPaths) as Array<[ListPath, (typeof listPaths)['bff']]>) {
        // The hop's own CPU per answer (the BFF, the bare proxy), and the core API's with its database, apart.
        const coreBefore = await cpuUs(await corePids())
        const result = await load(target.url, {
          connections: 10,
          method: 'POST',
          body: listBody,
          headers: target.headers,
          pids: target.pids,
        })
        ;(coreCpu[name] ??= []).push(((await cpuUs(await corePids())) - coreBefore) / Math.max(1, result.requests.total))
        ;(rounds[name] ??= []).push(result)
      }
    }
    const latencyOf = (name: ListPath) => ({
      p50: median(rounds[name]!.map((r) => r.latency.p50)),
      p99: median(rounds[name]!.map((r) => r.latency.p99)),
      rps: median(rounds[name]!.map((r) => r.requests.average)),
      cpuUsPerRequest: median(rounds[name]!.map((r) => r.cpuUsPerRequest ?? Number.NaN)),
    })
    const [listBff, direct, listBare] = [latencyOf('bff'), latencyOf('direct'), latencyOf('bare')]
    const listNginx = rounds.nginx ? latencyOf('nginx') : undefined
    const ratio = (a: { p50: number; p99: number }) => ({
      p50: a.p50 / Math.max(direct.p50, 0.001),
      p99: a.p99 / Math.max(direct.p99, 0.001),
    })
    const overBff = ratio(listBff)
    const overBare = ratio(listBare)
    results.pageList = {
      rounds: Object.fromEntries(
        Object.entries(rounds).map(([name, list]) => [
          name,
          list.map((r, i) => ({
            ...r.latency,
            rps: r.requests.average,
            cpuUsPerRequest: r.cpuUsPerRequest,
            coreCpuUsPerRequest: coreCpu[name as ListPath]![i],
            non2xx: r.non2xx,
            errors: r.errors,
          })),
        ]),
      ),
      bff: listBff,
      direct,
      bareProxy: listBare,
      nginx: listNginx,
      p50Ratio: overBff.p50,
      p99Ratio: overBff.p99,
      bareP50Ratio: overBare.p50,
      bareP99Ratio: overBare.p99,
    }
    rows.push({
      what: 'uncached pageList, BFF ÷ core API',
      measure: 'p50 / p99 ratio',
      value: `${overBff.p50.toFixed(2)} / ${overBff.p99.toFixed(2)} (BFF ${listBff.p50} / ${listBff.p99} ms, ${listBff.rps.toFixed(0)} req/s, ${us(listBff.cpuUsPerRequest)} CPU/req; core ${direct.p50} / ${direct.p99} ms, ${direct.rps.toFixed(0)} req/s)`,
      // Issue 48's goal is the median's (10 connections); the p99 is shown beside it.
      budget: 'p50 ≤ 1.3',
      pass: overBff.p50 <= 1.3 && clean(...rounds.bff!, ...rounds.direct!),
    })
    rows.push({
      what: '  reference: bare node:http proxy ÷ core API',
      measure: 'p50 / p99 ratio',
      value: `${overBare.p50.toFixed(2)} / ${overBare.p99.toFixed(2)} (bare ${listBare.p50} / ${listBare.p99} ms, ${listBare.rps.toFixed(0)} req/s, ${us(listBare.cpuUsPerRequest)} CPU/req)`,
      budget: '—',
      pass: null,
    })
    if (listNginx) {
      const overNginx = ratio(listNginx)
      rows.push({
        what: '  reference: nginx plain proxy ÷ core API',
        measure: 'p50 / p99 ratio',
        value: `${overNginx.p50.toFixed(2)} / ${overNginx.p99.toFixed(2)} (nginx ${listNginx.p50} / ${listNginx.p99} ms, ${listNginx.rps.toFixed(0)} req/s)`,
        budget: '—',
        pass: null,
      })
    }

    // 3. Keyword search at full catalogue size, one client at a time.
    results.search = {}
    for (const [label, lang, keyword] of [
      ['2-character Chinese', 'zh-CN', '锂电'],
      ['4-character Chinese', 'zh-CN', '储能锂电'],
      ['English word', 'en-US', 'battery'],
    ] as const) {
      const result = await load(`${coreUrl}/report/researchReport/pageList`, {
        connections: 1,
        method: 'POST',
        body: JSON.stringify({ lang, keyword, pageNo: 1, pageSize: 10 }),
        headers: { 'content-type': 'application/json' },
      })
      const { p95 } = result.latency
      ;(results.search as Record<string, unknown>)[keyword] = { ...result.latency, p95 }
      rows.push({
        what: `keyword search, ${label} (${keyword})`,
        measure: 'p95 latency',
        value: `${p95.toFixed(1)} ms`,
        budget: '≤ 15 ms',
        pass: p95 <= 15 && clean(result),
      })
    }

    // 3b. Every query shape of report search (the table of docs/search.md): p50/p95/p99 at
    // one connection, req/s at 8, and the mixed run of broad and selective.
    if (!values['no-search-shapes']) {
      const shapes: Record<string, unknown> = {}
      rows.push(
        ...(await searchShapeRows({
          coreUrl,
          reports: Number(values.reports),
          samples: 40,
          seconds: 2,
          shapeSeconds: 20,
          results: shapes,
        })),
      )
      results.searchShapes = shapes
    }

    // 4. Server-rendered report detail, as a crawler or a first visit asks for
    // it, rendered for every request: the BFF without its rendered-page cache
    // (SSR_CACHE_TTL_MS=0). The data caches stay on, as in production.
    const detailPath = '/reports/smart-home-china-market-2026'
    const detailProbe = await fetch(`${bffPlainUrl}${detailPath}`)
    const detailHtml = await detailProbe.text()
    const rendered = detailProbe.status === 200 && detailHtml.includes('application/ld+json')
    // As browsers and crawlers ask for it: compressed.
    const detail = await load(`${bffPlainUrl}${detailPath}`, {
      connections: 20,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      pids: [bffPlain.pid],
    })
    results.reportDetail = {
      status: detailProbe.status,
      rendered,
      cache: detailProbe.headers.get('x-cache'),
      rps: detail.requests.average,
      cpuUsPerRequest: detail.cpuUsPerRequest,
      latency: detail.latency,
      non2xx: detail.non2xx,
    }
    rows.push({
      what: 'SSR report page, uncached render',
      measure: 'p99 at 20 connections',
      value: `${detail.latency.p99} ms (p50 ${detail.latency.p50} ms), ${detail.requests.average.toFixed(0)} req/s, ${us(detail.cpuUsPerRequest ?? Number.NaN)} CPU/req${rendered ? '' : ' (NOT server-rendered)'}`,
      budget: '≤ 50 ms',
      pass: rendered && clean(detail) && detail.latency.p99 <= 50,
    })

    // 5. JavaScript a public page loads before interaction: the scripts and
    // modulepreloads of the HTML the BFF serves for it, gzip-compressed. The
    // row holds the heavier of the home page and the report list.
    const javascript: Record<string, { files: string[]; gzipBytes: number }> = {}
    for (const [label, pagePath] of [
      ['home', '/'],
      ['report list', '/report-industries'],
      ['report detail', detailPath],
    ] as const) {
      const html = await (await fetch(`${bffUrl}${pagePath}`)).text()
      const scripts = [
        ...new Set(
          [...html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? m[2]!),
        ),
      ]
      let gzipBytes = 0
      for (const src of scripts) gzipBytes += gzipSync(await readFile(path.join(root, 'client/dist', src.replace(/^\//, '')))).length
      javascript[label] = { files: scripts, gzipBytes }
    }
    results.javascript = javascript
    const heaviest = Math.max(...Object.values(javascript).map((page) => page.gzipBytes))
    rows.push({
      what: 'first-load JavaScript, public pages',
      measure: 'gzip bytes, the heaviest page',
      value: Object.entries(javascript)
        .map(([label, page]) => `${label} ${(page.gzipBytes / 1024).toFixed(1)} KB`)
        .join(', '),
      budget: '≤ 90 KB',
      pass: heaviest <= 90 * 1024,
    })

    // 6. Largest Contentful Paint with Lighthouse's mobile throttling.
    if (!values['no-browser']) {
      const { chromium } = await import('playwright-core')
      const lcpByPage: Record<string, number> = {}
      results.lcp = lcpByPage
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      })
      try {
        for (const [label, pagePath] of [
          ['home', '/'],
          ['report list', '/report-industries'],
        ] as const) {
          const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
          const page = await context.newPage()
          const cdp = await context.newCDPSession(page)
          await cdp.send('Network.enable')
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 150,
            downloadThroughput: (1.6 * 1024 * 1024) / 8,
            uploadThroughput: (750 * 1024) / 8,
          })
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
          await page.goto(`${bffUrl}${pagePath}`, { waitUntil: 'networkidle', timeout: 120_000 })
          const lcp = await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                new PerformanceObserver((list) => {
                  const entries = list.getEntries()
                  resolve(entries[entries.length - 1]!.startTime)
                }).observe({ type: 'largest-contentful-paint' as never, buffered: true })
              }),
          )
          lcpByPage[label] = lcp
          // A reference: Lighthouse's figure below is the budget's.
          rows.push({
            what: `  reference: LCP in Chromium, ${label}`,
            measure: '4× CPU, 150 ms RTT, 1.6 Mbps',
            value: `${(lcp / 1000).toFixed(2)} s`,
            budget: '—',
            pass: null,
          })
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
        // The LCP budget holds for the two pages most visits land on.
        if (page.page === 'home' || page.page === 'report list') {
          rows.push({
            what: `LCP, Lighthouse mobile, ${page.page}`,
            measure: `median of ${lighthouseRuns} run(s)`,
            value: seconds(page.lcpMs),
            budget: '≤ 1.5 s',
            pass: page.lcpMs <= 1500,
          })
        }
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
    const databasePids = await childPids(core.pid)
    const memory = {
      bff: await rssMb(bff.pid),
      core: await rssMb(core.pid),
      embeddedDatabase: (await Promise.all(databasePids.map((pid) => rssMb(pid)))).reduce((sum, mb) => sum + mb, 0),
    }
    results.memory = memory
    rows.push({
      what: 'BFF resident memory',
      measure: 'RSS after load',
      value: `${memory.bff.toFixed(0)} MB`,
      budget: '≤ 150 MB',
      pass: memory.bff <= 150,
    })
    rows.push({
      what: 'core API resident memory',
      measure: 'RSS after load',
      value: `${memory.core.toFixed(0)} MB`,
      budget: '≤ 150 MB',
      pass: memory.core <= 150,
    })
    if (databasePids.length > 0)
      rows.push({
        what: 'embedded database process (PGlite)',
        measure: 'RSS after load',
        value: `${memory.embeddedDatabase.toFixed(0)} MB`,
        budget: '≤ 250 MB',
        pass: memory.embeddedDatabase <= 250,
      })
    // 9. Publishing, last: its import adds reports to the catalogue.
    rows.push(...(await publishing()))
    // 10. A stamped copy's download, already made: its first byte.
    rows.push(...(await stampedDownloadRows({ coreUrl, results })))
    // 11. Bank transfers: a statement matched against the awaited transfers.
    rows.push(...(await statement()))
  }
  if (!values['data-dir']) await rm(dataDir, { recursive: true, force: true })
} finally {
  await nginx?.stop()
  await referenceNginx?.stop()
  await stopAll()
  await rm(scratch, { recursive: true, force: true })
}

const widths = [48, 30, 50, 24]
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 8)).join(' ')
console.log(`\n${line(['what', 'measure', 'value', 'budget'])} result`)
for (const row of rows)
  console.log(`${line([row.what, row.measure, row.value, row.budget])} ${row.pass === null ? '—' : row.pass ? 'PASS' : 'MISS'}`)
results.table = rows
const resultsFile = 'bench/results.json'
await writeFile(path.join(root, resultsFile), `${JSON.stringify(results, null, 2)}\n`)
console.log(`\nwritten ${resultsFile}`)
