// Stamping a Word file (.docx): the licence line as a last, small grey
// paragraph of every footer the document's sections show, and the line and
// code in its properties (core.xml's description and keywords, custom.xml's
// RptLicence). The XML is edited as text, in place: every part not named
// here keeps its bytes, and Word's own markup around the edit is untouched.
import JSZip from 'jszip'
import type { LicenceStamp } from './lines.ts'
import { StampError } from './stamp-error.ts'
import { setCoreProperties, setCustomProperty } from './docx-properties.ts'
import { addOverride, addRelationship, escapeXml, namespacePrefix, type Rels, readRels } from './docx-parts.ts'

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const FOOTER_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer'
const FOOTER_CONTENT = 'application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml'
const DOCUMENT = 'word/document.xml'
const DOCUMENT_RELS = 'word/_rels/document.xml.rels'
/** An OLE compound file: what Word writes for a password-protected .docx. */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

function paragraph(stamp: LicenceStamp): string {
  const lang = stamp.lang === 'zh-CN' ? '<w:lang w:val="zh-CN" w:eastAsia="zh-CN"/>' : '<w:lang w:val="en-US"/>'
  return (
    '<w:p><w:pPr><w:jc w:val="center"/><w:spacing w:before="60" w:after="0"/></w:pPr>' +
    `<w:r><w:rPr><w:color w:val="666666"/><w:sz w:val="14"/><w:szCs w:val="14"/>${lang}</w:rPr>` +
    `<w:t xml:space="preserve">${escapeXml(stamp.line)}</w:t></w:r></w:p>`
  )
}

export async function openDocx(source: Buffer): Promise<JSZip> {
  if (source.subarray(0, 8).equals(OLE))
    throw new StampError(
      'encrypted',
      'The Word file is password-protected (or a legacy .doc named .docx): upload a copy without a password.',
    )
  let zip: JSZip
  try {
    zip = await JSZip.loadAsync(source)
  } catch (error) {
    throw new StampError('damaged', `The Word file is damaged: it is not a valid .docx package (${String(error)}).`, { cause: error })
  }
  if (!zip.file(DOCUMENT)) throw new StampError('damaged', 'The Word file is damaged: it has no word/document.xml.')
  return zip
}

/** Each section's properties in body order, skipping the old ones kept inside tracked changes (w:sectPrChange). */
function sections(xml: string): Array<{ start: number; end: number; text: string }> {
  const found: Array<{ start: number; end: number; text: string }> = []
  const tags = /<w:sectPr\b[^>]*?\/>|<w:sectPr\b[^>]*>|<\/w:sectPr>|<w:sectPrChange\b[^>]*\/>|<w:sectPrChange\b[^>]*>|<\/w:sectPrChange>/g
  let change = 0
  let open = -1
  for (const match of xml.matchAll(tags)) {
    const tag = match[0]
    if (tag.startsWith('<w:sectPrChange')) change += tag.endsWith('/>') ? 0 : 1
    else if (tag === '</w:sectPrChange>') change -= 1
    else if (change > 0) continue
    else if (tag.endsWith('/>')) found.push({ start: match.index, end: match.index + tag.length, text: tag })
    else if (tag === '</w:sectPr>') {
      if (open >= 0) found.push({ start: open, end: match.index + tag.length, text: xml.slice(open, match.index + tag.length) })
      open = -1
    } else open = match.index
  }
  return found
}

/** Footer types a section shows: first and even only when it asks for them. */
function typesShown(section: string, evenAndOdd: boolean): string[] {
  const types = ['default']
  if (/<w:titlePg(?:\s*\/>|\s+w:val="(?:1|true|on)"\s*\/>)/.test(section)) types.push('first')
  if (evenAndOdd) types.push('even')
  return types
}

function footerRefs(section: string, rPrefix: string): Map<string, string> {
  const refs = new Map<string, string>()
  for (const [tag] of section.matchAll(/<w:footerReference\b[^>]*>/g)) {
    const type = /w:type="(\w+)"/.exec(tag)?.[1]
    const id = new RegExp(`${rPrefix}:id="([^"]+)"`).exec(tag)?.[1]
    if (type && id) refs.set(type, id)
  }
  return refs
}

