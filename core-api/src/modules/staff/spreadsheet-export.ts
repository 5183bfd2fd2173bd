import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { Sequelize } from 'sequelize'
import type { ExportFormat } from '@rpt/contract'
import { escapeCell } from '../../platform/lib/spreadsheet-cell.ts'
import { writeAudit } from './audit.ts'
import { xlsxStream, type XlsxCell } from '../../platform/lib/xlsx-stream.ts'

// The staff desk's exports (requests, orders): a list as CSV or
// XLSX, written batch by batch as the rows come from the database (the XLSX
// by lib/xlsx-stream.ts), waiting for the reader whenever the reply stream
// is full, so a list of any length is never held whole. Every
// text cell goes through escapeCell (CSV injection): visitors and buyers
// wrote the names, companies and demands that staff export.

type Cell = string | number | Date | null

export interface ExportColumn<Row> {
  header: string
  width: number
  value: (row: Row) => Cell
  /**
   * money: a number in major units, written with two decimals;
   * time: a wall-clock 'YYYY-MM-DD HH:MM:SS' text (the accounting zone's), a date cell in XLSX.
   */
  kind?: 'money' | 'time'
}

export interface ExportSheet<Row> {
  /** The XLSX worksheet's name */
  name: string
  columns: readonly ExportColumn<Row>[]
}

const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** A text cell escaped against formula injection; numbers and dates stay what they are. */
function textOf(value: Cell): string | number | Date {
  if (value === null) return ''
  return typeof value === 'string' ? escapeCell(value) : value
}

/** A CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break. */
const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)

function csvField<Row>(column: ExportColumn<Row>, row: Row): string {
  const value = column.value(row)
  const cell = column.kind === 'money' && typeof value === 'number' ? value.toFixed(2) : textOf(value)
  return quoted(cell instanceof Date ? cell.toISOString() : String(cell))
}

/** An XLSX cell: a wall-clock time becomes a date of that clock (a spreadsheet's dates have no zone). */
function xlsxCell<Row>(column: ExportColumn<Row>, row: Row): XlsxCell {
  const value = column.value(row)
  if (column.kind === 'time' && typeof value === 'string') return new Date(`${value.replace(' ', 'T')}Z`)
  return textOf(value)
}

/** The CSV, UTF-8 with a byte-order mark (so that Excel reads Chinese text right), a line per row, a chunk per batch. */
function csvExport<Row>(sheet: ExportSheet<Row>, batches: AsyncIterable<readonly Row[]>): Readable {
  const line = (fields: string[]) => `${fields.join(',')}\r\n`
  return Readable.from(
    (async function* () {
      yield `\uFEFF${line(sheet.columns.map((c) => quoted(c.header)))}`
      for await (const rows of batches) yield rows.map((row) => line(sheet.columns.map((c) => csvField(c, row)))).join('')
    })(),
  )
}

/** The XLSX, one worksheet (platform/lib/xlsx-stream.ts), each batch of rows written as it comes. */
function xlsxExport<Row>(sheet: ExportSheet<Row>, batches: AsyncIterable<readonly Row[]>, onError: (error: unknown) => void): Readable {
  return xlsxStream({
    sheetName: sheet.name,
    columns: sheet.columns.map((c) => ({ header: c.header, width: c.width, format: c.kind })),
    rows: (async function* () {
      for await (const rows of batches) yield rows.map((row) => sheet.columns.map((c) => xlsxCell(c, row)))
    })(),
    onError,
  })
}

/**
 * Answers an export as an attachment named `${fileName}.${format}`. The
 * caller has checked the filters (and written its audit row) already: a
 * refusal must answer the error envelope before the file's first byte.
 */
export function sendExport<Row>(
  reply: FastifyReply,
  options: { fileName: string; format: ExportFormat; sheet: ExportSheet<Row>; rows: AsyncIterable<readonly Row[]> },
) {
  const { fileName, format, sheet, rows } = options
  reply
    .header('content-type', EXPORT_TYPES[format])
    .header('content-disposition', `attachment; filename="${fileName}.${format}"`)
    .header('cache-control', 'no-store')
  const onError = (error: unknown) => reply.log.error({ err: error }, `${sheet.name} export failed`)
  return reply.send(format === 'csv' ? csvExport(sheet, rows) : xlsxExport(sheet, rows, onError))
}

/** An export leaves an audit row with its filters: it takes customers' data (and money) out of the system. */
export async function auditExport(
  sequelize: Sequelize,
  action: string,
  query: { lang?: string | undefined },
  actor: { name: string; ip?: string | null | undefined },
): Promise<void> {
  const { lang: _lang, ...after } = query
  await writeAudit(sequelize, { actor: actor.name, action, ip: actor.ip ?? undefined, before: null, after })
}
