// The stamped download row of npm run bench (--download-only runs it alone):
// the first byte of downFile for a copy already stamped (bench/licences-seed.ts),
// as a buyer's browser asks for it through My Downloads. Each request checks
// the session, what the account holds and the daily limit, finds the copy and
// starts streaming it from the file store: the time to the first byte of the
// body, 300 requests one after another after 20 to warm up, as p50 and p95.
// The body is let go after its first bytes, as a browser's cancelled download:
// reading 20 MB in this process between requests would time its own garbage
// collection, not the core API.
import type { PublishingRow } from './publishing.ts'
import { BENCH_DOWNLOAD_ORDER, BENCH_DOWNLOAD_TOKEN } from './licences-seed.ts'

const BUDGET_P95_MS = 50
const WARM = 20
const MEASURED = 300

async function firstByte(url: string, orderId: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'website-token': BENCH_DOWNLOAD_TOKEN },
    body: JSON.stringify({ id: orderId }),
  })
  if (res.status !== 200 || !res.body || res.headers.get('content-type') !== 'application/pdf')
    throw new Error(`downFile answered ${res.status} ${res.headers.get('content-type')}: ${(await res.text()).slice(0, 200)}`)
  const reader = res.body.getReader()
  await reader.read()
  const elapsed = performance.now() - started
  await reader.cancel()
  return elapsed
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

export async function stampedDownloadRows(options: { coreUrl: string; results: Record<string, unknown> }): Promise<PublishingRow[]> {
  const list = await fetch(`${options.coreUrl}/report/websiteUserOrder/downList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'website-token': BENCH_DOWNLOAD_TOKEN },
    body: '{}',
  }).then((res) => res.json() as Promise<{ data?: { list?: Array<{ id: string; orderNo: string }> } }>)
  const order = list.data?.list?.find((item) => item.orderNo === BENCH_DOWNLOAD_ORDER)
  if (!order) throw new Error(`the bench order ${BENCH_DOWNLOAD_ORDER} is not in the buyer's downloads: was bench/licences-seed.ts run?`)
  const url = `${options.coreUrl}/report/websiteUserOrder/downFile`
  for (let i = 0; i < WARM; i++) await firstByte(url, order.id)
  const times: number[] = []
  for (let i = 0; i < MEASURED; i++) times.push(await firstByte(url, order.id))
  times.sort((a, b) => a - b)
  const p50 = percentile(times, 50)
  const p95 = percentile(times, 95)
  const p99 = percentile(times, 99)
  options.results.stampedDownload = { p50Ms: p50, p95Ms: p95, p99Ms: p99, requests: MEASURED }
  console.log(`[bench] stamped download first byte: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`)
  return [
    {
      what: 'stamped download, already made (downFile, 20 MB)',
      measure: 'first byte p95',
      value: `${p95.toFixed(1)} ms (p50 ${p50.toFixed(1)})`,
      budget: `≤ ${BUDGET_P95_MS} ms`,
      pass: p95 <= BUDGET_P95_MS,
    },
  ]
}
