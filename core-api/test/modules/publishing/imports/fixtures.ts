import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import yazl from 'yazl'

// Files the import tests send: sheets, zips (sound and hostile), and a
// multipart body for inject.

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
/** A 1×1 PNG */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

export async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'rpt-import-test-'))
}

export async function writeTemp(dir: string, name: string, data: string | Buffer): Promise<string> {
  const file = path.join(dir, name)
  await writeFile(file, data)
  return file
}

/** A zip of these entries (compressed unless `store`). */
export function zipOf(entries: Record<string, Buffer>, store = false): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name, { compress: !store })
  zip.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.on('error', reject)
  })
}

/** A zip whose entry's path leaves its folder: yazl refuses to write one, so a same-length name is patched in. */
export async function escapingZip(): Promise<Buffer> {
  const zip = await zipOf({ 'xx/evil.pdf': PDF })
  const from = Buffer.from('xx/evil.pdf')
  const to = Buffer.from('../evil.pdf')
  let at = zip.indexOf(from)
  while (at >= 0) {
    to.copy(zip, at)
    at = zip.indexOf(from, at + 1)
  }
  return zip
}

/** A small zip holding 50 MB of zeros: a compression ratio of about 1,000. */
export function bombZip(): Promise<Buffer> {
  return zipOf({ 'reports/big.pdf': Buffer.concat([PDF, Buffer.alloc(50 * 1024 * 1024)]) })
}

/** An XLSX workbook of these rows (the first is the header). */
export async function xlsxOf(rows: (string | number | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('reports')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships'
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

/**
 * An XLSX workbook written part by part, as a hostile one would be: one worksheet of a header row and a
 * row per report, every cell a shared string (so `xl/sharedStrings.xml` holds each title whole).
 */
export function handWrittenWorkbook(rows: string[][]): Promise<Buffer> {
  const strings: string[] = []
  const cells = rows.map(
    (row, r) =>
      `<row r="${r + 1}">${row
        .map((text, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="s"><v>${strings.push(text) - 1}</v></c>`)
        .join('')}</row>`,
  )
  const part = (xml: string) => Buffer.from(XML + xml)
  return zipOf({
    '[Content_Types].xml': part(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ),
    '_rels/.rels': part(
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': part(
      `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="reports" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': part(
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': part(`<worksheet xmlns="${MAIN}"><sheetData>${cells.join('')}</sheetData></worksheet>`),
    'xl/sharedStrings.xml': part(
      `<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('')}</sst>`,
    ),
  })
}

/** The zip with `name` declaring `size` bytes uncompressed (local header and central directory), whatever it inflates to. */
export function declaringSize(zip: Buffer, name: string, size: number): Buffer {
  const patched = Buffer.from(zip)
  const path = Buffer.from(name)
  for (let at = patched.indexOf(path); at >= 0; at = patched.indexOf(path, at + 1)) {
    if (at >= 30 && patched.readUInt32LE(at - 30) === 0x04034b50) patched.writeUInt32LE(size, at - 30 + 22)
    if (at >= 46 && patched.readUInt32LE(at - 46) === 0x02014b50) patched.writeUInt32LE(size, at - 46 + 24)
  }
  return patched
}

/** A multipart/form-data body and its content type, for inject. */
export async function multipart(
  parts: Record<string, string | { name: string; data: Buffer }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const [field, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(field, value)
    else form.append(field, new Blob([value.data]), value.name)
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } }
}
