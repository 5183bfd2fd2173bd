// The words of a sample PDF (sample-files.ts draws them): a contents
// fragment as plain lines, text made safe for the Latin-1 fallback font,
// chapter headings told from sections, and the frame's fixed wording in
// each language.

export interface SampleDocument {
  title: string
  code: string
  publisher: string
  lang: 'zh-CN' | 'en-US'
  /** plain-text chapter titles */
  chapters: string[]
  summary: string
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
}

function decodeEntities(text: string): string {
  // One pass, so "&amp;lt;" decodes to "&lt;" and not on to "<".
  return text.replace(/&(?:amp|lt|gt|quot|nbsp|#39);/g, (m) => ENTITIES[m] ?? m)
}

/**
 * Turns a table-of-contents HTML fragment into one trimmed line per block
 * (headings, list items, paragraphs, table rows), tags stripped and the common
 * entities decoded. Nested list items become their own lines.
 */
export function htmlToPlainLines(html: string): string[] {
  const withBreaks = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    // Block boundaries become line breaks before the tags disappear, so a
    // chapter heading and its first section never run together.
    .replace(/<\/?(?:h[1-6]|p|li|ul|ol|tr|div|table|thead|tbody|br)\b[^>]*>/gi, '\n')
    .replace(/<\/?(?:td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
  return decodeEntities(withBreaks)
    .split(/\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
}

// ---------------------------------------------------------------------------
// Text safety for the Latin-1 fallback

const PUNCT_MAP: Record<string, string> = {
  '，': ', ',
  '。': '. ',
  '：': ': ',
  '；': '; ',
  '！': '! ',
  '？': '? ',
  '、': ', ',
  '（': ' (',
  '）': ') ',
  '【': ' [',
  '】': '] ',
  '《': '"',
  '》': '"',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '—': '-',
  '–': '-',
  '…': '...',
  '·': '\u00b7',
  '　': ' ',
  '％': '%',
}

/**
 * Helvetica only covers Latin-1 here; anything else would print as garbage
 * glyphs. Maps typographic punctuation to ASCII and replaces every run of
 * other characters (CJK text with spaces or punctuation inside it counts as one
 * run) with `replacement`.
 */
export function toLatin1(text: string, replacement: string): string {
  const mapped = Array.from(text, (ch) => PUNCT_MAP[ch] ?? ch).join('')
  const replaced = mapped
    // eslint-disable-next-line no-control-regex -- \u0000-\u00ff is Latin-1: what lies outside it is replaced
    .replace(/[^\u0000-\u00ff](?:[\s\p{P}]*[^\u0000-\u00ff])*/gu, ` ${replacement} `)
    // C0/C1 control characters have no glyph either.
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '')
  return replaced
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]+/g, ' ')
        .replace(/\s+([,.;:!?)])/g, '$1')
        .trim(),
    )
    .join('\n')
    .trim()
}

export function isLatin1(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- \u0000-\u00ff is Latin-1
  return !/[^\u0000-\u00ff]/.test(Array.from(text, (ch) => PUNCT_MAP[ch] ?? ch).join(''))
}

// Chapter headings ("第一章 …", "Chapter 3 …", "1. …") get their own page;
// section lines only appear in the contents.
export const CHAPTER_LINE = /^(?:第[一二三四五六七八九十百\d]+章|chapter\s+\d+|\d+[.、)]?\s+\S)/i
export const SECTION_LINE = /^(?:第[一二三四五六七八九十百\d]+节|section\s+\d+|\d+\.\d+)/i

export interface Strings {
  contents: string
  published: string
  code: string
  publisher: string
  chartTitle: (chapter: string) => string
  chartUnit: string
  body: (chapter: string, index: number) => string[]
  closingTitle: string
  copyright: (year: number) => string
  disclaimer: string
  page: (n: number, total: number) => string
}

function monthLabel(date: Date, lang: SampleDocument['lang']): string {
  if (lang === 'zh-CN') return `${date.getFullYear()}年${date.getMonth() + 1}月`
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' })
}

