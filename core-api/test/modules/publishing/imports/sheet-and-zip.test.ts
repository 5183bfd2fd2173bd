import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../../src/platform/errors.ts'
import { readSheet } from '../../../../src/modules/publishing/imports/sheet.ts'
import { syntheticCsv } from '../../../../src/modules/publishing/imports/synthetic.ts'
import { validateSheet, type Categories } from '../../../../src/modules/publishing/imports/validate.ts'
import { openZip, safePath } from '../../../../src/modules/publishing/imports/zip.ts'
import { WORKBOOK_BOUNDS } from '../../../../src/modules/publishing/imports/limits.ts'
import { bombZip, declaringSize, escapingZip, handWrittenWorkbook, PDF, PNG, tempDir, writeTemp, xlsxOf, zipOf } from './fixtures.ts'

// Parsing, validation and the zip's checks, without the report service.

let dir: string
const categories: Categories = { 'zh-CN': new Set(['1', '2']), 'en-US': new Set(['1', '2']) }

beforeAll(async () => {
  dir = await tempDir()
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

const BAD_ROWS = [
  'code,status,zh.title,zh.slug,zh.category,zh.summary,zh.publishDate,zh.pages,zh.price.single,en.title,en.slug,en.category,en.summary,en.publishDate,en.price.single,zh.file.full',
  'R-1,published,好报告,good-one,1,<p>摘要</p>,2026-10-01,120,9800,Good report,good-one,1,<p>Summary</p>,2026-10-01,1480,',
  'R-2,maybe,,bad slug!,99,<p>x</p>,2026-13-45,twelve,abc,,,,,,,',
  'R-3,draft,另一份,good-one,1,<p>x</p>,2026-10-02,,,,,,,,,reports/missing.pdf',
].join('\n')

describe('sheet validation', () => {
  it('lists each bad row with its column and a message in both languages', async () => {
    const file = await writeTemp(dir, 'bad.csv', BAD_ROWS)
    const result = await validateSheet({ file, kind: 'csv' }, categories)
    expect(result.total).toBe(3)
    const found = result.issues.map((i) => `${i.row} ${i.column}`)
    expect(found).toEqual(
      expect.arrayContaining([
        '3 status',
        '3 zh.title',
        '3 zh.slug',
        '3 zh.category',
        '3 zh.publishDate',
        '3 zh.pages',
        '3 zh.price.single',
        '4 zh.slug',
        '4 zh.file.full',
      ]),
    )
    expect(found.filter((f) => f.startsWith('2 '))).toEqual([])
    const title = result.issues.find((i) => i.row === 3 && i.column === 'zh.title')!
    expect(title.message['en-US']).toBe('Missing required parameter: zh.title')
    expect(title.message['zh-CN']).toBe('缺少必填参数：zh.title')
    const slug = result.issues.find((i) => i.row === 4 && i.column === 'zh.slug')!
    expect(slug.message['en-US']).toContain('repeats row 2')
    expect(slug.message['zh-CN']).toContain('与第 2 行重复')
    const category = result.issues.find((i) => i.row === 3 && i.column === 'zh.category')!
    expect(category.message['en-US']).toContain('"99" is not in the category dictionary')
    const file4 = result.issues.find((i) => i.row === 4 && i.column === 'zh.file.full')!
    expect(file4.message['en-US']).toContain('no archive')
  })

  it('passes a sound synthetic sheet', async () => {
    const file = await writeTemp(dir, 'good.csv', syntheticCsv({ rows: 20, category: '1' }))
    const result = await validateSheet({ file, kind: 'csv' }, categories)
    expect(result).toMatchObject({ total: 20, issueCount: 0 })
  })

  it('refuses an unknown column with the header code', async () => {
    const file = await writeTemp(dir, 'header.csv', 'code,zh.title,zh.colour\nA,b,c\n')
    const error = await refusal(validateSheet({ file, kind: 'csv' }, categories))
    expect(error.code).toBe(300124)
    expect(error.messageIn('en-US')).toContain('Unknown column: zh.colour')
  })

  it('reads an XLSX sheet, its dates and numbers as the CSV reads them', async () => {
    const xlsx = await xlsxOf([
      ['code', 'zh.title', 'zh.slug', 'zh.category', 'zh.summary', 'zh.publishDate', 'zh.pages', 'zh.price.single'],
      ['X-1', '表格报告', 'sheet-report', '1', '<p>摘要</p>', new Date(Date.UTC(2026, 9, 5)), 88, 9800],
      [],
      ['X-2', '第二份', 'sheet-report-2', '2', '<p>摘要</p>', '2026-10-06', '', ''],
    ])
    const file = await writeTemp(dir, 'sheet.xlsx', xlsx)
    const rows = []
    for await (const row of readSheet(file, 'xlsx')) rows.push({ row: row.row, cells: Object.fromEntries(row.cells) })
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      row: 2,
      cells: { code: 'X-1', 'zh.publishDate': '2026-10-05', 'zh.pages': '88', 'zh.price.single': '9800' },
    })
    expect(rows[1]!.row).toBe(4)
    expect(await validateSheet({ file, kind: 'xlsx' }, categories)).toMatchObject({ total: 2, issueCount: 0 })
  })
})

