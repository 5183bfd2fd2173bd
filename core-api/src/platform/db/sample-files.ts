// Renders the downloadable PDFs that seeding attaches to reports and bulletins
// flagged hasFile. The files are samples, but they are real multi-page PDFs so
// that the download path (headers, sizes, viewers) is exercised end to end.
import { existsSync, readFileSync } from 'node:fs'
import PDFDocument from 'pdfkit'
import { CHAPTER_LINE, isLatin1, SECTION_LINE, stringsFor, toLatin1, type SampleDocument } from './sample-text.ts'

// The seeder makes a document's chapters from its contents HTML, loading this module only when a file is missing.
export { htmlToPlainLines, type SampleDocument } from './sample-text.ts'

export interface RenderOptions {
  /** Override the CJK font location (tests, containers with fonts elsewhere). */
  cjkFontPath?: string
  /** Date printed on the cover and in the copyright line; defaults to now. */
  date?: Date
}

export const DEFAULT_CJK_FONT_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'
const CJK_FAMILY = 'NotoSansCJKsc-Regular'

const PAGE_MARGIN = 56
const BRAND = '#1f4e79'
const ACCENT = '#2e86c1'
const MUTED = '#5d6d7e'
const MAX_CHAPTER_PAGES = 12
const CHART_HEIGHT = 250

// The Noto CJK collection is ~20 MB; seeding renders dozens of files, so read
// it once per process rather than once per document.
const fontCache = new Map<string, Buffer | null>()

function loadFont(path: string): Buffer | null {
  if (!fontCache.has(path)) {
    let data: Buffer | null = null
    try {
      data = existsSync(path) ? readFileSync(path) : null
    } catch {
      data = null
    }
    fontCache.set(path, data)
  }
  return fontCache.get(path) ?? null
}

// ---------------------------------------------------------------------------
// Deterministic figures: the same document always draws the same chart.

function hashString(s: string): number {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}

function seededSeries(seed: string, count: number): number[] {
  let state = hashString(seed) || 1
  const next = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 4294967296
  }
  const values: number[] = []
  let v = 40 + next() * 60
  for (let i = 0; i < count; i++) {
    v = v * (1.04 + next() * 0.12)
    values.push(Math.round(v * 10) / 10)
  }
  return values
}

