import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { parse } from 'csv-parse'
import type ExcelJS from 'exceljs'
import { AppError } from '../../../platform/errors.ts'
import { checkHeader } from './columns.ts'
import { MAX_ROWS, WORKBOOK_BOUNDS, type WorkbookBounds } from './limits.ts'
import { workbookRows } from './workbook.ts'

// Reads a report sheet row by row, streaming (csv-parse for CSV, exceljs's
// parsers for XLSX: the first worksheet, its zip checked and inflated by
// workbook.ts), so a 50,000-row sheet is never held whole. Cells come out as trimmed text; an XLSX date as
// YYYY-MM-DD. Rows are numbered as a spreadsheet shows them (header = 1).

export type SheetKind = 'csv' | 'xlsx'

export interface SheetRow {
  row: number
  cells: Map<string, string>
}

/** The sheet's kind from its first bytes: a zip (PK\3\4) is XLSX, anything else is read as CSV. */
export async function sheetKindOf(file: string): Promise<SheetKind> {
  const handle = await open(file, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0)
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50 ? 'xlsx' : 'csv'
  } finally {
    await handle.close()
  }
}

function unreadable(error: unknown): AppError {
  if (error instanceof AppError) return error
  const detail = error instanceof Error ? error.message.slice(0, 200) : String(error)
  return new AppError('IMPORT_SHEET_UNREADABLE', {
    'zh-CN': `报告表无法读取：${detail}`,
    'en-US': `The report sheet cannot be read: ${detail}`,
  })
}

function tooMany(): AppError {
  return new AppError('IMPORT_TOO_MANY_ROWS', {
    'zh-CN': `报告表行数超过上限（${MAX_ROWS} 行）`,
    'en-US': `The report sheet has more than ${MAX_ROWS} rows`,
  })
}

function toRow(header: string[], values: string[], row: number): SheetRow | undefined {
  const cells = new Map<string, string>()
  let any = false
  header.forEach((name, index) => {
    if (!name) return
    const value = (values[index] ?? '').trim()
    if (value !== '') any = true
    cells.set(name, value)
  })
  return any ? { row, cells } : undefined
}

async function* csvRows(file: string): AsyncGenerator<SheetRow> {
  const parser = createReadStream(file).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 4_000_000 }),
  )
  let header: string[] | undefined
  let row = 0
  for await (const record of parser as AsyncIterable<string[]>) {
    row++
    if (!header) {
      header = checkHeader(record)
      continue
    }
    if (row - 1 > MAX_ROWS) throw tooMany()
    const parsed = toRow(header, record, row)
    if (parsed) yield parsed
  }
  if (!header) throw unreadable(new Error('no header row'))
}

type CellValue = ExcelJS.CellValue

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('result' in value) return cellText(value.result)
    if ('text' in value) return String(value.text)
    if ('error' in value) return ''
    return ''
  }
  return String(value)
}

async function* xlsxRows(file: string, bounds: WorkbookBounds): AsyncGenerator<SheetRow> {
  let header: string[] | undefined
  let count = 0
  // The first worksheet only; the rest are notes.
  for await (const row of workbookRows(file, bounds)) {
    // row.values is 1-based, with holes for empty cells.
    const values = Array.isArray(row.values) ? row.values.slice(1).map(cellText) : []
    if (!header) {
      header = checkHeader(values)
      continue
    }
    if (++count > MAX_ROWS) throw tooMany()
    const parsed = toRow(header, values, row.number)
    if (parsed) yield parsed
  }
  if (!header) throw unreadable(new Error('no header row'))
}

/**
 * The sheet's rows; a sheet that cannot be read throws IMPORT_SHEET_UNREADABLE (a bad header IMPORT_BAD_HEADER,
 * a workbook past `bounds` IMPORT_SHEET_TOO_LARGE).
 */
export async function* readSheet(file: string, kind: SheetKind, bounds: WorkbookBounds = WORKBOOK_BOUNDS): AsyncGenerator<SheetRow> {
  const rows = kind === 'xlsx' ? xlsxRows(file, bounds) : csvRows(file)
  try {
    yield* rows
  } catch (error) {
    throw unreadable(error)
  }
}
