// The stamping row of npm run bench (--stamping-only runs it alone): a
// 300-page, 20 MB report PDF (the tests' factory: text, a link and an
// outline entry per page, images of noise) stamped for an order, as the
// licensing service does before storing the copy. Timed and measured in a
// child process (bench/stamping-child.ts), so that the memory growth is the
// stamp's and not the factory's; the median of three stamps is the time.
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { bigPdf } from '../core-api/test/factories/big-pdf.ts'
import type { PublishingRow } from './publishing.ts'

const BUDGET_MS = 3000
const BUDGET_MB = 100
const PAGES = 300
const BYTES = 20_000_000

interface Measured {
  times: number[]
  sourceBytes: number
  stampedBytes: number
  rssBeforeMb: number
  rssGrowthMb: number
  heapGrowthMb: number
  peakFrom: string
}

function child(file: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'stamping-child.ts'), file, '3'],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let out = ''
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    proc.on('error', reject)
    proc.on('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? ''
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as Measured)
      else reject(new Error(`bench/stamping-child.ts exited ${code}\n${out.slice(-2000)}`))
    })
  })
}

export async function stampingRows(results: Record<string, unknown>): Promise<PublishingRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rpt-bench-stamp-'))
  try {
    const file = path.join(dir, 'big.pdf')
    await writeFile(file, await bigPdf({ pages: PAGES, targetBytes: BYTES }))
    const measured = await child(file)
    const sorted = [...measured.times].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]!
    results.stamping = { pages: PAGES, ...measured, medianMs: median }
    const mb = (bytes: number) => (bytes / 1e6).toFixed(1)
    return [
      {
        what: `stamp a ${PAGES}-page ${mb(measured.sourceBytes)} MB PDF`,
        measure: `median of ${sorted.length} (max; +${((measured.stampedBytes - measured.sourceBytes) / 1024).toFixed(0)} KB)`,
        value: `${median.toFixed(0)} ms (${sorted.at(-1)!.toFixed(0)} ms)`,
        budget: `≤ ${BUDGET_MS} ms`,
        pass: median <= BUDGET_MS,
      },
      {
        what: `stamp a ${PAGES}-page PDF: memory growth`,
        measure: `peak RSS over start (${measured.peakFrom}; heap)`,
        value: `${measured.rssGrowthMb.toFixed(0)} MB (${measured.heapGrowthMb.toFixed(0)} MB)`,
        budget: `≤ ${BUDGET_MB} MB`,
        pass: measured.rssGrowthMb <= BUDGET_MB,
      },
    ]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
