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
