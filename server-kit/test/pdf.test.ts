// The business-document kit: a document in either language is a real PDF with
// the CJK font embedded as a subset, its metadata set, and the same input
// renders the same bytes.
import { describe, expect, it } from 'vitest'
import { drawFields, drawNote, drawTable, drawTitle, renderPdf, type PdfMeta } from '../src/pdf/index.ts'

const META: PdfMeta = { title: '形式发票 PF-20261202-0001', author: '恒智研究', date: new Date('2026-12-02T02:00:00Z'), language: 'zh-CN' }

const invoice = () =>
  renderPdf(META, (doc) => {
    drawTitle(doc, '形式发票', '编号 PF-20261202-0001 · 2026-12-02')
    drawFields(doc, '买方', [
      ['名称', '上海示例科技有限公司'],
      ['统一社会信用代码', '91310000MA1FL4T75X'],
      ['地址', null],
    ])
    drawTable(
      doc,
      [
        { label: '项目', share: 0.7 },
        { label: '金额（元）', share: 0.3, align: 'right' },
      ],
      [['2027年中国储能电池市场研究报告（企业版）', '33,600.00']],
    )
    drawNote(doc, 'Payment by bank transfer within 7 days.')
  })

describe('renderPdf', () => {
  it('renders a Chinese and English document with an embedded font subset', async () => {
    const pdf = await invoice()
    const text = pdf.toString('latin1')
    expect(text.startsWith('%PDF-')).toBe(true)
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
    // A subset (a six-letter tag before the name), not the 10 MB font.
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/)
    expect(pdf.length).toBeLessThan(200_000)
    expect(text).toContain('/Lang (zh-CN)')
  })

  it('renders the same bytes for the same input', async () => {
    const [a, b] = await Promise.all([invoice(), invoice()])
    expect(a.equals(b)).toBe(true)
  })
})
