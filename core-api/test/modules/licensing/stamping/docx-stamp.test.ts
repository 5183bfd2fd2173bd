// Word files: the line in the footer every section shows, the properties
// set, and every other part of the package byte for byte as it was.
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { wordDocx } from '../../../factories/word-docx.ts'
import { licenceLine, newTraceCode, stampFile, StampError, type LicenceStamp } from '../../../../src/modules/licensing/stamping/index.ts'

function stampFor(company: string): LicenceStamp {
  const code = newTraceCode()
  return {
    lang: 'en-US',
    code,
    line: licenceLine('en-US', { holder: 'Li Wei', company, licence: 'single', orderNo: 'ZY2026', date: '2026-12-02', code }),
  }
}

const unescape = (xml: string) =>
  xml
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

/** Tags open and close in order: the part is well-formed as far as nesting goes. */
function balanced(xml: string): boolean {
  const stack: string[] = []
  for (const [tag, close, name] of xml.replace(/<\?[^>]*\?>/g, '').matchAll(/<(\/?)([\w:.-]+)[^>]*?>/g)) {
    if (tag.endsWith('/>')) continue
    if (close) {
      if (stack.pop() !== name) return false
    } else stack.push(name!)
  }
  return stack.length === 0
}

async function entries(zip: JSZip): Promise<Map<string, Buffer>> {
  const all = new Map<string, Buffer>()
  for (const file of Object.values(zip.files)) if (!file.dir) all.set(file.name, await file.async('nodebuffer'))
  return all
}

/** Each section's footer part for `type`, following Word's rule that a section without one shows the previous section's. */
async function footersShown(zip: JSZip, type: string): Promise<Array<string | undefined>> {
  const document = await zip.file('word/document.xml')!.async('string')
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string')
  const target = (id: string) => `word/${new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)![1]}`
  const shown: Array<string | undefined> = []
  let current: string | undefined
  for (const [section] of document.matchAll(/<w:sectPr\b[^>]*\/>|<w:sectPr\b[^>]*>[\s\S]*?<\/w:sectPr>/g)) {
    const id = new RegExp(`<w:footerReference[^>]*w:type="${type}"[^>]*r:id="([^"]+)"`).exec(section)?.[1]
    if (id) current = target(id)
    shown.push(current)
  }
  return shown
}

