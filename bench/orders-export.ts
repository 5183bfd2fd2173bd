// The orders export row for npm run bench (--orders-export-only runs it alone):
// the orders export (exportOrders) of the seeded 100,000 orders
// (bench/orders-seed.ts), as CSV and as XLSX, through the core API's HTTP
// call as the console downloads it, the body read to its end and dropped.
// It is timed, and the core API's resident memory sampled every 20 ms while
// it runs: streamed, its peak stays near where it started whatever the count.
import { readFile } from 'node:fs/promises'
import { staffToken, type BenchStaff, type PublishingRow } from './publishing.ts'

const EXPORT_BUDGET_S = 10

function rssMb(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((text) => Number(/VmRSS:\s+(\d+)/.exec(text)?.[1] ?? 0) / 1024)
}

/** One export read to its end: seconds, bytes, lines (CSV), and the core API's peak RSS meanwhile. */
async function timedExport(url: string, token: string, pid: number) {
  let peak = await rssMb(pid)
  const sampler = setInterval(() => void rssMb(pid).then((mb) => (peak = Math.max(peak, mb))), 20)
  const started = performance.now()
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    if (!res.ok || !res.body) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`)
    let bytes = 0
    let lines = 0
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength
      for (const byte of chunk) if (byte === 10) lines += 1
    }
    return { seconds: (performance.now() - started) / 1000, bytes, lines, peak: Math.max(peak, await rssMb(pid)) }
  } finally {
    clearInterval(sampler)
  }
}

export async function ordersExportRows(options: {
  coreUrl: string
  staff: BenchStaff
  /** The core API's process */
  pid: number
  orders: number
  results: Record<string, unknown>
}): Promise<PublishingRow[]> {
  const { coreUrl, pid, orders } = options
  const token = await staffToken(coreUrl, options.staff)
  const url = (format: string, query = '') => `${coreUrl}/staff/orders/export?lang=en-US&format=${format}${query}`
  // Unmeasured: the first calls compile the route and fill the caches.
  for (const format of ['csv', 'xlsx']) await timedExport(url(format, '&orderNo=BENCH00000'), token, pid)
  const rows: PublishingRow[] = []
  const measured: Record<string, unknown> = {}
  for (const format of ['csv', 'xlsx']) {
    const before = await rssMb(pid)
    const run = await timedExport(url(format), token, pid)
    const growth = run.peak - before
    measured[format] = { ...run, rssBeforeMb: before, rssGrowthMb: growth }
    const count = format === 'csv' ? `${(run.lines - 1).toLocaleString('en-US')} rows, ` : ''
    rows.push({
      what: `orders export: ${orders.toLocaleString('en-US')} orders streamed, ${format.toUpperCase()}`,
      measure: 'wall time; core API peak RSS growth',
      value: `${run.seconds.toFixed(1)} s (${count}${(run.bytes / 1e6).toFixed(1)} MB); +${growth.toFixed(0)} MB (${before.toFixed(0)} → ${run.peak.toFixed(0)} MB)`,
      budget: `≤ ${EXPORT_BUDGET_S} s`,
      pass: run.seconds <= EXPORT_BUDGET_S && (format !== 'csv' || run.lines - 1 >= orders),
    })
  }
  options.results.ordersExport = measured
  return rows
}