// Chart captions read better without the "第一章"/"Chapter 1" prefix.
function chapterSubject(chapter: string): string {
  const subject = chapter.replace(/^(?:第[一二三四五六七八九十百\d]+章|chapter\s+\d+[.:]?|\d+[.、)]?)\s*/i, '')
  // Fallback placeholders ("Chapter 2 (Chinese edition)") keep their number.
  return subject === '' || subject.startsWith('(') ? chapter : subject
}

/**
 * Fixed wording of the document frame. `frameLang` is the document language
 * when its script can be drawn; a Chinese document rendered without the CJK
 * font gets the English frame, since a frame of placeholders helps nobody.
 */
export function stringsFor(doc: SampleDocument, frameLang: SampleDocument['lang'], date: Date): Strings {
  if (frameLang === 'zh-CN') {
    return {
      contents: '目  录',
      published: `发布日期：${monthLabel(date, 'zh-CN')}`,
      code: `报告编号：${doc.code}`,
      publisher: `出版单位：${doc.publisher}`,
      chartTitle: (chapter) => `图表：${chapterSubject(chapter)}相关指标走势（指数）`,
      chartUnit: '单位：指数',
      body: (chapter, index) => [
        `本章围绕“${chapterSubject(chapter)}”展开，结合行业协会统计、上市公司年报、海关进出口数据及研究团队的实地调研，对相关指标的历史表现和结构性变化进行梳理。`,
        index === 0
          ? doc.summary
          : '从供给端看，头部企业持续扩产并向上游关键材料与设备延伸，行业集中度稳步提升；从需求端看，下游应用场景不断拓展，新增需求逐步由政策驱动转向市场驱动。',
        '下图给出了本章核心指标的年度走势。需要说明的是，样本文件中的数值经过指数化处理，仅用于展示报告体例，完整数据请以正式版报告为准。',
      ],
      closingTitle: '版权声明',
      copyright: (year) =>
        `版权所有 © ${year} ${doc.publisher}。本报告著作权归${doc.publisher}所有，仅供购买客户内部使用。未经书面许可，任何机构和个人不得以任何形式复制、转载、摘编或传播本报告的全部或部分内容。`,
      disclaimer:
        '本报告所载数据和观点来源于公开资料、行业访谈及研究团队的独立分析，我们力求准确可靠，但不对其完整性作任何保证。报告内容不构成投资建议，读者据此作出的任何决策，风险自负。',
      page: (n, total) => `第 ${n} 页 / 共 ${total} 页`,
    }
  }
  return {
    contents: 'Table of Contents',
    published: `Published: ${monthLabel(date, 'en-US')}`,
    code: `Report code: ${doc.code}`,
    publisher: `Publisher: ${doc.publisher}`,
    chartTitle: (chapter) => `Figure: key indicators, ${chapterSubject(chapter)} (index)`,
    chartUnit: 'Unit: index',
    body: (chapter, index) => [
      `This chapter covers ${chapterSubject(chapter)}. It draws on industry association statistics, listed-company filings, customs trade data and interviews conducted by our analysts to trace how the main indicators have moved and why.`,
      index === 0
        ? doc.lang === 'en-US'
          ? doc.summary
          : `This sample belongs to the Chinese edition of report ${doc.code}. Its Chinese text is not reproduced here because no CJK font is installed on the server that produced the file.`
        : 'On the supply side, leading producers keep adding capacity and integrating upstream into key materials and equipment, so concentration continues to rise. On the demand side, new applications broaden the customer base and growth is shifting from policy-led to market-led.',
      "The chart below shows the annual trend of the chapter's core indicator. Figures in this sample are indexed and only illustrate the layout of the report; the full edition contains the underlying data.",
    ],
    closingTitle: 'Copyright Notice',
    copyright: (year) =>
      `Copyright © ${year} ${doc.publisher}. All rights reserved. This report is licensed for the internal use of the purchasing organisation only. No part of it may be reproduced, redistributed or published in any form without the prior written permission of ${doc.publisher}.`,
    disclaimer:
      'The data and opinions in this report are based on public sources, industry interviews and our own analysis. While we strive for accuracy, we give no warranty as to completeness, and nothing herein constitutes investment advice.',
    page: (n, total) => `Page ${n} of ${total}`,
  }
}