async function stampDocx(source: Buffer, stamp: LicenceStamp) {
  const file = await stampFile(source, 'docx', 'report.docx', stamp)
  expect(file.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  expect(file.name).toBe('report.docx')
  const bytes = Buffer.concat(file.parts)
  expect(bytes.length).toBe(file.size)
  return { bytes, zip: await JSZip.loadAsync(bytes) }
}

describe('stamping a Word file', () => {
  it('adds the line to every footer the sections show, keeping the publisher’s footers, and sets the properties', async () => {
    const source = await wordDocx(
      [
        { text: 'one', footer: 'Publisher footer', firstFooter: 'Cover footer' },
        { text: 'two' },
        { text: 'three', footer: 'Annex footer' },
      ],
      { keywords: 'market research' },
    )
    const stamp = stampFor('Acme & Sons <Europe> "Ltd"')
    const { zip } = await stampDocx(source, stamp)
    const before = await entries(await JSZip.loadAsync(source))
    const after = await entries(zip)

    const defaults = await footersShown(zip, 'default')
    expect(defaults).toEqual(['word/footer1.xml', 'word/footer1.xml', 'word/footer3.xml'])
    const shown = [...defaults, (await footersShown(zip, 'first'))[0]] as string[]
    expect(shown[3]).toBe('word/footer2.xml')
    for (const part of new Set(shown)) {
      const xml = after.get(part)!.toString()
      expect(balanced(xml)).toBe(true)
      expect(unescape(xml)).toContain(stamp.line)
    }
    expect(unescape(after.get('word/footer1.xml')!.toString())).toContain('Publisher footer')
    // No footer was missing: no part added, the document's XML untouched.
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort())

    const core = after.get('docProps/core.xml')!.toString()
    expect(balanced(core)).toBe(true)
    expect(unescape(/<dc:description>[\s\S]*?<\/dc:description>/.exec(core)![0])).toBe(stamp.line)
    expect(/<cp:keywords>([^<]*)</.exec(core)![1]).toBe(`${stamp.code} market research`)
    expect(core).toContain('<dc:title>Battery market 2026</dc:title>')
    const custom = after.get('docProps/custom.xml')!.toString()
    expect(balanced(custom)).toBe(true)
    expect(custom).toMatch(new RegExp(`<property fmtid="[^"]+" pid="2" name="RptLicence"><vt:lpwstr>${stamp.code}</vt:lpwstr></property>`))

    const changed = new Set(['docProps/core.xml', 'docProps/custom.xml', ...shown])
    for (const [name, bytes] of before) if (!changed.has(name)) expect(after.get(name)!.equals(bytes), name).toBe(true)
  })

  it('adds a footer part where no section has one, declared in the relationships and content types', async () => {
    const source = await wordDocx([{ text: 'one' }, { text: 'two' }])
    const stamp = stampFor('Acme')
    const { zip } = await stampDocx(source, stamp)
    const before = await entries(await JSZip.loadAsync(source))
    const after = await entries(zip)
    expect(await footersShown(zip, 'default')).toEqual(['word/footer1.xml', 'word/footer1.xml'])
    expect(before.has('word/footer1.xml')).toBe(false)
    expect(unescape(after.get('word/footer1.xml')!.toString())).toContain(stamp.line)
    expect(after.get('[Content_Types].xml')!.toString()).toContain(
      '<Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>',
    )
    for (const name of ['word/document.xml', 'word/_rels/document.xml.rels', '[Content_Types].xml'])
      expect(balanced(after.get(name)!.toString()), name).toBe(true)
    const changed = new Set([
      'docProps/core.xml',
      'docProps/custom.xml',
      'word/document.xml',
      'word/_rels/document.xml.rels',
      '[Content_Types].xml',
    ])
    for (const [name, bytes] of before) if (!changed.has(name)) expect(after.get(name)!.equals(bytes), name).toBe(true)
  })

  it('creates the property parts a package lacks', async () => {
    const zip = await JSZip.loadAsync(await wordDocx([{ text: 'one', footer: 'F' }]))
    zip.remove('docProps/core.xml')
    zip.remove('docProps/custom.xml')
    const rels = await zip.file('_rels/.rels')!.async('string')
    zip.file('_rels/.rels', rels.replace(/<Relationship [^>]*(core-properties|custom-properties)"[^>]*\/>/g, ''))
    const stamp = stampFor('Acme')
    const { zip: stamped } = await stampDocx(await zip.generateAsync({ type: 'nodebuffer' }), stamp)
    expect(await stamped.file('docProps/core.xml')!.async('string')).toContain(`<cp:keywords>${stamp.code}</cp:keywords>`)
    expect(await stamped.file('docProps/custom.xml')!.async('string')).toContain(`<vt:lpwstr>${stamp.code}</vt:lpwstr>`)
    const packageRels = await stamped.file('_rels/.rels')!.async('string')
    expect(packageRels).toContain('Target="docProps/core.xml"')
    expect(packageRels).toContain('Target="docProps/custom.xml"')
  })

  it('refuses a file that is not a Word package, with a clear reason', async () => {
    const reasons = async (bytes: Buffer) =>
      stampFile(bytes, 'docx', 'x.docx', stampFor('Acme')).then(
        () => 'stamped',
        (e: unknown) => (e instanceof StampError ? e.reason : String(e)),
      )
    expect(await reasons(Buffer.from('not a zip'))).toBe('damaged')
    const other = new JSZip()
    other.file('hello.txt', 'hi')
    expect(await reasons(await other.generateAsync({ type: 'nodebuffer' }))).toBe('damaged')
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)])
    expect(await reasons(ole)).toBe('encrypted')
  })
})
