// The publishing rows for npm run bench (--publishing-only runs them alone):
// a staff save (getReport → updateReport with its version) into the seeded
// catalogue, the 10,000-row import through importReports, and public pageList
// searches (keywords and facets) before and during that import. Everything
// goes through the core API's HTTP calls, as the console and scripts call it.
import { execFile } from 'node:child_process'
import { openAsBlob } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { generate } from 'otplib'
import { ReportEditionInput } from '../contract/src/staff-reports.ts'
import { writeSyntheticCsv } from '../core-api/src/modules/publishing/imports/synthetic.ts'
import { BENCH_SECRETS } from './secrets.ts'

export interface PublishingRow {
  what: string
  measure: string
  value: string
  budget: string
  pass: boolean | null
}

export interface BenchStaff {
  name: string
  password: string
  secret: string
}

const root = path.resolve(import.meta.dirname, '..')
const SAVE_BUDGET_MS = 200
const IMPORT_BUDGET_S = 60
const IMPORT_ROWS = 10_000
/** docs/search.md: every search shape's p95 at one connection */
const SEARCH_BUDGET_MS = 20

/**
 * A staff member (an editor, or finance for the orders export) made by `npm run staff -- add` itself (scripts/staff.ts). On the
 * embedded database the CLI needs the core API stopped (PGlite serves one
 * process), so this runs before the bench starts it.
 */
export async function addBenchStaff(dataDir: string, role: 'editor' | 'finance' = 'editor'): Promise<BenchStaff> {
  const name = `bench-${role}-${Date.now().toString(36)}`
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/staff.ts', 'add', name, '--role', role], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...BENCH_SECRETS },
  })
  const password = /^password: (.+)$/m.exec(stdout)?.[1]
  const uri = /^totp: (otpauth:\S+)$/m.exec(stdout)?.[1]
  const secret = uri ? new URL(uri).searchParams.get('secret') : null
  if (!password || !secret) throw new Error(`npm run staff -- add printed no password or TOTP secret:\n${stdout.slice(0, 500)}`)
  return { name, password, secret }
}

interface Envelope<T> {
  code: number
  msg?: string
  data: T
}

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init)
  const envelope = (await res.json()) as Envelope<T>
  if (!res.ok || envelope.code !== 200)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(envelope).slice(0, 300)}`)
  return envelope.data
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN
function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  return { n: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99) }
}
const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)} ms`

/** Public searches in turn, one at a time, until `stop()`: the latency of each, in ms. */
function searchLoop(coreUrl: string, bodies: object[]) {
  const latencies: number[] = []
  let errors = 0
  let running = true
  const done = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now()
      const res = await fetch(`${coreUrl}/report/researchReport/pageList`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(bodies[i % bodies.length]),
      })
      const envelope = (await res.json()) as Envelope<unknown>
      latencies.push(performance.now() - started)
      if (!res.ok || envelope.code !== 200) errors += 1
    }
  })()
  return {
    async stop() {
      running = false
      await done
      return { ...summary(latencies), errors }
    },
  }
}

