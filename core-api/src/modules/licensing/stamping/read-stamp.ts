// Reading the trace code back from a file that turned up somewhere: a PDF
// (its Info /RptLicence, its keywords, else the text of its first and last
// pages, where the line is printed), a .docx (its custom property, core
// keywords, else its footers), or a .doc bundle (its licence PDF). Read with
// unpdf (Mozilla's pdf.js, Apache-2.0), which also opens files that pdf-lib
// would not, loaded only when a file is traced.
import type JSZip from 'jszip'
import { loadOnce } from '../../../platform/lib/load-once.ts'
import { CERTIFICATE_NAME } from './lines.ts'
import { codesInText } from './trace-code.ts'

// Loaded when a file is first traced (jszip is some 1.3 MB of heap).
const loadJsZip = loadOnce(async () => (await import('jszip')).default)

export interface FoundStamp {
  code: string
  via: 'metadata' | 'text'
}

/** Pages read from each end of a PDF for the printed line. */
const END_PAGES = 2

const first = (text: unknown): string | undefined => (typeof text === 'string' ? codesInText(text)[0] : undefined)

function isPdf(file: Buffer): boolean {
  return file.subarray(0, 1024).includes('%PDF-')
}

async function readPdf(file: Buffer): Promise<FoundStamp | undefined> {
  const { getDocumentProxy } = await import('unpdf')
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>
  try {
    // A copy: pdf.js may take over (detach) the buffer it is given.
    pdf = await getDocumentProxy(new Uint8Array(file))
  } catch {
    return undefined // unreadable (or encrypted with a password): nothing to trace from
  }
  try {
    const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> & { Custom?: Record<string, unknown> } }
    const fromMetadata = first(info.Custom?.RptLicence) ?? first(info.Keywords) ?? first(info.Subject)
    if (fromMetadata) return { code: fromMetadata, via: 'metadata' }
    const pages = new Set<number>()
    for (let i = 1; i <= Math.min(END_PAGES, pdf.numPages); i++) pages.add(i).add(pdf.numPages + 1 - i)
    for (const number of [...pages].sort((a, b) => a - b)) {
      const page = await pdf.getPage(number)
      const content = await page.getTextContent()
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join('')
      const code = first(text)
      if (code) return { code, via: 'text' }
    }
    return undefined
  } catch {
    return undefined
  } finally {
    await pdf.loadingTask.destroy()
  }
}

async function readZip(file: Buffer): Promise<FoundStamp | undefined> {
  let zip: JSZip
  try {
    zip = await (await loadJsZip()).loadAsync(file)
  } catch {
    return undefined
  }
  if (zip.file('word/document.xml')) {
    const custom = await zip.file('docProps/custom.xml')?.async('string')
    const property = custom && /name="RptLicence"[^>]*>\s*<[^>]+>([^<]*)</.exec(custom)?.[1]
    const core = await zip.file('docProps/core.xml')?.async('string')
    const fromMetadata = first(property) ?? first(core && /keywords[^>]*>([^<]*)</.exec(core)?.[1])
    if (fromMetadata) return { code: fromMetadata, via: 'metadata' }
    for (const footer of zip.file(/^word\/footer\d*\.xml$/)) {
      // The footer's text runs, tags dropped: Word may split the line into several runs.
      const text = (await footer.async('string')).replace(/<[^>]+>/g, '')
      const code = first(text)
      if (code) return { code, via: 'text' }
    }
    return undefined
  }
  // A bundle: its certificate first, then any PDF or Word file inside.
  const inside = [zip.file(CERTIFICATE_NAME), ...zip.file(/\.(pdf|docx)$/i)].filter((entry) => entry !== null)
  for (const entry of inside) {
    const found = await readStampCode(await entry.async('nodebuffer'))
    if (found) return found
  }
  return undefined
}

/** The trace code a file carries, and where it was found; undefined when it carries none. */
export async function readStampCode(file: Buffer): Promise<FoundStamp | undefined> {
  if (isPdf(file)) return readPdf(file)
  if (file.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'))) return readZip(file)
  return undefined
}
