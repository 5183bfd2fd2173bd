// A legacy Word file (.doc, the binary format) cannot carry a footer line
// without rewriting it, which risks damaging it. It is delivered as a zip of
// the original and licence.pdf, a one-page licence certificate (stamped like
// any PDF, so the certificate alone names the order), the zip's comment
// carrying the trace code too.
import path from 'node:path'
import { drawFields, drawNote, drawTitle, renderPdf } from '@rpt/server-kit/pdf'
import JSZip from 'jszip'
import { CERTIFICATE_NAME, type Lang, type LicenceStamp } from './lines.ts'
import { stampPdf } from './pdf-stamp.ts'

export { CERTIFICATE_NAME }

const WORDS: Record<Lang, { title: string; heading: string; file: string; line: string; code: string; note: (file: string) => string }> = {
  'en-US': {
    title: 'Licence certificate',
    heading: 'This copy is licensed',
    file: 'File',
    line: 'Licence',
    code: 'Trace code',
    note: (file) =>
      `This copy of ${file} is licensed to the party named above, for the use its licence allows. ` +
      'Every copy is marked for its order: passing it on outside the licence can be traced to it.',
  },
  'zh-CN': {
    title: '授权证书',
    heading: '本副本已授权',
    file: '文件',
    line: '授权',
    code: '追溯码',
    note: (file) => `本副本（${file}）仅授权给上列授权方，在其许可范围内使用。每份副本均标记了对应订单，超出许可范围的传播可据此追溯。`,
  },
}

export async function renderCertificate(stamp: LicenceStamp, fileName: string): Promise<Buffer> {
  const words = WORDS[stamp.lang]
  const pdf = await renderPdf(
    { title: words.title, author: stamp.line, subject: stamp.line, date: new Date(), language: stamp.lang },
    (doc) => {
      drawTitle(doc, words.title, stamp.code)
      drawFields(doc, words.heading, [
        [words.file, fileName],
        [words.line, stamp.line],
        [words.code, stamp.code],
      ])
      drawNote(doc, words.note(fileName))
    },
  )
  // Stamped as a report would be: the line at the foot, the code in the metadata.
  const stamped = await stampPdf(pdf, stamp)
  return Buffer.concat(stamped.parts)
}

export async function bundleDoc(source: Buffer, name: string, stamp: LicenceStamp): Promise<{ zip: Buffer; name: string }> {
  const base = path.basename(name, path.extname(name)) || 'report'
  const zip = new JSZip()
  zip.file(path.basename(name) || `${base}.doc`, source, { binary: true })
  zip.file(CERTIFICATE_NAME, await renderCertificate(stamp, path.basename(name)), { binary: true })
  // The comment (shown by most unzip tools) is the code alone: a zip comment has no agreed encoding for Chinese.
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', comment: stamp.code })
  return { zip: bytes, name: `${base}.zip` }
}
