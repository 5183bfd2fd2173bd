// Stamping a PDF as a true incremental update (ISO 32000-1 §7.5.6): the
// original bytes are kept as they are and a short section is appended that
// redefines only the objects the stamp touches (each page, its content list
// and resources, the Info dictionary). The outline, links, text and every
// other object of the original are untouched by construction, and the caller
// streams [original, increment] without copying 20 MB into a new buffer.
//
// @cantoo/pdf-lib (the maintained fork of pdf-lib, MIT) parses and writes;
// its `forIncrementalUpdate` mode is not used: its change tracking is
// quadratic in the page count (3.4 s for 300 pages). The objects changed are
// marked by hand instead (markChanged), which keeps 300 pages well under 1 s.
import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  degrees,
  type PDFEmbeddedPage,
  type PDFPage,
} from '@cantoo/pdf-lib'
import type { LicenceStamp } from './lines.ts'
import { renderLine, LINE_HEIGHT } from './overlay.ts'
import { StampError } from './stamp-error.ts'

/** Distance of the line's box from the page's bottom edge, and the least space beside it, in points. */
const BOTTOM = 6
const SIDE = 18

export interface StampedPdf {
  /** Concatenated in order, the stamped file. */
  parts: Buffer[]
  size: number
}

async function load(source: Buffer): Promise<PDFDocument> {
  let doc: PDFDocument
  try {
    // updateMetadata: false keeps the Producer and dates; the stamp sets its own keys only.
    doc = await PDFDocument.load(source, { updateMetadata: false })
  } catch (error) {
    if (error instanceof EncryptedPDFError || (error instanceof Error && /is encrypted/.test(error.message)))
      throw new StampError('encrypted', 'The PDF is encrypted (password-protected): upload a copy without a password.', { cause: error })
    throw new StampError('damaged', `The PDF cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  const startXRef = doc.context.pdfFileDetails.prevStartXRef
  if (typeof startXRef !== 'number' || !(startXRef > 0 && startXRef < source.length))
    throw new StampError('damaged', 'The PDF is damaged: it has no cross-reference trailer (a truncated upload?).')
  let pages: number
  try {
    pages = doc.getPageCount()
  } catch (error) {
    throw new StampError('damaged', 'The PDF is damaged: its page tree cannot be read.', { cause: error })
  }
  if (pages === 0) throw new StampError('damaged', 'The PDF is damaged: it has no pages.')
  return doc
}

/** Whether the last startxref points at a cross-reference section, so that an increment can chain to it. */
function xrefIsWhereItSays(source: Buffer, offset: number): boolean {
  const head = source
    .subarray(offset, offset + 32)
    .toString('latin1')
    .trimStart()
  return head.startsWith('xref') || /^\d+\s+\d+\s+obj\b/.test(head)
}

/** The page's visible box (CropBox, else MediaBox), corners ordered, and its rotation in 0, 90, 180, 270. */
function geometry(page: PDFPage) {
  const box = page.node.CropBox() ?? page.node.MediaBox()
  const [a, b, c, d] = [0, 1, 2, 3].map((i) => box.lookup(i, PDFNumber).asNumber()) as [number, number, number, number]
  const rotation = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360
  return { x0: Math.min(a, c), y0: Math.min(b, d), x1: Math.max(a, c), y1: Math.max(b, d), rotation }
}

/**
 * Draws the line centred at the bottom of the page as a reader sees it:
 * for a rotated page that is another edge of the MediaBox, and the line is
 * turned with the page. A narrow page gets the line scaled down to fit.
 */
function drawStamp(page: PDFPage, line: PDFEmbeddedPage) {
  const { x0, y0, x1, y1, rotation } = geometry(page)
  const upright = rotation === 0 || rotation === 180
  const shownWidth = upright ? x1 - x0 : y1 - y0
  const scale = Math.min(1, Math.max(0.1, (shownWidth - 2 * SIDE) / line.width))
  const width = line.width * scale
  const height = LINE_HEIGHT * scale
  // (u, v): from the shown page's bottom-left corner, rightwards and upwards.
  const u = (shownWidth - width) / 2
  const v = BOTTOM
  const origin = {
    0: { x: x0 + u, y: y0 + v },
    90: { x: x1 - v, y: y0 + u },
    180: { x: x1 - u, y: y1 - v },
    270: { x: x0 + v, y: y1 - u },
  }[rotation as 0 | 90 | 180 | 270]
  page.drawPage(line, { ...origin, width, height, rotate: degrees(rotation) })
}

/** The indirect objects drawing on a page may change in place: they are written again in the increment. */
function changedBy(page: PDFPage): PDFRef[] {
  const { node, doc } = page
  const refs: PDFRef[] = [page.ref]
  const contents = node.get(PDFName.of('Contents'))
  if (contents instanceof PDFRef && doc.context.lookup(contents) instanceof PDFArray) refs.push(contents)
  const resources = node.getInheritableAttribute(PDFName.of('Resources'))
  if (resources instanceof PDFRef) refs.push(resources)
  const dict = doc.context.lookup(resources)
  if (dict instanceof PDFDict)
    for (const key of ['XObject', 'Font', 'ExtGState']) {
      const entry = dict.get(PDFName.of(key))
      if (entry instanceof PDFRef) refs.push(entry)
    }
  return refs
}

/** Subject = the line, Keywords = the code before any existing keywords, /RptLicence = the code. */
function setInfo(doc: PDFDocument, stamp: LicenceStamp): PDFRef | undefined {
  const { context } = doc
  const existing = context.lookup(context.trailerInfo.Info)
  let info: PDFDict
  if (existing instanceof PDFDict) info = existing
  else {
    info = context.obj({})
    context.trailerInfo.Info = context.register(info)
  }
  const keywords = (doc.getKeywords() ?? '').split(/[;,]?\s+/).filter((word) => word !== '' && word !== stamp.code)
  info.set(PDFName.of('Subject'), PDFHexString.fromText(stamp.line))
  info.set(PDFName.of('Keywords'), PDFHexString.fromText([stamp.code, ...keywords].join(' ')))
  info.set(PDFName.of('RptLicence'), PDFString.of(stamp.code))
  const ref = context.trailerInfo.Info
  return ref instanceof PDFRef ? ref : undefined
}

export async function stampPdf(source: Buffer, stamp: LicenceStamp): Promise<StampedPdf> {
  const doc = await load(source)
  const { context } = doc
  // New objects are numbered past the original's /Size, as the increment's xref requires.
  const size = context.trailerInfo.Size
  if (size instanceof PDFNumber) context.largestObjectNumber = Math.max(context.largestObjectNumber, size.asNumber() - 1)
  const snapshot = doc.takeSnapshot()
  try {
    const [line] = await doc.embedPdf(await renderLine(stamp))
    for (const page of doc.getPages()) {
      const changed = changedBy(page)
      drawStamp(page, line!)
      snapshot.markRefsForSave(changed)
    }
    const info = setInfo(doc, stamp)
    if (info) snapshot.markRefForSave(info)
  } catch (error) {
    if (error instanceof StampError) throw error
    throw new StampError(
      'damaged',
      `The PDF is damaged: a page cannot be stamped (${error instanceof Error ? error.message : String(error)}).`,
      {
        cause: error,
      },
    )
  }
  if (!xrefIsWhereItSays(source, context.pdfFileDetails.prevStartXRef)) {
    // A broken cross-reference offset (readers repair it silently): appending would chain to it,
    // so the file is written whole instead, as a reader would repair it. Rare and slower.
    const whole = await doc.save({ addDefaultPage: false, updateFieldAppearances: false })
    return { parts: [Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength)], size: whole.byteLength }
  }
  const increment = await doc.saveIncremental(snapshot)
  // The writer starts the increment with a line break, after the original's %%EOF.
  const parts = [source, Buffer.from(increment.buffer, increment.byteOffset, increment.byteLength)]
  return { parts, size: parts.reduce((sum, part) => sum + part.length, 0) }
}