/** Renders a sample report PDF: cover, contents, chapter pages with charts, closing page. */
export async function renderSamplePdf(doc: SampleDocument, options: RenderOptions = {}): Promise<Buffer> {
  const date = options.date ?? new Date()
  const fontData = loadFont(options.cjkFontPath ?? DEFAULT_CJK_FONT_PATH)
  const cjk = fontData !== null

  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    info: {
      Title: doc.title,
      Author: doc.publisher,
      Subject: doc.code,
      CreationDate: date,
      ModDate: date,
    },
    lang: doc.lang,
  })
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })

  let regular = 'Helvetica'
  let bold = 'Helvetica-Bold'
  if (fontData) {
    pdf.registerFont('cjk', fontData, CJK_FAMILY)
    regular = 'cjk'
    bold = 'cjk'
  }
  const fallbackNote = `${doc.code} (Chinese edition)`
  const t = (text: string, replacement: string = fallbackNote): string => (cjk ? text : toLatin1(text, replacement))

  const s = stringsFor(doc, cjk ? doc.lang : 'en-US', date)
  const width = pdf.page.width - PAGE_MARGIN * 2

  // Chapter lines, plus what each looks like when the font cannot draw it.
  const lines = doc.chapters.map((c) => c.trim()).filter((c) => c.length > 0)
  const hasHeadings = lines.some((l) => CHAPTER_LINE.test(l) && !SECTION_LINE.test(l))
  let chapterNo = 0
  let sectionNo = 0
  const toc = lines.map((line) => {
    const isChapter = !hasHeadings || (CHAPTER_LINE.test(line) && !SECTION_LINE.test(line))
    if (isChapter) {
      chapterNo++
      sectionNo = 0
    } else {
      sectionNo++
    }
    const label = isChapter ? `Chapter ${chapterNo} (Chinese edition)` : `${chapterNo}.${sectionNo} (Chinese edition)`
    // A Chinese outline line with a stray year or number in it is still
    // unreadable once the Chinese is gone, so the whole line is replaced.
    return { text: cjk || isLatin1(line) ? t(line, label) : label, isChapter }
  })
  let chapters = toc.filter((e) => e.isChapter).map((e) => e.text)
  if (chapters.length === 0) {
    chapters =
      doc.lang === 'zh-CN' && cjk
        ? ['行业概述', '市场规模与供需分析', '竞争格局与重点企业', '发展趋势与投资建议']
        : ['Industry Overview', 'Market Size, Supply and Demand', 'Competitive Landscape', 'Outlook and Recommendations']
    toc.push(...chapters.map((text) => ({ text, isChapter: true })))
  }
  chapters = chapters.slice(0, MAX_CHAPTER_PAGES)

  // --- Cover -------------------------------------------------------------
  pdf.rect(0, 0, pdf.page.width, 230).fill(BRAND)
  pdf.rect(0, 230, pdf.page.width, 6).fill(ACCENT)
  pdf.fillColor('#ffffff').font(bold).fontSize(14).text(t(doc.publisher, 'Research Publisher'), PAGE_MARGIN, 70, { width })
  pdf
    .font(regular)
    .fontSize(10)
    .fillColor('#d6e4f0')
    .text(doc.lang === 'zh-CN' && cjk ? '行业研究报告' : 'Industry Research Report', PAGE_MARGIN, 96, { width })
  pdf.fillColor('#1b2631').font(bold).fontSize(24).text(t(doc.title), PAGE_MARGIN, 300, { width, lineGap: 6 })
  pdf.moveDown(1.5)
  pdf.font(regular).fontSize(12).fillColor(MUTED)
  pdf.text(t(s.code))
  pdf.text(t(s.publisher, '(name in Chinese)'))
  pdf.text(t(s.published))
  pdf
    .font(regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text(t(s.disclaimer), PAGE_MARGIN, pdf.page.height - 150, { width })

  // --- Table of contents ---------------------------------------------------
  pdf.addPage()
  pdf.font(bold).fontSize(20).fillColor(BRAND).text(t(s.contents, 'Contents'), { width })
  pdf.moveDown(0.8)
  for (const entry of toc) {
    // Long outlines flow onto extra pages on their own; no page numbers are
    // printed next to entries so that flow cannot make them wrong.
    if (entry.isChapter) {
      pdf.moveDown(0.3)
      pdf.font(bold).fontSize(12).fillColor('#1b2631').text(entry.text, PAGE_MARGIN, undefined, { width })
    } else {
      pdf
        .font(regular)
        .fontSize(10)
        .fillColor(MUTED)
        .text(entry.text, PAGE_MARGIN + 18, undefined, { width: width - 18 })
    }
  }

  // --- Chapter pages --------------------------------------------------------
  const startYear = date.getFullYear() - 5
  chapters.forEach((chapter, index) => {
    pdf.addPage()
    pdf.rect(PAGE_MARGIN, PAGE_MARGIN - 8, 4, 26).fill(ACCENT)
    pdf
      .font(bold)
      .fontSize(16)
      .fillColor(BRAND)
      .text(chapter, PAGE_MARGIN + 12, PAGE_MARGIN - 4, { width: width - 12 })
    pdf.moveDown(0.8)
    pdf.font(regular).fontSize(11).fillColor('#1b2631')
    for (const paragraph of s.body(chapter, index)) {
      pdf.text(t(paragraph), PAGE_MARGIN, undefined, { width, lineGap: 4, align: 'justify' })
      pdf.moveDown(0.6)
    }
    let chartTop = Math.max(pdf.y + 10, 360)
    if (chartTop + CHART_HEIGHT > pdf.page.height - PAGE_MARGIN) {
      // A long summary pushes the chart off the page; give it its own.
      pdf.addPage()
      chartTop = PAGE_MARGIN
    }
    drawBarChart(pdf, {
      x: PAGE_MARGIN,
      y: chartTop,
      width,
      height: CHART_HEIGHT,
      title: t(s.chartTitle(chapter)),
      unit: t(s.chartUnit),
      labels: Array.from({ length: 11 }, (_, i) => String(startYear + i)),
      values: seededSeries(`${doc.code}|${index}`, 11),
      // Forecast years are drawn lighter so the sample shows the same
      // actual/forecast convention as the full reports.
      forecastFrom: 6,
      font: regular,
      boldFont: bold,
    })
  })

  // --- Closing page -----------------------------------------------------------
  pdf.addPage()
  pdf.font(bold).fontSize(20).fillColor(BRAND).text(t(s.closingTitle, 'Copyright Notice'), PAGE_MARGIN, 200, { width, align: 'center' })
  pdf.moveDown(1.5)
  pdf
    .font(regular)
    .fontSize(11)
    .fillColor('#1b2631')
    .text(t(s.copyright(date.getFullYear()), 'the publisher'), { width, lineGap: 5 })
  pdf.moveDown(1)
  pdf.fontSize(10).fillColor(MUTED).text(t(s.disclaimer), { width, lineGap: 4 })

  // --- Footers (after layout, when the page total is known) -------------------
  const range = pdf.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i)
    if (i === range.start) continue
    // Writing inside the bottom margin would make pdfkit start a new page.
    const bottom = pdf.page.margins.bottom
    pdf.page.margins.bottom = 0
    pdf.font(regular).fontSize(8).fillColor(MUTED)
    pdf.text(t(`${doc.code}  ·  ${s.page(i + 1, range.count)}`), PAGE_MARGIN, pdf.page.height - 36, {
      width,
      align: 'center',
      lineBreak: false,
    })
    pdf.page.margins.bottom = bottom
  }

  pdf.end()
  return done
}

