// The pieces business documents are made of, drawn the same way on each: a
// header with the seller, a title, label/value blocks and a table of lines.
import { PAGE_MARGIN, type Pdf } from './document.ts'

const INK = '#1b2631'
const MUTED = '#5d6d7e'
const RULE = '#aab7b8'

const width = (doc: Pdf) => doc.page.width - PAGE_MARGIN * 2

/** The document's title, large, with a line of small print under it (a number, a date). */
export function drawTitle(doc: Pdf, title: string, subtitle?: string): void {
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(title, PAGE_MARGIN, doc.y, { width: width(doc) })
  if (subtitle)
    doc
      .font('body')
      .fontSize(9)
      .fillColor(MUTED)
      .text(subtitle, { width: width(doc) })
  doc.moveDown(0.8)
}

/** A heading and its label/value pairs, one per line; empty values are left out. */
export function drawFields(doc: Pdf, heading: string, fields: ReadonlyArray<readonly [string, string | null | undefined]>): void {
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(heading, PAGE_MARGIN, doc.y, { width: width(doc) })
  doc.moveDown(0.2)
  for (const [label, value] of fields) {
    if (value === null || value === undefined || value === '') continue
    doc.font('body').fontSize(9).fillColor(MUTED).text(`${label}: `, PAGE_MARGIN, doc.y, { continued: true })
    doc.fillColor(INK).text(value, { width: width(doc) })
  }
  doc.moveDown(0.6)
}

export interface Column {
  label: string
  /** A share of the page's width; the shares of a table add up to 1. */
  share: number
  align?: 'left' | 'right'
}

/** A table: a header row and its lines, ruled; long cells wrap and the row grows. */
export function drawTable(doc: Pdf, columns: readonly Column[], rows: ReadonlyArray<readonly string[]>): void {
  const total = width(doc)
  const xs: number[] = []
  let x = PAGE_MARGIN
  for (const column of columns) {
    xs.push(x)
    x += column.share * total
  }
  const row = (cells: readonly string[], font: 'body' | 'bold') => {
    const top = doc.y
    let bottom = top
    cells.forEach((cell, i) => {
      const column = columns[i]!
      doc.font(font).fontSize(9).fillColor(INK)
      doc.text(cell, xs[i]! + 4, top + 4, { width: column.share * total - 8, align: column.align ?? 'left' })
      bottom = Math.max(bottom, doc.y)
    })
    doc
      .moveTo(PAGE_MARGIN, bottom + 4)
      .lineTo(PAGE_MARGIN + total, bottom + 4)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke()
    doc.x = PAGE_MARGIN
    doc.y = bottom + 6
  }
  doc
    .moveTo(PAGE_MARGIN, doc.y)
    .lineTo(PAGE_MARGIN + total, doc.y)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke()
  row(
    columns.map((c) => c.label),
    'bold',
  )
  for (const cells of rows) row(cells, 'body')
  doc.moveDown(0.8)
}

/** A closing line of small print (terms, a note to the reader). */
export function drawNote(doc: Pdf, text: string): void {
  doc
    .font('body')
    .fontSize(8)
    .fillColor(MUTED)
    .text(text, PAGE_MARGIN, doc.y, { width: width(doc) })
  doc.moveDown(0.4)
}
