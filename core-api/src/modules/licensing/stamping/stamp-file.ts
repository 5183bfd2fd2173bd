// One call for whatever a report's file is: a PDF is stamped on every page
// and in its metadata, a .docx in its footers and properties, a legacy .doc
// is bundled with a licence certificate. The answer is the file to serve,
// in parts that the caller writes one after another (a 20 MB PDF is not
// copied to append its stamp).
import path from 'node:path'
import { loadOnce } from '../../../platform/lib/load-once.ts'
import type { LicenceStamp } from './lines.ts'
import { StampError } from './stamp-error.ts'

// The stampers and their libraries (pdf-lib, pdfkit, jszip: some 14 MB of
// heap) are loaded by the first copy made, not by every core API process.
const loadPdfStamper = loadOnce(() => import('./pdf-stamp.ts'))
const loadDocxStamper = loadOnce(() => import('./docx-stamp.ts'))
const loadDocBundler = loadOnce(() => import('./doc-bundle.ts'))

export type SourceKind = 'pdf' | 'docx' | 'doc'

export interface StampedFile {
  /** Concatenated in order, the stamped file. */
  parts: Buffer[]
  size: number
  /** The file name to offer ("xx.pdf", or "xx.zip" for a legacy .doc bundle). */
  name: string
  /** Its MIME type. */
  type: string
}

const MIME: Record<SourceKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
}

/** The kind of a stored file, from its name's extension, else its MIME type; undefined for a kind that is not stamped. */
export function sourceKindOf(name: string, mime?: string): SourceKind | undefined {
  const extension = path.extname(name).slice(1).toLowerCase()
  if (extension === 'pdf' || extension === 'docx' || extension === 'doc') return extension
  const type = mime?.split(';')[0]?.trim().toLowerCase()
  return (Object.keys(MIME) as SourceKind[]).find((kind) => MIME[kind] === type)
}

export async function stampFile(source: Buffer, kind: SourceKind, name: string, stamp: LicenceStamp): Promise<StampedFile> {
  switch (kind) {
    case 'pdf': {
      const { stampPdf } = await loadPdfStamper()
      const { parts, size } = await stampPdf(source, stamp)
      return { parts, size, name, type: MIME.pdf }
    }
    case 'docx': {
      const { stampDocx } = await loadDocxStamper()
      const file = await stampDocx(source, stamp)
      return { parts: [file], size: file.length, name, type: MIME.docx }
    }
    case 'doc': {
      const { bundleDoc } = await loadDocBundler()
      const { zip, name: zipName } = await bundleDoc(source, name, stamp)
      return { parts: [zip], size: zip.length, name: zipName, type: 'application/zip' }
    }
    default:
      throw new StampError('unsupported', `Files of kind ${String(kind)} are not stamped.`)
  }
}
