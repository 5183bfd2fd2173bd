import { PassThrough, Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { ExportFormat, StaffRequestListItem } from '@rpt/contract'
import { escapeCell } from '../../lib/spreadsheet-cell.ts'

// The requests export (issue 35): the filtered list as CSV or XLSX, written
// row by row as the rows come from the database (exceljs's streaming
// WorkbookWriter for XLSX), so a long list is never held whole. Every text
// cell goes through escapeCell: visitors wrote the company names and demands.

const COLUMNS: { header: string; value: (row: StaffRequestListItem) => string | number | Date | null; width: number }[] = [
  { header: 'ID', value: (r) => Number(r.id), width: 10 },
  { header: 'Sent at', value: (r) => new Date(r.createdAt), width: 20 },
  { header: 'Type', value: (r) => r.type, width: 10 },
  { header: 'Status', value: (r) => r.status, width: 12 },
  { header: 'Assignee', value: (r) => r.assignee, width: 16 },
  { header: 'Company', value: (r) => r.company, width: 30 },
  { header: 'Name', value: (r) => r.name, width: 16 },
  { header: 'E-mail', value: (r) => r.email, width: 28 },
  { header: 'Phone', value: (r) => r.phone, width: 18 },
  { header: 'Report', value: (r) => r.reportTitle, width: 30 },
  { header: 'Site language', value: (r) => r.lang, width: 8 },
  { header: 'Demand', value: (r) => r.demand, width: 60 },
  { header: 'Updated at', value: (r) => new Date(r.updatedAt), width: 20 },
]

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** A cell's value with text escaped against formula injection; numbers and dates stay what they are. */
function cellOf(value: string | number | Date | null): string | number | Date {
  if (value === null) return ''
  return typeof value === 'string' ? escapeCell(value) : value
}

/** One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break. */
function csvField(value: string | number | Date): string {
  const text = value instanceof Date ? value.toISOString() : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const csvLine = (cells: (string | number | Date)[]) => `${cells.map(csvField).join(',')}\r\n`

/** The CSV, UTF-8 with a byte-order mark (so that Excel reads Chinese text right), a line per request. */
export function csvExport(rows: AsyncIterable<StaffRequestListItem>): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(COLUMNS.map((c) => c.header))}`
      for await (const row of rows) yield csvLine(COLUMNS.map((c) => cellOf(c.value(row))))
    })(),
  )
}

/** Resolves once `out` has room again (or is gone: the client went away). */
function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done)
      out.off('close', done)
      resolve()
    }
    out.on('drain', done)
    out.on('close', done)
  })
}

/** The XLSX, one worksheet; each row is committed (written out and let go) as soon as it is added. */
export function xlsxExport(rows: AsyncIterable<StaffRequestListItem>, onError: (error: unknown) => void): Readable {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet('Requests')
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }))
  void (async () => {
    try {
      for await (const row of rows) {
        sheet.addRow(COLUMNS.map((c) => cellOf(c.value(row)))).commit()
        // The writer does not wait for a slow reader: wait here, or a long export would pile up in memory.
        await drained(out)
        if (out.destroyed) return
      }
      sheet.commit()
      await workbook.commit()
    } catch (error) {
      onError(error)
      out.destroy(error instanceof Error ? error : new Error(String(error)))
    }
  })()
  return out
}