/** Signs a bench staff account in (password and TOTP code): its bearer token. */
export async function staffToken(coreUrl: string, staff: BenchStaff): Promise<string> {
  const { token } = await call<{ token: string }>(`${coreUrl}/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: staff.name, password: staff.password, totp: await generate({ secret: staff.secret }) }),
  })
  return token
}

export async function publishingRows(options: {
  coreUrl: string
  editor: BenchStaff
  /** Reports per language in the catalogue, for the rows' names */
  reports: number
  /** Saves per pass: one pass one at a time, one with two in flight (each on reports of its own) */
  saves?: number
  /** Seconds of searches before the import, the baseline */
  baselineSeconds?: number
  results: Record<string, unknown>
}): Promise<PublishingRow[]> {
  const { coreUrl, editor, results } = options
  const saves = options.saves ?? 100
  const rows: PublishingRow[] = []
  const catalogue = `${options.reports.toLocaleString('en-US')} reports`

  const token = await staffToken(coreUrl, editor)
  const auth = { authorization: `Bearer ${token}` }

  // 1. Saves: reports of the seeded catalogue, from the staff list's later pages.
  const codes: string[] = []
  for (let pageNo = 5; codes.length < 2 * saves + 3; pageNo += 1) {
    const page = await call<{ list: { code: string }[] }>(`${coreUrl}/staff/reports?lang=zh-CN&pageNo=${pageNo}&pageSize=100`, {
      headers: auth,
    })
    if (page.list.length === 0) break
    codes.push(...page.list.map((item) => item.code))
  }
  if (codes.length === 0) throw new Error('the staff list answered no reports to save')
  const inputKeys = Object.keys(ReportEditionInput.properties)
  const getMs: number[] = []
  const saveMs: number[] = []
  const saveOne = async (code: string) => {
    let started = performance.now()
    const report = await call<{ version: number; editions: Record<string, Record<string, unknown>> }>(
      `${coreUrl}/staff/reports/${encodeURIComponent(code)}?lang=zh-CN`,
      { headers: auth },
    )
    getMs.push(performance.now() - started)
    // Each edition as an editor's form sends it back, with one field changed.
    const editions: Record<string, Record<string, unknown>> = {}
    for (const [lang, edition] of Object.entries(report.editions)) {
      const input = Object.fromEntries(Object.entries(edition).filter(([key]) => inputKeys.includes(key)))
      input.pages = ((edition.pages as number | null) ?? 100) + 1
      editions[lang] = input
    }
    started = performance.now()
    await call(`${coreUrl}/staff/reports/${encodeURIComponent(code)}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'zh-CN', version: report.version, editions }),
    })
    saveMs.push(performance.now() - started)
  }
  // A few unmeasured saves first: the first calls compile and fill caches.
  for (const code of codes.slice(0, 3)) await saveOne(code)
  let next = 3
  results.saves = {}
  for (const concurrency of [1, 2]) {
    getMs.length = 0
    saveMs.length = 0
    const end = next + saves
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < end) await saveOne(codes[next++ % codes.length]!)
      }),
    )
    const save = summary(saveMs)
    const get = summary(getMs)
    ;(results.saves as Record<string, unknown>)[concurrency] = { save, get }
    rows.push({
      what: `staff save (updateReport), ${catalogue}, ${concurrency === 1 ? 'one at a time' : `${concurrency} at once`}`,
      measure: 'p50 / p95 / p99',
      value: `${ms(save.p50)} / ${ms(save.p95)} / ${ms(save.p99)} (${save.n} saves; getReport p95 ${ms(get.p95)})`,
      budget: `p95 ≤ ${SAVE_BUDGET_MS} ms`,
      pass: save.p95 <= SAVE_BUDGET_MS,
    })
  }

  // 2. Searches before and during the import: keywords and facets, one at a time.
  const searches = [
    { lang: 'zh-CN', pageNo: 1, pageSize: 10, keyword: '锂电' },
    { lang: 'zh-CN', pageNo: 1, pageSize: 10, marketType: 'energy' },
    { lang: 'en-US', pageNo: 1, pageSize: 10, keyword: 'battery' },
    { lang: 'zh-CN', pageNo: 1, pageSize: 10, keyword: '储能锂电', marketType: 'energy', reportRegion: '0' },
    { lang: 'en-US', pageNo: 1, pageSize: 10, keyword: 'market', queryPrice: 15001 },
    { lang: 'zh-CN', pageNo: 1, pageSize: 10, keyword: '中国', sort: 'latest' },
  ]
  const baselineLoop = searchLoop(coreUrl, searches)
  await new Promise((resolve) => setTimeout(resolve, (options.baselineSeconds ?? 10) * 1000))
  const before = await baselineLoop.stop()

  const scratch = await mkdtemp(path.join(tmpdir(), 'rpt-bench-import-'))
  try {
    const sheet = path.join(scratch, 'reports.csv')
    // One prefix: a second run updates the same reports (the import is idempotent on the slug).
    await writeSyntheticCsv(sheet, { rows: IMPORT_ROWS, category: 'energy', prefix: 'bench' })
    const form = new FormData()
    form.append('file', await openAsBlob(sheet, { type: 'text/csv' }), 'reports.csv')
    const duringLoop = searchLoop(coreUrl, searches)
    const started = performance.now()
    let record = await call<{ id: string; status: string; done: number; created: number; updated: number; message: string | null }>(
      `${coreUrl}/staff/imports?lang=en-US`,
      { method: 'POST', headers: auth, body: form },
    )
    while (!['done', 'failed', 'invalid'].includes(record.status)) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      record = await call(`${coreUrl}/staff/imports/${record.id}?lang=en-US`, { headers: auth })
    }
    const seconds = (performance.now() - started) / 1000
    const during = await duringLoop.stop()
    results.import = { rows: IMPORT_ROWS, seconds, status: record.status, created: record.created, updated: record.updated }
    results.searchDuringImport = { before, during }
    rows.push({
      what: `import of ${IMPORT_ROWS.toLocaleString('en-US')} rows (importReports → done)`,
      measure: 'wall time',
      value:
        record.status === 'done'
          ? `${seconds.toFixed(1)} s (${record.created} created, ${record.updated} updated)`
          : `${record.status}: ${record.message ?? ''}`,
      budget: `≤ ${IMPORT_BUDGET_S} s`,
      pass: record.status === 'done' && seconds <= IMPORT_BUDGET_S,
    })
    rows.push({
      what: 'public search (pageList) during the import',
      measure: 'p50 / p95, before → during',
      value: `${ms(before.p50)} / ${ms(before.p95)} → ${ms(during.p50)} / ${ms(during.p95)} (${during.n} searches${during.errors ? `, ${during.errors} failed` : ''})`,
      budget: `p95 ≤ ${SEARCH_BUDGET_MS} ms`,
      pass: during.p95 <= SEARCH_BUDGET_MS && during.errors === 0 && before.errors === 0,
    })
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
  return rows
}
