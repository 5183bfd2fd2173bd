import { describe, it, expect } from 'vitest'
import { renderSamplePdf, type SampleDocument } from './sample-files.ts'
import { htmlToPlainLines, toLatin1 } from './sample-text.ts'

function pageCount(pdf: Buffer): number {
  // Page objects are "/Type /Page"; the page tree root is "/Type /Pages".
  return (pdf.toString('latin1').match(/\/Type \/Page(?!s)/g) ?? []).length
}

function expectPdf(pdf: Buffer): void {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true)
  expect(pageCount(pdf)).toBeGreaterThanOrEqual(4)
}

const directoryZh = `
<h4>第一章 锂电池隔膜行业概述</h4><ul><li>第一节 隔膜的定义与分类</li><li>第二节 产业链结构</li></ul>
<h4>第二章 中国锂电池隔膜市场规模分析</h4><ul><li>第一节 2021-2025年市场规模</li></ul>
<h4>第三章 竞争格局 &amp; 重点企业</h4><ul><li>第一节 华锂新材股份有限公司</li></ul>`

describe('sample PDF rendering', () => {
  it('renders a zh-CN document', async () => {
    const doc: SampleDocument = {
      title: '2026-2031年中国锂电池隔膜行业市场深度调研及投资前景预测报告',
      code: 'ZY-2026-0142',
      publisher: '中研瞻策',
      lang: 'zh-CN',
      chapters: htmlToPlainLines(directoryZh),
      summary: '本报告系统分析了中国锂电池隔膜行业的市场规模、竞争格局与发展趋势。',
    }
    const pdf = await renderSamplePdf(doc, { date: new Date('2026-11-01T00:00:00Z') })
    expectPdf(pdf)
  }, 60_000)

  it('renders an en-US document', async () => {
    const doc: SampleDocument = {
      title: 'China Lithium Battery Separator Market In-Depth Research and Investment Outlook Report, 2026-2031',
      code: 'ZY-2026-0142',
      publisher: 'Zhongyan Insight Research',
      lang: 'en-US',
      chapters: ['Chapter 1 Industry Overview', 'Chapter 2 Market Size', 'Chapter 3 Competitive Landscape'],
      summary: 'The report analyses market size, competition and the outlook for lithium battery separators in China.',
    }
    const pdf = await renderSamplePdf(doc)
    expectPdf(pdf)
  }, 60_000)

  it('still renders when there are no chapters', async () => {
    const pdf = await renderSamplePdf({
      title: 'Empty outline',
      code: 'ZY-2026-0001',
      publisher: 'Zhongyan Insight Research',
      lang: 'en-US',
      chapters: [],
      summary: 'Summary.',
    })
    expectPdf(pdf)
  }, 60_000)
})

describe('htmlToPlainLines', () => {
  it('splits blocks into lines and decodes entities', () => {
    expect(htmlToPlainLines(directoryZh)).toEqual([
      '第一章 锂电池隔膜行业概述',
      '第一节 隔膜的定义与分类',
      '第二节 产业链结构',
      '第二章 中国锂电池隔膜市场规模分析',
      '第一节 2021-2025年市场规模',
      '第三章 竞争格局 & 重点企业',
      '第一节 华锂新材股份有限公司',
    ])
    expect(htmlToPlainLines('<ol><li>A &lt;b&gt; &quot;c&quot; &#39;d&#39;</li><li><strong>E</strong> F</li></ol>')).toEqual([
      'A <b> "c" \'d\'',
      'E F',
    ])
  })
})

describe('toLatin1', () => {
  it('replaces runs of non-Latin-1 text', () => {
    expect(toLatin1('2026-2031年中国锂电池隔膜行业报告', 'X (Chinese edition)')).toBe('2026-2031 X (Chinese edition)')
    expect(toLatin1('Café – “quoted”', 'X')).toBe('Café - "quoted"')
  })
})
