// The stamp's line, rendered once per file by pdfkit into a one-page PDF
// whose page is just the line. The stamper embeds that page as a Form
// XObject that every page draws, so a 300-page report carries one copy of
// the glyphs (a subset of Noto Sans SC, from an npm package, so that Chinese
// renders on a machine without system fonts) and a few bytes per page.
import { fontBytes } from '@rpt/server-kit/pdf'
import PDFKit from 'pdfkit'
import type { LicenceStamp } from './lines.ts'

const FONT_SIZE = 7
/** The overlay page's height in points: the font's line box. */
export const LINE_HEIGHT = 11

export function renderLine(stamp: LicenceStamp): Promise<Buffer> {
  const doc = new PDFKit({ autoFirstPage: false, margin: 0, lang: stamp.lang, compress: true })
  doc.registerFont('line', fontBytes('regular'))
  doc.font('line').fontSize(FONT_SIZE)
  const width = Math.ceil(doc.widthOfString(stamp.line)) + 2
  doc.addPage({ size: [width, LINE_HEIGHT], margin: 0 })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.fillColor('#666666').text(stamp.line, 1, 1, { lineBreak: false })
  doc.end()
  return done
}
