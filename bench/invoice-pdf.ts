// The invoice PDF rows of npm run bench (--invoice-pdf-only runs them alone):
// one-page invoices rendered as the product renders them, in this process,
// one after another: the invoice sandbox's 数电票 (Chinese, the CJK font
// subset-embedded) and the English edition's commercial invoice. The first
// renders, which read the fonts and warm the code, are not measured.
import { renderCommercialInvoice } from '../core-api/src/modules/invoicing/index.ts'
import { renderInvoicePdf, type IssuedInvoice } from '../sandbox/src/index.ts'
import type { PublishingRow } from './publishing.ts'

const BUDGET_MS = 100
const WARMUP = 5

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function timed(count: number, render: (i: number) => Promise<Buffer>) {
  for (let i = 0; i < WARMUP; i++) await render(i)
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    bytes = (await render(i)).length
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, bytes }
}

const party = (name: string, taxNo: string) => ({
  name,
  taxNo,
  address: '深圳市南山区科技园科苑路 15 号',
  phone: '0755-12345678',
  bank: '招商银行深圳分行',
  account: '755912345610001',
})

function fapiao(i: number): IssuedInvoice {
  return {
    number: `2611${String(i).padStart(16, '0')}`,
    requestNo: `FPBENCH${i}`,
    colour: 'blue',
    type: '81',
    seller: party('恒智研究咨询有限公司', '91350100M000100Y43'),
    buyer: party(`示例科技有限公司第${i}分公司`, '914403001922038216'),
    lines: [{ item: `*现代服务*中国储能电池市场研究报告（专业版·企业许可）${i}`, net: 3_584_906, rate: 0.06, tax: 215_094 }],
    total: 3_800_000,
    note: `订单号 ZY2026${i}`,
    issuedAt: new Date(Date.UTC(2026, 11, 2, 2, 0, i % 60)).toISOString(),
    reversedBy: null,
    original: null,
    reason: null,
    fingerprint: '',
  }
}

export async function invoicePdfRows(results: Record<string, unknown>, count = 200): Promise<PublishingRow[]> {
  const chinese = await timed(count, (i) => renderInvoicePdf(fapiao(i)))
  const english = await timed(count, (i) =>
    renderCommercialInvoice({
      number: `INV-2026-${String(i).padStart(6, '0')}`,
      issuedAt: new Date(Date.UTC(2026, 11, 2)),
      seller: { name: 'Hengzhi Research Co., Ltd.', address: 'Floor 18, 1 Jianguomenwai Avenue, Beijing', taxNo: '91350100M000100Y43' },
      buyer: { name: `Acme Analytics Ltd ${i}`, address: '1 King St, London', taxNo: 'GB 123 4567 89' },
      orderNo: `ZY2026${i}`,
      line: 'Global Storage Battery Market Report — professional — enterprise',
      amount: 3_800_000,
      currency: 'USD',
      paidAt: new Date(Date.UTC(2026, 11, 1)),
    }),
  )
  results.invoicePdf = { count, chinese, english }
  const row = (what: string, run: typeof chinese): PublishingRow => ({
    what,
    measure: `p95 of ${count} renders (p50; size)`,
    value: `${run.p95.toFixed(1)} ms (${run.p50.toFixed(1)} ms; ${(run.bytes / 1024).toFixed(0)} KB)`,
    budget: `≤ ${BUDGET_MS} ms`,
    pass: run.p95 <= BUDGET_MS,
  })
  return [row('invoice PDF: one-page 数电票 (CJK subset)', chinese), row('invoice PDF: one-page commercial invoice', english)]
}
