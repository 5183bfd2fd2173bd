// One way to make a business document (packing slip, proforma, invoice): a
// pdfkit document on A4 with the CJK fonts registered as 'body' and 'bold',
// its metadata set, collected into one Buffer. The document's date is the
// caller's, so the same input renders the same bytes.
import type PDFKitDocument from 'pdfkit'
import { fontBytes } from './fonts.ts'

export type Pdf = PDFKit.PDFDocument

export interface PdfMeta {
  title: string
  author: string
  subject?: string
  /** Stamped as the creation date; fixed by the caller so a re-render is identical. */
  date: Date
  language: 'zh-CN' | 'en-US'
}

export const PAGE_MARGIN = 48

// pdfkit (and fontkit under it) is some 6 MB of heap once imported: loaded by
// the first document, not by every process that might one day render one.
let pdfKit: Promise<typeof PDFKitDocument> | undefined
const loadPdfKit = (): Promise<typeof PDFKitDocument> =>
  (pdfKit ??= import('pdfkit').then(
    (module) => module.default,
    (error: unknown) => {
      pdfKit = undefined
      throw error
    },
  ))

/** Renders a document: `draw` writes its content, the answer is the finished file. */
export async function renderPdf(meta: PdfMeta, draw: (doc: Pdf) => void | Promise<void>): Promise<Buffer> {
  const PDFDocument = await loadPdfKit()
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    lang: meta.language,
    info: { Title: meta.title, Author: meta.author, Subject: meta.subject ?? meta.title, CreationDate: meta.date, ModDate: meta.date },
    // Compressed streams, and a document ID from its content rather than a random one.
    compress: true,
    displayTitle: true,
  })
  doc.registerFont('body', fontBytes('regular'))
  doc.registerFont('bold', fontBytes('bold'))
  doc.font('body')
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  await draw(doc)
  doc.end()
  return done
}
