// A .docx's document properties: core.xml's description (the licence line)
// and keywords (the trace code first, the publisher's keywords kept), and
// custom.xml's RptLicence (the code), which Word shows under File › Info ›
// Properties › Custom. Parts the package lacks are created and declared.
import type JSZip from 'jszip'
import type { LicenceStamp } from './lines.ts'
import { addOverride, addRelationship, appendToRoot, escapeXml, namespacePrefix, readRels } from './docx-parts.ts'

const PACKAGE_RELS = '_rels/.rels'
const CORE_TYPE = 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties'
const CUSTOM_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties'
const CP = 'http://schemas.openxmlformats.org/package/2006/metadata/core-properties'
const DC = 'http://purl.org/dc/elements/1.1/'
const VT = 'http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes'
const CUSTOM = 'http://schemas.openxmlformats.org/officeDocument/2006/custom-properties'
/** The property set every custom document property belongs to. */
const FMTID = '{D5CDD505-2E9C-101B-9397-08002B2CF9AE}'
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

/** The part a package relationship of `type` points at, creating the part (empty root) if there is none. */
async function propertyPart(zip: JSZip, type: string, fallback: string, empty: string, contentType: string): Promise<[string, string]> {
  const rels = await readRels(zip, PACKAGE_RELS)
  const tag = [...rels.xml.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`Type="${type}"`))
  const id = tag && /\bId="([^"]+)"/.exec(tag)?.[1]
  const path = (id && rels.targets.get(id)) || fallback
  const xml = await zip.file(path)?.async('string')
  if (xml !== undefined) return [path, xml]
  if (!id) {
    addRelationship(rels, type, path)
    zip.file(PACKAGE_RELS, rels.write())
  }
  await addOverride(zip, `/${path}`, contentType)
  return [path, HEAD + empty]
}

/** Replaces element `name`'s content in `xml`, or adds it as the root's last child. */
function setElement(xml: string, name: string, value: string, root: string): string {
  const escapedName = name.replace('.', '\\.')
  const present = new RegExp(`<${escapedName}(\\s[^>]*)?(/>|>[\\s\\S]*?</${escapedName}>)`)
  const element = `<${name}>${escapeXml(value)}</${name}>`
  if (present.test(xml)) return xml.replace(present, element)
  return appendToRoot(xml, root, element)
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
}

export async function setCoreProperties(zip: JSZip, stamp: LicenceStamp): Promise<void> {
  const [path, found] = await propertyPart(
    zip,
    CORE_TYPE,
    'docProps/core.xml',
    `<cp:coreProperties xmlns:cp="${CP}" xmlns:dc="${DC}"></cp:coreProperties>`,
    'application/vnd.openxmlformats-package.core-properties+xml',
  )
  let xml = found
  const root = /<([\w.-]+:)?coreProperties\b/.exec(xml)
  if (!root) return // not a core properties part: left as it is
  let cp = namespacePrefix(xml, CP) ?? ''
  let dc = namespacePrefix(xml, DC)
  if (!dc) {
    dc = 'dc'
    xml = xml.replace(/<([\w.-]+:)?coreProperties\b/, (open) => `${open} xmlns:dc="${DC}"`)
  }
  if (!cp && root[1]) cp = root[1].slice(0, -1)
  const rootName = `${root[1] ?? ''}coreProperties`
  const keywordsTag = cp ? `${cp}:keywords` : 'keywords'
  const existing = new RegExp(`<${keywordsTag}(?:\\s[^>]*)?>([\\s\\S]*?)</${keywordsTag}>`).exec(xml)?.[1] ?? ''
  const keywords = unescapeXml(existing)
    .split(/[;,]?\s+/)
    .filter((word) => word !== '' && word !== stamp.code)
  xml = setElement(xml, `${dc}:description`, stamp.line, rootName)
  xml = setElement(xml, keywordsTag, [stamp.code, ...keywords].join(' '), rootName)
  zip.file(path, xml)
}

export async function setCustomProperty(zip: JSZip, name: string, value: string): Promise<void> {
  const [path, found] = await propertyPart(
    zip,
    CUSTOM_TYPE,
    'docProps/custom.xml',
    `<Properties xmlns="${CUSTOM}" xmlns:vt="${VT}"></Properties>`,
    'application/vnd.openxmlformats-officedocument.custom-properties+xml',
  )
  let xml = found
  const root = /<([\w.-]+:)?Properties\b/.exec(xml)
  if (!root) return
  const p = root[1] ?? ''
  let vt = namespacePrefix(xml, VT)
  if (!vt) {
    vt = 'vt'
    xml = xml.replace(/<([\w.-]+:)?Properties\b/, (open) => `${open} xmlns:vt="${VT}"`)
  }
  const property = `<${p}property fmtid="${FMTID}" pid="PID" name="${escapeXml(name)}"><${vt}:lpwstr>${escapeXml(value)}</${vt}:lpwstr></${p}property>`
  const same = new RegExp(`<${p}property\\b[^>]*\\bname="${name}"[^>]*>[\\s\\S]*?</${p}property>`)
  const old = same.exec(xml)
  if (old) {
    const pid = /\bpid="(\d+)"/.exec(old[0])?.[1] ?? '2'
    xml = xml.replace(same, property.replace('PID', pid))
  } else {
    // pids start at 2 and are unique in the part.
    const pids = [...xml.matchAll(/\bpid="(\d+)"/g)].map((m) => Number(m[1]))
    const pid = Math.max(1, ...pids) + 1
    xml = appendToRoot(xml, `${p}Properties`, property.replace('PID', String(pid)))
  }
  zip.file(path, xml)
}
