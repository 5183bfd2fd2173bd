// Stamping keeps what a reader relies on (outline, links, text) and adds the
// line on every page and in the metadata: each checked by reading the
// stamped file back with pdf.js (unpdf), as a viewer would.
import { PDFDocument, StandardFonts, degrees } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { bigPdf, outlineTitle, pageLink, pageText } from '../../../factories/big-pdf.ts'
import { licenceLine, newTraceCode, stampFile, StampError, type LicenceStamp } from '../../../../src/modules/licensing/stamping/index.ts'
import { readBack } from '../../../helpers/pdf-read-back.ts'

const joined = (parts: Buffer[]) => Buffer.concat(parts)
/** pdf.js may split a line into pieces with spaces between: compare without whitespace. */
const squeeze = (text: string) => text.replace(/\s+/g, '')

function enStamp(): LicenceStamp {
  const code = newTraceCode()
  const line = licenceLine('en-US', {
    holder: 'Li Wei',
    company: 'Acme Analytics Ltd',
    licence: 'multi',
    orderNo: '2026120212345678',
    date: '2026-12-02',
    code,
  })
  return { lang: 'en-US', code, line }
}

async function stampError(promise: Promise<unknown>): Promise<StampError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(StampError)
  return error as StampError
}

describe('stamping a 300-page PDF', () => {
  const stamp = enStamp()
  let source: Buffer
  let stamped: Buffer
  let parts: Buffer[]

  beforeAll(async () => {
    // Images of noise make it a few MB, so that pages carry XObject resources like a real report's.
    source = await bigPdf({ pages: 300, targetBytes: 3_000_000 })
    const file = await stampFile(source, 'pdf', 'battery-market-2026.pdf', stamp)
    expect(file).toMatchObject({ name: 'battery-market-2026.pdf', type: 'application/pdf' })
    parts = file.parts
    stamped = joined(file.parts)
    expect(stamped.length).toBe(file.size)
  }, 120_000)

  it('appends an incremental update: the original bytes come first, untouched, not copied', () => {
    expect(parts[0]).toBe(source)
    expect(stamped.subarray(0, source.length).equals(source)).toBe(true)
    expect(stamped.length - source.length).toBeLessThan(source.length / 4)
  })

  it('keeps the page count, the outline, each link and each page text, and prints the line on every page', async () => {
    const back = await readBack(stamped)
    expect(back.pages).toBe(300)
    expect(back.outline).toEqual(Array.from({ length: 300 }, (_, i) => outlineTitle(i)))
    back.links.forEach((urls, i) => expect(urls).toEqual([pageLink(i)]))
    back.text.forEach((text, i) => {
      expect(text).toContain(pageText(i))
      expect(squeeze(text)).toContain(squeeze(stamp.line))
    })
  }, 120_000)

  it('sets the metadata: Subject the line, Keywords the code before the old ones, RptLicence the code; Title kept', async () => {
    const { info } = await readBack(stamped)
    expect(info.Subject).toBe(stamp.line)
    expect(info.Keywords).toBe(`${stamp.code} market research`)
    expect(info.Custom?.RptLicence).toBe(stamp.code)
    expect(info.Title).toBe('Big report')
  }, 120_000)
})

