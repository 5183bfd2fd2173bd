import { parse } from 'csv-parse/sync'
import type ExcelJS from 'exceljs'
import yauzl from 'yauzl'
import { AppError } from '../../../platform/errors.ts'
import { loadOnce } from '../../../platform/lib/load-once.ts'
import { amountOf, dayOf, detectColumns, type StatementColumns } from './statement-columns.ts'

// exceljs is some 9 MB of heap once imported: loaded by the first XLSX statement read.
const loadExcelJs = loadOnce(async () => (await import('exceljs')).default)

// Reads a bank statement as finance downloads it from the bank: CSV (UTF-8,
// or GB18030 as Chinese online banking exports it) with csv-parse, or XLSX
// with exceljs (the first worksheet). Banks put an account summary above the
// table, so the heading row is looked for among the first 30 rows.

export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024
const MAX_LINES = 50_000
const HEADING_SEARCH_ROWS = 30
/** An XLSX's parts once inflated, held to these before exceljs opens it (a statement of 50,000 lines is a few MB). */
const XLSX_BOUNDS = { entries: 200, totalBytes: 200 * 1024 * 1024, ratio: 100, ratioExemptBytes: 1024 * 1024 }

export interface ReadLine {
  line: number
  date: string
  /** Minor units; null when the cell holds no amount */
  amount: number | null
  remark: string
  serial: string
  payer: string
}

export interface ReadStatement {
  columns: Record<string, string>
  lines: ReadLine[]
}

export function unreadable(detail: string): AppError {
  return new AppError('STATEMENT_UNREADABLE', {
    'zh-CN': `银行流水文件无法读取：${detail}`,
    'en-US': `The bank statement cannot be read: ${detail}`,
  })
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    // Not UTF-8: Chinese online banking writes GBK, which GB18030 covers.
    return new TextDecoder('gb18030').decode(bytes)
  }
}

function csvRows(bytes: Buffer): string[][] {
  try {
    return parse(decodeText(bytes), {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // One row past the most a statement may hold, so a longer one is refused rather than cut.
      to: MAX_LINES + HEADING_SEARCH_ROWS + 1,
    })
  } catch (error) {
    throw unreadable(error instanceof Error ? error.message.slice(0, 200) : 'not CSV')
  }
}

/** The zip's central directory held to XLSX_BOUNDS before anything is inflated: a small upload must not inflate to gigabytes. */
async function checkZip(bytes: Buffer): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(unreadable(error.message)) : resolve(file))),
  )
  let entries = 0
  let total = 0
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries++
      total += entry.uncompressedSize
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
      if (
        entries > XLSX_BOUNDS.entries ||
        total > XLSX_BOUNDS.totalBytes ||
        (entry.uncompressedSize > XLSX_BOUNDS.ratioExemptBytes && ratio > XLSX_BOUNDS.ratio)
      ) {
        zip.close()
        reject(new AppError('STATEMENT_TOO_LARGE'))
        return
      }
      zip.readEntry()
    })
    zip.on('end', () => resolve())
    zip.on('error', (error: Error) => reject(unreadable(error.message)))
    zip.readEntry()
  })
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'number') return Number.isInteger(value * 100) ? value.toFixed(2) : String(value)
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('result' in value) return cellText(value.result)
    if ('text' in value) return String(value.text)
    return ''
  }
  return String(value)
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  await checkZip(bytes)
  const workbook = new (await loadExcelJs()).Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch (error) {
    throw unreadable(error instanceof Error ? error.message.slice(0, 200) : 'not XLSX')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw unreadable('no worksheet')
  const rows: string[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : []
    rows.push(Array.from({ length: values.length }, (_, i) => cellText(values[i] ?? null).trim()))
  })
  return rows
}

function linesOf(rows: string[][], columns: StatementColumns, headingAt: number): ReadLine[] {
  const cell = (row: string[], at: number | undefined) => (at === undefined ? '' : (row[at] ?? '').trim())
  const lines: ReadLine[] = []
  for (let i = headingAt + 1; i < rows.length; i++) {
    const row = rows[i]!
    if (row.every((value) => value.trim() === '')) continue
    if (lines.length >= MAX_LINES) throw new AppError('STATEMENT_TOO_LARGE')
    const credit = cell(row, columns.index.credit)
    const amount =
      columns.index.credit !== undefined ? (credit === '' ? null : amountOf(credit)) : amountOf(cell(row, columns.index.amount))
    lines.push({
      line: i + 1,
      date: dayOf(cell(row, columns.index.date)),
      amount,
      remark: columns.remarks
        .map((at) => cell(row, at))
        .filter(Boolean)
        .join(' ')
        .slice(0, 500),
      serial: cell(row, columns.index.serial).slice(0, 64),
      payer: cell(row, columns.index.payer).slice(0, 200),
    })
  }
  return lines
}

/** The statement's lines below its heading row; a file with no such row, or not CSV/XLSX, is refused (300906). */
export async function readStatement(bytes: Buffer): Promise<ReadStatement> {
  if (bytes.length === 0) throw unreadable('the file is empty')
  if (bytes.length > MAX_STATEMENT_BYTES) throw new AppError('STATEMENT_TOO_LARGE')
  const rows = isZip(bytes) ? await xlsxRows(bytes) : csvRows(bytes)
  for (let at = 0; at < Math.min(rows.length, HEADING_SEARCH_ROWS); at++) {
    const columns = detectColumns(rows[at]!)
    if (columns) return { columns: columns.names, lines: linesOf(rows, columns, at) }
  }
  throw unreadable('no heading row with an amount and a remark (摘要/附言) column')
}