function newFooterName(zip: JSZip): string {
  for (let n = 1; ; n++) if (!zip.file(`word/footer${n}.xml`)) return `word/footer${n}.xml`
}

export async function stampDocx(source: Buffer, stamp: LicenceStamp): Promise<Buffer> {
  const zip = await openDocx(source)
  const original = await zip.file(DOCUMENT)!.async('string')
  let xml = original
  const body = xml.lastIndexOf('</w:body>')
  if (!xml.includes(`"${W}"`) || body < 0)
    throw new StampError('unsupported', 'The Word file is not a WordprocessingML (transitional) document: it cannot be stamped.')
  const rels: Rels = await readRels(zip, DOCUMENT_RELS)
  const settings = (await zip.file('word/settings.xml')?.async('string')) ?? ''
  const evenAndOdd = /<w:evenAndOddHeaders(?:\s*\/>|\s+w:val="(?:1|true|on)"\s*\/>)/.test(settings)
  // The prefix the document binds to the relationships namespace; declared on the root if none.
  let rPrefix = namespacePrefix(xml, R)
  if (!rPrefix) {
    rPrefix = 'r'
    xml = xml.replace(/<w:document\b/, `<w:document xmlns:r="${R}"`)
  }
  let list = sections(xml)
  if (list.length === 0) {
    // No section properties: the document is one section with Word's defaults.
    const at = xml.lastIndexOf('</w:body>')
    xml = `${xml.slice(0, at)}<w:sectPr/>${xml.slice(at)}`
    list = sections(xml)
  }

  const footers = new Set<string>() // footer parts to append the line to
  let created: { id: string; part: string } | undefined
  const inherited = new Set<string>() // types an earlier section defines: a later one without them shows those
  const edits: Array<{ start: number; end: number; text: string }> = []
  for (const section of list) {
    const refs = footerRefs(section.text, rPrefix)
    for (const [type, id] of refs) {
      const part = rels.targets.get(id)
      if (part) footers.add(part)
      inherited.add(type)
    }
    const missing = typesShown(section.text, evenAndOdd).filter((type) => !refs.has(type) && !inherited.has(type))
    if (missing.length === 0) continue
    if (!created) {
      const part = newFooterName(zip)
      created = { part, id: addRelationship(rels, FOOTER_TYPE, part.slice('word/'.length)) }
    }
    const added = missing.map((type) => `<w:footerReference w:type="${type}" ${rPrefix}:id="${created!.id}"/>`).join('')
    missing.forEach((type) => inherited.add(type))
    const text = section.text.endsWith('/>')
      ? `${section.text.slice(0, -2).trimEnd()}>${added}</w:sectPr>`
      : section.text.replace(/^<w:sectPr\b[^>]*>/, (open) => open + added)
    edits.push({ ...section, text })
  }
  for (const edit of edits.reverse()) xml = xml.slice(0, edit.start) + edit.text + xml.slice(edit.end)

  const line = paragraph(stamp)
  for (const part of footers) {
    const file = zip.file(part)
    if (!file) continue // a dangling reference: Word shows nothing there either
    const footer = await file.async('string')
    const close = footer.lastIndexOf('</w:ftr>')
    if (close < 0) continue
    zip.file(part, footer.slice(0, close) + line + footer.slice(close))
  }
  if (created) {
    zip.file(created.part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:ftr xmlns:w="${W}" xmlns:r="${R}">${line}</w:ftr>`)
    zip.file(DOCUMENT_RELS, rels.write())
    await addOverride(zip, `/${created.part}`, FOOTER_CONTENT)
  }
  if (xml !== original) zip.file(DOCUMENT, xml)
  await setCoreProperties(zip, stamp)
  await setCustomProperty(zip, 'RptLicence', stamp.code)
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } })
}
