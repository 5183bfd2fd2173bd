import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'

// Files as editors upload them, made here from their formats' own bytes: a
// PDF of any size streamed without being held, a Word .docx (a zip with
// [Content_Types].xml and word/), a legacy .doc (an OLE compound file),
// images, and things that are none of these.

export const PDF_HEAD = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1')

/** A PDF of exactly `size` bytes, made as it is read (64 KiB at a time), and the SHA-256 of its bytes once it has been read. */
export function pdfStream(size: number): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256')
  const padding = Buffer.alloc(64 * 1024, '% padding of a long report\n')
  let sent = 0
  function* chunks(): Generator<Buffer> {
    const head = PDF_HEAD.subarray(0, Math.min(size, PDF_HEAD.length))
    hash.update(head)
    sent += head.length
    yield head
    while (sent < size) {
      const chunk = padding.subarray(0, Math.min(padding.length, size - sent))
      hash.update(chunk)
      sent += chunk.length
      yield chunk
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), sha256: () => hash.digest('hex') }
}

export function pdfBytes(size = 40_000): Buffer {
  const body = Buffer.from(Array.from({ length: Math.max(0, size - PDF_HEAD.length) }, (_, i) => (i * 31) % 251))
  return Buffer.concat([PDF_HEAD, body])
}

/** A zip of stored (uncompressed) entries. */
function zip(entries: [string, string][]): Buffer {
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const [name, text] of entries) {
    const data = Buffer.from(text)
    const fileName = Buffer.from(name)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt32LE(crc32(data), 14)
    header.writeUInt32LE(data.length, 18)
    header.writeUInt32LE(data.length, 22)
    header.writeUInt16LE(fileName.length, 26)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt32LE(crc32(data), 16)
    entry.writeUInt32LE(data.length, 20)
    entry.writeUInt32LE(data.length, 24)
    entry.writeUInt16LE(fileName.length, 28)
    entry.writeUInt32LE(offset, 42)
    parts.push(header, fileName, data)
    central.push(entry, fileName)
    offset += header.length + fileName.length + data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, directory, end])
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'

/** A Word document as Word writes one: [Content_Types].xml first, then the package's parts. */
export function docxBytes(): Buffer {
  return zip([
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/></Types>`,
    ],
    ['_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'],
    [
      'word/document.xml',
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    ],
  ])
}

/** A plain zip that is no Office document. */
export function zipBytes(): Buffer {
  return zip([['notes.txt', 'not a report']])
}

/** An OLE compound file (legacy .doc, but also .xls, .msi): its signature and a header sector. */
export function cfbBytes(): Buffer {
  const bytes = Buffer.alloc(4096)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes)
  return bytes
}

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(200, 1)])
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100, 0)])
/** A Windows program (MZ and a PE header). */
export const EXE = (() => {
  const bytes = Buffer.alloc(1024)
  bytes.write('MZ', 0, 'latin1')
  bytes.writeUInt32LE(0x80, 0x3c)
  bytes.write('PE\0\0', 0x80, 'latin1')
  return bytes
})()
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A stream of `bytes` in chunks, that fails with ECONNRESET after `breakAfter` bytes: a sender that went away. */
export function brokenStream(bytes: Buffer, breakAfter: number): Readable {
  let sent = 0
  return new Readable({
    read() {
      if (sent >= breakAfter) {
        this.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
        return
      }
      const chunk = bytes.subarray(sent, Math.min(breakAfter, sent + 16 * 1024))
      sent += chunk.length
      this.push(chunk)
    },
  })
}

/** Every file under a folder (temporary files of a write included), relative to it. */
export async function filesUnder(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true })
    return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}