describe('stamping other PDFs', () => {
  it('stamps a PDF 1.7 with object streams and a cross-reference stream', async () => {
    const original = await PDFDocument.load(await bigPdf({ pages: 5 }))
    const compact = Buffer.from(await original.save({ useObjectStreams: true }))
    expect(compact.toString('latin1')).toContain('/ObjStm')
    expect(compact.toString('latin1')).toContain('/XRef')
    const stamp = enStamp()
    const back = await readBack(joined((await stampFile(compact, 'pdf', 'a.pdf', stamp)).parts))
    expect(back.pages).toBe(5)
    expect(back.outline).toEqual([0, 1, 2, 3, 4].map(outlineTitle))
    back.text.forEach((text, i) => {
      expect(text).toContain(pageText(i))
      expect(squeeze(text)).toContain(squeeze(stamp.line))
    })
    expect(back.info.Custom?.RptLicence).toBe(stamp.code)
  })

  it('stamps rotated pages and pages whose MediaBox does not start at 0,0, along the edge the reader sees at the bottom', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    for (const rotation of [0, 90, 180, 270]) {
      const page = doc.addPage()
      page.setMediaBox(100, 200, 300, 400) // x, y, width, height: the box is [100 200 400 600]
      page.setRotation(degrees(rotation))
      page.drawText(`Rotated ${rotation}`, { x: 150, y: 400, size: 12, font })
    }
    const stamp = enStamp()
    const stamped = joined((await stampFile(Buffer.from(await doc.save()), 'pdf', 'r.pdf', stamp)).parts)
    const back = await readBack(stamped)
    back.text.forEach((text, i) => {
      expect(text).toContain(`Rotated ${i * 90}`)
      expect(squeeze(text)).toContain(squeeze(stamp.line))
    })
    // Where the line is: its first glyph's position and direction, as pdf.js reports them.
    const { getDocumentProxy } = await import('unpdf')
    const pdf = await getDocumentProxy(new Uint8Array(stamped))
    for (let i = 0; i < 4; i++) {
      const page = await pdf.getPage(i + 1)
      const item = (await page.getTextContent()).items.find((it) => 'str' in it && it.str.startsWith('Licensed')) as any
      const [a, b, , , e, f] = item.transform as [number, number, number, number, number, number]
      const rotation = i * 90
      // The text runs along the shown bottom edge: +x, +y, −x, −y in user space, inside the box.
      expect([Math.sign(Math.round(a)) + 0, Math.sign(Math.round(b)) + 0]).toEqual(
        { 0: [1, 0], 90: [0, 1], 180: [-1, 0], 270: [0, -1] }[rotation],
      )
      expect(e).toBeGreaterThanOrEqual(100)
      expect(e).toBeLessThanOrEqual(400)
      expect(f).toBeGreaterThanOrEqual(200)
      expect(f).toBeLessThanOrEqual(600)
      const nearEdge = { 0: f - 200, 90: 400 - e, 180: 600 - f, 270: e - 100 }[rotation]!
      expect(nearEdge).toBeLessThan(20)
    }
    await pdf.loadingTask.destroy()
  })

  it('prints a Chinese line (CJK font from a package) that reads back exactly', async () => {
    const code = newTraceCode()
    const line = licenceLine('zh-CN', {
      holder: '李伟',
      company: '上海某某咨询有限公司',
      licence: 'enterprise',
      orderNo: '2026120212345678',
      date: '2026-12-02',
      code,
    })
    const back = await readBack(
      joined((await stampFile(await bigPdf({ pages: 2 }), 'pdf', '报告.pdf', { lang: 'zh-CN', code, line })).parts),
    )
    for (const text of back.text) expect(squeeze(text)).toContain(squeeze(line))
    expect(back.info.Subject).toBe(line)
  })

  it('refuses an encrypted PDF with a clear reason', async () => {
    const doc = await PDFDocument.load(await bigPdf({ pages: 1 }))
    doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner', permissions: {} })
    const encrypted = Buffer.from(await doc.save())
    const error = await stampError(stampFile(encrypted, 'pdf', 'e.pdf', enStamp()))
    expect(error.reason).toBe('encrypted')
    expect(error.message).toMatch(/encrypted/)
  })

  it('refuses damaged files with a clear reason: garbage, truncated, empty, no pages', async () => {
    const good = await bigPdf({ pages: 3 })
    const noPages = await PDFDocument.create()
    const cases = [
      Buffer.from('this is not a PDF at all'),
      Buffer.alloc(0),
      good.subarray(0, Math.floor(good.length * 0.6)),
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('garbage garbage')]),
      Buffer.from(await noPages.save({ addDefaultPage: false })),
    ]
    for (const bytes of cases) {
      const error = await stampError(stampFile(bytes, 'pdf', 'd.pdf', enStamp()))
      expect(error.reason).toBe('damaged')
      expect(error.message).toMatch(/PDF/)
    }
  })
})