interface BarChartSpec {
  x: number
  y: number
  width: number
  height: number
  title: string
  unit: string
  labels: string[]
  values: number[]
  forecastFrom: number
  font: string
  boldFont: string
}

function drawBarChart(pdf: PDFKit.PDFDocument, c: BarChartSpec): void {
  pdf.font(c.boldFont).fontSize(10).fillColor('#1b2631').text(c.title, c.x, c.y, { width: c.width, lineBreak: false, ellipsis: true })
  pdf
    .font(c.font)
    .fontSize(8)
    .fillColor(MUTED)
    .text(c.unit, c.x, c.y + 14, { width: c.width, lineBreak: false })

  const plotLeft = c.x + 30
  const plotTop = c.y + 34
  const plotWidth = c.width - 40
  const plotHeight = c.height - 60
  const plotBottom = plotTop + plotHeight
  const max = Math.max(...c.values) * 1.1

  // Horizontal grid with value ticks.
  pdf.lineWidth(0.5)
  for (let g = 0; g <= 4; g++) {
    const gy = plotBottom - (plotHeight * g) / 4
    pdf
      .strokeColor('#d5dbdb')
      .moveTo(plotLeft, gy)
      .lineTo(plotLeft + plotWidth, gy)
      .stroke()
    pdf
      .fillColor(MUTED)
      .fontSize(7)
      .text(String(Math.round((max * g) / 4)), c.x, gy - 4, { width: 26, align: 'right', lineBreak: false })
  }

  const slot = plotWidth / c.values.length
  const barWidth = slot * 0.6
  c.values.forEach((value, i) => {
    const h = (value / max) * plotHeight
    const bx = plotLeft + slot * i + (slot - barWidth) / 2
    pdf.rect(bx, plotBottom - h, barWidth, h).fill(i >= c.forecastFrom ? '#85c1e9' : ACCENT)
    pdf
      .fillColor('#1b2631')
      .fontSize(6.5)
      .text(value.toFixed(1), bx - 6, plotBottom - h - 10, { width: barWidth + 12, align: 'center', lineBreak: false })
    pdf
      .fillColor(MUTED)
      .fontSize(7)
      .text(c.labels[i] ?? '', bx - 8, plotBottom + 4, { width: barWidth + 16, align: 'center', lineBreak: false })
  })
  pdf
    .lineWidth(1)
    .strokeColor('#566573')
    .moveTo(plotLeft, plotBottom)
    .lineTo(plotLeft + plotWidth, plotBottom)
    .stroke()
  pdf.lineWidth(1).strokeColor('#566573').moveTo(plotLeft, plotTop).lineTo(plotLeft, plotBottom).stroke()
}
