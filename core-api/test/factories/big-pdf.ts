// A report-like PDF made by pdfkit, for the stamping tests and the bench:
// N pages, each with a line of text, a link and an outline entry, and
// optionally a noise image per page to reach a target size (noise does not
// compress, so the file is as big as asked). Noise PNGs are written by hand:
// raw RGB rows, deflated once, which pdfkit embeds without re-encoding.
import { randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import PDFKit from 'pdfkit'

export interface BigPdfOptions {
  pages: number
  /** About this many bytes in all (images of noise fill it); none when absent. */
  targetBytes?: number
  title?: string
}

export const pageText = (i: number) => `Chapter ${i + 1}: market size and growth outlook, page ${i + 1}`
export const pageLink = (i: number) => `https://example.com/report/page-${i + 1}`
export const outlineTitle = (i: number) => `Chapter ${i + 1}`

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/** An RGB PNG of random pixels, about 3 × side² bytes. */
export function noisePng(side: number): Buffer {
  const row = side * 3 + 1
  const raw = randomBytes(row * side)
  for (let y = 0; y < side; y++) raw[y * row] = 0 // filter type: none
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 8 // bits per channel
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export function bigPdf(options: BigPdfOptions): Promise<Buffer> {
  const doc = new PDFKit({ size: 'A4', info: { Title: options.title ?? 'Big report', Keywords: 'market research' }, compress: true })
  const chunks: Buffer[] = []
  doc.on('data', (part: Buffer) => chunks.push(part))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const perPage = options.targetBytes ? options.targetBytes / options.pages : 0
  const side = perPage > 3000 ? Math.floor(Math.sqrt((perPage - 1500) / 3)) : 0
  for (let i = 0; i < options.pages; i++) {
    if (i > 0) doc.addPage()
    doc.outline.addItem(outlineTitle(i))
    doc.fontSize(14).fillColor('black').text(pageText(i), 72, 72)
    doc
      .fontSize(11)
      .fillColor('blue')
      .text('Source and method', 72, 110, { link: pageLink(i), underline: true })
    if (side > 0) doc.image(noisePng(side), 72, 150, { width: 300 })
  }
  doc.end()
  return done
}
