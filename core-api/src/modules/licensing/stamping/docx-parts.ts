// The package plumbing of a .docx (Open Packaging Conventions): relationship
// parts, [Content_Types].xml and namespace prefixes, read and written as
// text so that what is not changed keeps its bytes.
import { posix } from 'node:path'
import type JSZip from 'jszip'

export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Characters XML 1.0 cannot carry at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
  )
}

/** The prefix an element in `xml` binds to `namespace` (the first such declaration), if any. */
export function namespacePrefix(xml: string, namespace: string): string | undefined {
  const escaped = namespace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`xmlns:([\\w.-]+)="${escaped}"`).exec(xml)?.[1]
}

export interface Rels {
  /** Relationship id → the part it points at, as a path in the zip (internal targets only). */
  targets: Map<string, string>
  xml: string
  write(): string
}

/** A relationships part; an empty one when the package has none yet. */
export async function readRels(zip: JSZip, path: string): Promise<Rels> {
  const xml =
    (await zip.file(path)?.async('string')) ??
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>'
  // word/_rels/document.xml.rels speaks of targets relative to word/.
  const base = posix.dirname(posix.dirname(path))
  const targets = new Map<string, string>()
  for (const [tag] of xml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(tag)?.[1]
    const target = /\bTarget="([^"]+)"/.exec(tag)?.[1]
    if (!id || !target || /TargetMode="External"/.test(tag)) continue
    const part = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(base, target))
    targets.set(id, part)
  }
  const rels: Rels = { targets, xml, write: () => rels.xml }
  return rels
}

/** Adds a relationship and answers its new id. */
export function addRelationship(rels: Rels, type: string, target: string): string {
  let n = 1
  while (rels.xml.includes(`Id="rIdRpt${n}"`)) n++
  const id = `rIdRpt${n}`
  const tag = `<Relationship Id="${id}" Type="${type}" Target="${escapeXml(target)}"/>`
  const close = rels.xml.lastIndexOf('</Relationships>')
  rels.xml = close >= 0 ? rels.xml.slice(0, close) + tag + rels.xml.slice(close) : rels.xml.replace(/\/>\s*$/, `>${tag}</Relationships>`)
  return id
}

/** Declares a part's content type in [Content_Types].xml, unless it is already declared. */
export async function addOverride(zip: JSZip, partName: string, contentType: string): Promise<void> {
  const path = '[Content_Types].xml'
  const xml = await zip.file(path)?.async('string')
  if (xml === undefined || xml.includes(`PartName="${partName}"`)) return
  const tag = `<Override PartName="${partName}" ContentType="${contentType}"/>`
  const close = xml.lastIndexOf('</Types>')
  zip.file(path, xml.slice(0, close) + tag + xml.slice(close))
}

/** Inserts `content` as the last child of the root element `root` (prefix included), opening a self-closed root. */
export function appendToRoot(xml: string, root: string, content: string): string {
  const close = xml.lastIndexOf(`</${root}>`)
  if (close >= 0) return xml.slice(0, close) + content + xml.slice(close)
  return xml.replace(new RegExp(`(<${root.replace(/[.]/g, '\\.')}\\b[^>]*?)\\s*/>`), `$1>${content}</${root}>`)
}
