// The bank statement row for npm run bench (--statement-only runs it alone):
// importBankStatement with a 10,000-line statement, as finance uploads it
// from the console (the raw body over HTTP), read, matched against the
// seeded awaited transfers (bench/transfers-seed.ts) and previewed. Half the
// lines match (a reference somewhere in the remark, the amount right); a
// quarter name no known reference, a quarter the wrong amount. Timed from
// the upload's first byte to the preview's last, as CSV and as XLSX.
import ExcelJS from 'exceljs'
import { staffToken, type BenchStaff, type PublishingRow } from './publishing.ts'
import { benchAmount, benchReference } from './transfers-seed.ts'

const STATEMENT_LINES = 10_000
const BUDGET_S = 5

interface Line {
  date: string
  serial: string
  payer: string
  amount: string
  remark: string
}

function statementLines(transfers: number): Line[] {
  return Array.from({ length: STATEMENT_LINES }, (_, i) => {
    const n = (i % transfers) + 1
    const kind = i % 4 // 0, 1: a match; 2: an unknown reference; 3: the wrong amount
    const amount = kind === 3 ? benchAmount(n) - 100 : benchAmount(n)
    const reference = kind === 2 ? `RPTZZZ${String(i).padStart(5, '0').replace(/[01]/g, '9')}` : benchReference(n)
    return {
      date: '2026-12-02',
      serial: `BENCH${String(i).padStart(8, '0')}`,
      payer: `付款单位 ${n}`,
      amount: (amount / 100).toFixed(2),
      remark: `货款 ${kind === 1 ? reference.toLowerCase() : reference} 研究报告`,
    }
  })
}

function csvOf(lines: Line[]): Buffer {
  const rows = lines.map((line) => [line.date, line.serial, line.payer, line.amount, line.remark].join(','))
  return Buffer.from(['账号,1109 0123 4567 890', '交易日期,交易流水号,对方户名,贷方金额,摘要', ...rows].join('\n'))
}

async function xlsxOf(lines: Line[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Statement')
  sheet.addRow(['Value Date', 'Transaction ID', 'Payer', 'Credit', 'Remark'])
  for (const line of lines) sheet.addRow([line.date, line.serial, line.payer, Number(line.amount), line.remark])
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

async function timedImport(coreUrl: string, token: string, name: string, bytes: Buffer) {
  const started = performance.now()
  const res = await fetch(`${coreUrl}/staff/transfers/statements?lang=en-US&name=${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: bytes,
  })
  const answer = (await res.json()) as { code: number; msg?: string; data: { lines: number; matches: unknown[]; others: unknown[] } }
  const seconds = (performance.now() - started) / 1000
  if (answer.code !== 200) throw new Error(`importBankStatement answered ${answer.code}: ${answer.msg}`)
  return { seconds, lines: answer.data.lines, matches: answer.data.matches.length, others: answer.data.others.length }
}

export async function bankStatementRows(options: {
  coreUrl: string
  staff: BenchStaff
  transfers: number
  results: Record<string, unknown>
}): Promise<PublishingRow[]> {
  const token = await staffToken(options.coreUrl, options.staff)
  const lines = statementLines(options.transfers)
  // Unmeasured: the first call compiles the route and loads the readers.
  await timedImport(options.coreUrl, token, 'warm.csv', csvOf(lines.slice(0, 10)))
  // Each seeded transfer is named once (--transfers ≥ the lines): every match line is one.
  const expected = lines.filter((_, i) => i % 4 < 2).length
  const rows: PublishingRow[] = []
  const measured: Record<string, unknown> = {}
  for (const [format, bytes] of [
    ['csv', csvOf(lines)],
    ['xlsx', await xlsxOf(lines)],
  ] as const) {
    const run = await timedImport(options.coreUrl, token, `bench.${format}`, bytes)
    measured[format] = { ...run, bytes: bytes.length }
    rows.push({
      what: `bank statement: ${STATEMENT_LINES.toLocaleString('en-US')} lines matched, ${format.toUpperCase()}`,
      measure: 'wall time of importBankStatement (upload, read, match, preview)',
      value: `${run.seconds.toFixed(2)} s (${run.matches.toLocaleString('en-US')} matches, ${run.others.toLocaleString('en-US')} others)`,
      budget: `≤ ${BUDGET_S} s`,
      pass: run.seconds <= BUDGET_S && run.lines === STATEMENT_LINES && run.matches === expected,
    })
  }
  options.results.bankStatement = measured
  return rows
}
