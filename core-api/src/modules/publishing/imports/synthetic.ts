import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { COLUMNS } from './columns.ts'

// A synthetic import sheet (CSV) of `rows` reports in both editions, for the
// import tests and `npm run bench` (the 10,000-row import). Slugs are made
// from `prefix`, so two sheets with one prefix import the same reports.

export interface SyntheticSheetOptions {
  rows: number
  /** A category value of reports_category (and of reports_category_en) */
  category: string
  prefix?: string
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** One row's cells by column. */
export function syntheticRow(index: number, category: string, prefix = 'import'): Record<string, string> {
  const n = String(index + 1).padStart(6, '0')
  const day = String((index % 28) + 1).padStart(2, '0')
  return {
    code: `${prefix.toUpperCase()}-${n}`.slice(0, 40),
    status: 'published',
    'zh.title': `导入报告 ${n}：市场规模与趋势`,
    'zh.slug': `${prefix}-zh-${n}`,
    'zh.category': category,
    'zh.summary': `<p>第 ${n} 份导入报告的摘要，包含市场规模、竞争格局和发展趋势。</p>`,
    'zh.publishDate': `2026-10-${day}`,
    'zh.pages': String(100 + (index % 50)),
    'zh.price.single': '9800',
    'zh.price.multi': '12800',
    'zh.price.enterprise': '',
    'en.title': `Imported report ${n}: market size and trends`,
    'en.slug': `${prefix}-en-${n}`,
    'en.category': category,
    'en.summary': `<p>Summary of imported report ${n}, with market size, competition and trends.</p>`,
    'en.publishDate': `2026-10-${day}`,
    'en.price.single': '1480.5',
    'en.price.multi': '1980',
    'en.price.enterprise': '3980',
  }
}

const SYNTHETIC_COLUMNS = COLUMNS.filter((column) => column in syntheticRow(0, 'x'))

/** The sheet as CSV text (small sheets, for tests). */
export function syntheticCsv(options: SyntheticSheetOptions): string {
  const lines = [SYNTHETIC_COLUMNS.join(',')]
  for (let i = 0; i < options.rows; i++) {
    const row = syntheticRow(i, options.category, options.prefix)
    lines.push(SYNTHETIC_COLUMNS.map((column) => csvCell(row[column] ?? '')).join(','))
  }
  return `${lines.join('\n')}\n`
}

/** Writes the sheet to `file`, streaming (a 100,000-row sheet included). */
export async function writeSyntheticCsv(file: string, options: SyntheticSheetOptions): Promise<void> {
  const out = createWriteStream(file)
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain')
  }
  await write(SYNTHETIC_COLUMNS.join(','))
  for (let i = 0; i < options.rows; i++) {
    const row = syntheticRow(i, options.category, options.prefix)
    await write(SYNTHETIC_COLUMNS.map((column) => csvCell(row[column] ?? '')).join(','))
  }
  out.end()
  await once(out, 'finish')
}
