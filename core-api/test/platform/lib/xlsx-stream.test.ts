import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import ExcelJS from 'exceljs'
import yauzl from 'yauzl'
import { describe, expect, it } from 'vitest'
import { xlsxStream, type XlsxCell, type XlsxColumn } from '../../../src/platform/lib/xlsx-stream.ts'

// The staff desk's XLSX writer, read back by exceljs as a
// spreadsheet program would: values and their types, formats, text that XML
// or Excel would otherwise take for markup, and that it streams.

const COLUMNS: XlsxColumn[] = [
  { header: 'Text', width: 30 },
  { header: 'Amount', width: 12, format: 'money' },
  { header: 'At', width: 20, format: 'time' },
  { header: 'Count', width: 8 },
]

async function* batches(...list: XlsxCell[][][]) {
  yield* list
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  await pipeline(
    stream,
    new Writable({
      write: (chunk: Buffer, _e, done) => {
        chunks.push(chunk)
        done()
      },
    }),
  )
  return Buffer.concat(chunks)
}

async function workbookOf(file: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(file as unknown as ArrayBuffer)
  return workbook
}

/** One part of the zip as text. */
function part(file: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error)
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry()
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err)
          collect(stream).then((bytes) => resolve(bytes.toString('utf8')), reject)
        })
      })
      zip.on('end', () => reject(new Error(`no ${name}`)))
      zip.readEntry()
    })
  })
}

const write = (rows: AsyncIterable<XlsxCell[][]>, onError: (error: unknown) => void = () => {}) =>
  xlsxStream({ sheetName: 'Orders & <Co>', columns: COLUMNS, rows, onError })

describe('xlsxStream', () => {
  it('writes a workbook exceljs reads: the header, strings, numbers with two decimals, dates, empty cells left out', async () => {
    const at = new Date(Date.UTC(2026, 2, 2, 0, 30, 5))
    const file = await collect(
      write(
        batches(
          [
            ['EXA0001', 299, at, 3],
            ['', null, null, Number.NaN],
          ],
          [['EXA0003', 1280.5, new Date(Date.UTC(1999, 11, 31, 23, 59, 59)), 0]],
        ),
      ),
    )
    const workbook = await workbookOf(file)
    const sheet = workbook.getWorksheet('Orders & <Co>')!
    expect(sheet.rowCount).toBe(4)
    expect(sheet.getRow(1).values).toEqual([undefined, 'Text', 'Amount', 'At', 'Count'])
    expect(sheet.getColumn(1).width).toBe(30)
    const first = sheet.getRow(2)
    expect(first.getCell(1)).toMatchObject({ type: ExcelJS.ValueType.String, value: 'EXA0001' })
    expect(first.getCell(2)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 299, numFmt: '0.00' })
    expect(first.getCell(3)).toMatchObject({ type: ExcelJS.ValueType.Date, value: at, numFmt: 'yyyy-mm-dd hh:mm:ss' })
    expect(first.getCell(4)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 3 })
    expect(first.getCell(4).numFmt).toBeUndefined()
    expect([1, 2, 3, 4].map((i) => sheet.getRow(3).getCell(i).type)).toEqual(Array(4).fill(ExcelJS.ValueType.Null))
    // The second batch goes on numbering where the first stopped.
    expect(sheet.getRow(4).values).toEqual([undefined, 'EXA0003', 1280.5, new Date(Date.UTC(1999, 11, 31, 23, 59, 59)), 0])
  })

  it('keeps markup, quotes, line breaks and edge spaces as text, drops what XML cannot hold, cuts at 32,767 characters', async () => {
    const texts = [
      `Tom & Jerry <b>"Ltd"</b> 'x'`,
      '  two lines\r\nand a tab\t ',
      'bell\u0007 nul\u0000 lone\uD800 noncharacter\uFFFE kept 储能 🔋',
      `'=HYPERLINK("http://evil.example")`,
      'x'.repeat(40_000),
    ]
    const file = await collect(write(batches(texts.map((text) => [text, null, null, null]))))
    const sheet = (await workbookOf(file)).worksheets[0]!
    expect(sheet.getColumn(1).values.slice(2)).toEqual([
      texts[0],
      texts[1],
      'bell nul lone noncharacter kept 储能 🔋',
      texts[3],
      'x'.repeat(32_767),
    ])
  })

  it("escapes Excel's own _xHHHH_ escapes, so that the text shows as written", async () => {
    const xml = await part(await collect(write(batches([['a_x0041_b _x12_', null, null, null]]))), 'xl/worksheets/sheet1.xml')
    expect(xml).toContain('<t>a_x005F_x0041_b _x12_</t>')
  })

  it('reads no further ahead than the reader takes, and stops reading when the reader goes away', async () => {
    let made = 0
    let finished = false
    const row: XlsxCell[] = ['A row of some length, as an order is', 12.34, new Date(), 1]
    const many = async function* () {
      try {
        for (; made < 1000;) {
          made += 1
          yield Array.from({ length: 1000 }, () => row)
        }
      } finally {
        finished = true
      }
    }
    const out = write(many())
    out.on('error', () => {})
    await new Promise((resolve) => setTimeout(resolve, 300))
    // Nobody reads: a few batches in the pipes (a batch each, the zlib's buffers), not the thousand.
    expect(made).toBeGreaterThan(0)
    expect(made).toBeLessThan(10)
    out.destroy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(finished).toBe(true)
    expect(made).toBeLessThan(10)
  })

  it('cuts the file short and reports when the rows fail', async () => {
    const errors: unknown[] = []
    const failing = async function* () {
      yield [['fine', 1, null, null]] as XlsxCell[][]
      throw new Error('the database went away')
    }
    await expect(collect(write(failing(), (error) => errors.push(error)))).rejects.toThrow('the database went away')
    expect(errors).toHaveLength(1)
  })
})