describe('an XLSX sheet, a zip itself', () => {
  const rowsOf = async (file: string, bounds = WORKBOOK_BOUNDS) => {
    const rows: Record<string, string>[] = []
    for await (const row of readSheet(file, 'xlsx', bounds)) rows.push(Object.fromEntries(row.cells))
    return rows
  }

  it('reads a workbook written part by part', async () => {
    const file = await writeTemp(
      dir,
      'hand.xlsx',
      await handWrittenWorkbook([
        ['code', 'zh.title'],
        ['H-1', '手写 & 报告'],
      ]),
    )
    expect(await rowsOf(file)).toEqual([{ code: 'H-1', 'zh.title': '手写 & 报告' }])
  })

  it('reads long Chinese text whole, however the inflated parts are cut into chunks', async () => {
    const title = (n: number) => `${n} ${'中国储能电池市场报告'.repeat(3000)}`
    const xlsx = await xlsxOf([['code', 'zh.title'], ...Array.from({ length: 5 }, (_, n) => [`L-${n}`, title(n)])])
    const rows = await rowsOf(await writeTemp(dir, 'long.xlsx', xlsx))
    expect(rows.map((row) => row['zh.title'])).toEqual(Array.from({ length: 5 }, (_, n) => title(n)))
  })

  it('refuses a part that inflates past the size it declares (300136), reading no further', async () => {
    const workbook = await handWrittenWorkbook([
      ['code', 'zh.title'],
      ['O-1', 'ABCDEFGH'.repeat(400_000)],
    ])
    const file = await writeTemp(dir, 'lying.xlsx', declaringSize(workbook, 'xl/sharedStrings.xml', 100_000))
    const error = await refusal(rowsOf(file))
    expect(error.code).toBe(300136)
    expect(error.messageIn('en-US')).toBe('The report sheet (XLSX) was refused: "xl/sharedStrings.xml" inflates past the size it declares')
    expect(error.messageIn('zh-CN')).toContain('超过其声明的大小')
  })

  it('refuses shared strings larger than may be held while the sheet is read (300136), pointing to CSV', async () => {
    const text = Array.from({ length: 20_000 }, (_, n) => (n * 7919).toString(36)).join(' ')
    const file = await writeTemp(
      dir,
      'held.xlsx',
      await handWrittenWorkbook([
        ['code', 'zh.title'],
        ['M-1', text],
      ]),
    )
    const error = await refusal(rowsOf(file, { ...WORKBOOK_BOUNDS, heldBytes: 64 * 1024 }))
    expect(error.code).toBe(300136)
    expect(error.messageIn('en-US')).toMatch(/"xl\/sharedStrings\.xml" is over 64 KB once uncompressed.*send it as CSV/)
    expect(await rowsOf(file)).toHaveLength(1)
  })

  it('refuses a text longer than a cell may hold (300136), however it is cut into chunks', async () => {
    const text = Array.from({ length: 30_000 }, (_, n) => (n * 7919).toString(36)).join(' ')
    const file = await writeTemp(
      dir,
      'cell.xlsx',
      await handWrittenWorkbook([
        ['code', 'zh.title'],
        ['C-1', text],
      ]),
    )
    const error = await refusal(rowsOf(file, { ...WORKBOOK_BOUNDS, textBytes: 64 * 1024 }))
    expect(error.code).toBe(300136)
    expect(error.messageIn('en-US')).toBe(
      'The report sheet (XLSX) was refused: "xl/sharedStrings.xml" holds a text over 64 KB (a cell holds 32,767 characters at most)',
    )
    // The bound counts from one tag's start to the next: the text and its <t> tag.
    expect((await rowsOf(file, { ...WORKBOOK_BOUNDS, textBytes: text.length + 64 }))[0]!['zh.title']).toBe(text)
  })
})

describe('the files zip', () => {
  const sheetNaming = (path: string) =>
    `code,zh.title,zh.slug,zh.category,zh.summary,zh.publishDate,zh.file.full\nZ-1,报告,z-one,1,<p>x</p>,2026-10-01,${path}\n`

  it('accepts a PDF named .pdf and finds its type from the bytes', async () => {
    const zip = await openZip(await writeTemp(dir, 'good.zip', await zipOf({ 'reports/a.pdf': PDF })))
    try {
      const sheet = await writeTemp(dir, 'zip-good.csv', sheetNaming('reports/a.pdf'))
      const result = await validateSheet({ file: sheet, kind: 'csv' }, categories, zip)
      expect(result.issueCount).toBe(0)
      expect(result.types.get('reports/a.pdf')).toBe('application/pdf')
    } finally {
      zip.close()
    }
  })

  it('refuses a PNG named .pdf (300130)', async () => {
    const zip = await openZip(await writeTemp(dir, 'png.zip', await zipOf({ 'reports/a.pdf': PNG })))
    try {
      const sheet = await writeTemp(dir, 'zip-png.csv', sheetNaming('reports/a.pdf'))
      const error = await refusal(validateSheet({ file: sheet, kind: 'csv' }, categories, zip))
      expect(error.code).toBe(300130)
      expect(error.messageIn('en-US')).toContain('image/png')
    } finally {
      zip.close()
    }
  })

  it('refuses a zip bomb (300128) before inflating anything', async () => {
    const bomb = await bombZip()
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const error = await refusal(openZip(await writeTemp(dir, 'bomb.zip', bomb)))
    expect(error.code).toBe(300128)
    expect(error.messageIn('en-US')).toContain('reports/big.pdf')
  })

  it('refuses a path that leaves its folder (300129)', async () => {
    const error = await refusal(openZip(await writeTemp(dir, 'escape.zip', await escapingZip())))
    expect(error.code).toBe(300129)
    expect(error.messageIn('en-US')).toContain('../evil.pdf')
    for (const name of ['/etc/passwd', '../x.pdf', 'a/../../x.pdf', 'a\\..\\x.pdf', 'C:/x.pdf']) expect(safePath(name)).toBe(false)
    expect(safePath('reports/2026/a.pdf')).toBe(true)
  })

  it('refuses what is not a zip (300125)', async () => {
    const error = await refusal(openZip(await writeTemp(dir, 'not.zip', 'hello')))
    expect(error.code).toBe(300125)
  })
})
