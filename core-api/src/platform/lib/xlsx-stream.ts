import { Readable, type PassThrough } from 'node:stream'
import yazl from 'yazl'

// An XLSX of one worksheet written as it is read (100,000 orders
// within 10 s). An XLSX is a zip of a few fixed XML parts and one sheet of
// <row>s; writing those rows as text here costs a fraction of exceljs's
// streaming writer, whose per-cell style work made the export miss its
// budget. Strings are inline (shared strings would hold every distinct text
// in memory until the end), dates are serial numbers with a date format,
// amounts numbers with two decimals. The zip is yazl's (the maker of yauzl,
// which reads the imports): it streams each part through Node's zlib and
// waits for the reader, so memory stays flat whatever the count.

export type XlsxCell = string | number | Date | null

export interface XlsxColumn {
  header: string
  /** In characters, as Excel counts them */
  width: number
  /** money: a number shown with two decimals; time: a date shown as yyyy-mm-dd hh:mm:ss (any Date cell is shown so) */
  format?: 'money' | 'time' | undefined
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships'
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

// The style indexes of xl/styles.xml's cellXfs: 0 plain, 1 a date and time, 2 two decimals (built-in format 2, "0.00").
const STYLE = { time: 1, money: 2 } as const
const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss'

const FIXED_PARTS: Record<string, string> = {
  '[Content_Types].xml': `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
</Types>`,
  '_rels/.rels': `<Relationships xmlns="${PKG_REL}">
<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>
</Relationships>`,
  'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${PKG_REL}">
<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>
</Relationships>`,
  // Excel insists on the two first fills and one font, border and cell style.
  'xl/styles.xml': `<styleSheet xmlns="${MAIN}">
<numFmts count="1"><numFmt numFmtId="164" formatCode="${TIME_FORMAT}"/></numFmts>
<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`,
}

const workbookXml = (sheetName: string) => `<workbook xmlns="${MAIN}" xmlns:r="${REL}">
<bookViews><workbookView/></bookViews>
<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>
</workbook>`

/** What XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/U+FFFF): dropped, as no spreadsheet could show them. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' }
/** Excel's most characters in a cell: a longer text is cut here rather than left to Excel's repair of the file. */
const MAX_TEXT = 32767

/** What needs more than copying: markup, a carriage return, an underscore (below), and anything NOT_XML might drop. */
// eslint-disable-next-line no-control-regex -- the control characters are among what it finds (NOT_XML drops them)
const SPECIAL = /[&<>"\r_\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/

/** Text as XML character data. `_x0041_` is an escape to Excel, so an underscore before such a pattern is escaped itself. */
function xmlText(text: string): string {
  const cut = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text
  if (!SPECIAL.test(cut)) return cut
  return cut
    .replace(NOT_XML, '')
    .replace(/[&<>"\r]/g, (ch) => ENTITY[ch]!)
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_')
}

/** Leading or trailing whitespace, which XML would let a reader drop unless told to keep it. */
const padded = (text: string) => text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32

/** The spreadsheet column letters: A … Z, AA … */
function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** A date as a spreadsheet's serial day number (the 1900 system; the Date's UTC fields are the clock shown). */
const serialDay = (date: Date) => date.getTime() / 86_400_000 + 25_569

/** One <c> of the column named `column`; an empty cell (null, '', or a number that is not one) is left out. */
function cellXml(column: string, row: number, value: XlsxCell, format: XlsxColumn['format']): string {
  if (value === null || value === '') return ''
  if (typeof value === 'string') {
    const space = padded(value) ? ' xml:space="preserve"' : ''
    return `<c r="${column}${row}" t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`
  }
  if (value instanceof Date) {
    const day = serialDay(value)
    return Number.isFinite(day) ? `<c r="${column}${row}" s="${STYLE.time}"><v>${day}</v></c>` : ''
  }
  if (!Number.isFinite(value)) return ''
  return `<c r="${column}${row}"${format === 'money' ? ` s="${STYLE.money}"` : ''}><v>${value}</v></c>`
}

// Chunks of the sheet's XML about the stream's own buffer size: a whole batch's XML as one string (some
// 700 KB for 1,000 orders) left the core API ~30 MB bigger at its peak and was no quicker.
const CHUNK = 16_384

/** The worksheet's XML, in chunks of some CHUNK characters as the batches of rows come. */
async function* sheetXml(columns: readonly XlsxColumn[], batches: AsyncIterable<readonly (readonly XlsxCell[])[]>) {
  const names = columns.map((_, i) => columnName(i))
  const widths = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('')
  const rowXml = (rowNumber: number, cells: readonly XlsxCell[]) => {
    let xml = `<row r="${rowNumber}">`
    for (let i = 0; i < columns.length; i += 1) xml += cellXml(names[i]!, rowNumber, cells[i] ?? null, columns[i]!.format)
    return `${xml}</row>`
  }
  yield `${DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><cols>${widths}</cols><sheetData>${rowXml(
    1,
    columns.map((c) => c.header),
  )}`
  let rowNumber = 1
  for await (const rows of batches) {
    let chunk = ''
    for (const cells of rows) {
      chunk += rowXml((rowNumber += 1), cells)
      if (chunk.length >= CHUNK) {
        yield chunk
        chunk = ''
      }
    }
    if (chunk) yield chunk
  }
  yield '</sheetData></worksheet>'
}

/**
 * The workbook as a stream: the fixed parts, then the sheet as `rows` come.
 * `onError` hears a failure of `rows` (the file is then cut short: the
 * client sees a broken download, never a file that looks whole).
 */
export function xlsxStream(options: {
  sheetName: string
  columns: readonly XlsxColumn[]
  rows: AsyncIterable<readonly (readonly XlsxCell[])[]>
  onError: (error: unknown) => void
}): Readable {
  const zip = new yazl.ZipFile()
  for (const [name, xml] of Object.entries({ ...FIXED_PARTS, 'xl/workbook.xml': workbookXml(options.sheetName) })) {
    zip.addBuffer(Buffer.from(DECLARATION + xml), name)
  }
  const sheet = Readable.from(sheetXml(options.columns, options.rows))
  // A PassThrough in yazl's source; its types say only NodeJS.ReadableStream.
  const out = zip.outputStream as PassThrough
  sheet.on('error', (error) => {
    options.onError(error)
    out.destroy(error)
  })
  zip.on('error', (error: Error) => {
    options.onError(error)
    out.destroy(error)
  })
  // The client went away: stop reading the database (the generator's finally runs).
  out.on('close', () => sheet.destroy())
  // Light compression: the export is CPU-bound in the zip, and a few more bytes cost less than seconds.
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', { compressionLevel: 1 })
  zip.end()
  return out
}
