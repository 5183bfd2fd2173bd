// Tracing: the code read back from a stamped PDF (metadata, or the printed
// line once the metadata is stripped), a Word file, a .doc bundle; nothing
// from an unstamped file.
import { PDFDocument, PDFName } from '@cantoo/pdf-lib'
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { bigPdf } from '../../../factories/big-pdf.ts'
import { wordDocx } from '../../../factories/word-docx.ts'
import {
  licenceLine,
  newTraceCode,
  readStampCode,
  sampleLine,
  stampFile,
  type LicenceStamp,
} from '../../../../src/modules/licensing/stamping/index.ts'
import { readBack } from '../../../helpers/pdf-read-back.ts'

function zhStamp(): LicenceStamp {
  const code = newTraceCode()
  return {
    lang: 'zh-CN',
    code,
    line: licenceLine('zh-CN', { holder: '李伟', company: '某某咨询', licence: 'multi', orderNo: 'ZY2026', date: '2026-12-02', code }),
  }
}

describe('reading the trace code back', () => {
  it('from a stamped PDF’s metadata, and from its pages once the metadata is stripped', async () => {
    const stamp = zhStamp()
    const stamped = Buffer.concat((await stampFile(await bigPdf({ pages: 6 }), 'pdf', 'r.pdf', stamp)).parts)
    expect(await readStampCode(stamped)).toEqual({ code: stamp.code, via: 'metadata' })

    const doc = await PDFDocument.load(stamped)
    doc.context.trailerInfo.Info = undefined
    doc.catalog.delete(PDFName.of('Metadata'))
    const stripped = Buffer.from(await doc.save())
    expect((await readBack(stripped)).info.Custom).toBeUndefined()
    expect(await readStampCode(stripped)).toEqual({ code: stamp.code, via: 'text' })
  })

  it('from a sample', async () => {
    const code = newTraceCode()
    const line = sampleLine('en-US', { company: 'Acme', email: 'li@acme.com', requestNo: 'S1', date: '2026-12-02', code })
    const stamped = Buffer.concat((await stampFile(await bigPdf({ pages: 1 }), 'pdf', 's.pdf', { lang: 'en-US', code, line })).parts)
    expect(await readStampCode(stamped)).toEqual({ code, via: 'metadata' })
  })

  it('from a stamped Word file: its properties, else its footer', async () => {
    const stamp = zhStamp()
    const stamped = Buffer.concat((await stampFile(await wordDocx([{ text: 'one' }]), 'docx', 'r.docx', stamp)).parts)
    expect(await readStampCode(stamped)).toEqual({ code: stamp.code, via: 'metadata' })
    const zip = await JSZip.loadAsync(stamped)
    zip.remove('docProps/custom.xml')
    zip.remove('docProps/core.xml')
    expect(await readStampCode(await zip.generateAsync({ type: 'nodebuffer' }))).toEqual({ code: stamp.code, via: 'text' })
  })

  it('from a legacy .doc bundle: the original beside a stamped licence certificate', async () => {
    const stamp = zhStamp()
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024, 7)])
    const file = await stampFile(doc, 'doc', '储能报告.doc', stamp)
    expect(file).toMatchObject({ name: '储能报告.zip', type: 'application/zip' })
    const bundle = Buffer.concat(file.parts)
    const zip = await JSZip.loadAsync(bundle)
    expect(Object.keys(zip.files).sort()).toEqual(['licence.pdf', '储能报告.doc'])
    expect((await zip.file('储能报告.doc')!.async('nodebuffer')).equals(doc)).toBe(true)
    const certificate = await readBack(await zip.file('licence.pdf')!.async('nodebuffer'))
    expect(certificate.pages).toBe(1)
    expect(certificate.text[0]!.replace(/\s+/g, '')).toContain(stamp.line.replace(/\s+/g, ''))
    expect(certificate.text[0]).toContain('授权证书')
    expect(await readStampCode(bundle)).toEqual({ code: stamp.code, via: 'metadata' })
  })

  it('nothing from an unstamped file, or one that is not a document', async () => {
    expect(await readStampCode(await bigPdf({ pages: 3 }))).toBeUndefined()
    expect(await readStampCode(await wordDocx([{ text: 'one', footer: 'F' }]))).toBeUndefined()
    expect(await readStampCode(Buffer.from('%PDF-1.7 broken'))).toBeUndefined()
    expect(await readStampCode(Buffer.from('hello'))).toBeUndefined()
  })
})
