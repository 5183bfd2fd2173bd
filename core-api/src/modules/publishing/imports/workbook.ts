import { Transform, type Readable } from 'node:stream'
import type ExcelJS from 'exceljs'
import { AppError } from '../../../platform/errors.ts'
import { loadOnce } from '../../../platform/lib/load-once.ts'
import { WORKBOOK_BOUNDS, type WorkbookBounds } from './limits.ts'
import { openEntry, openZip, zipFailure, type ZipIndex, type ZipRefusals } from './zip.ts'

// exceljs is some 9 MB of heap once imported: loaded by the first workbook read.
const loadExcelJs = loadOnce(async () => (await import('exceljs')).default)

// An XLSX sheet is a zip of XML parts, as hostile as any upload: a workbook
// under 1 MB can hold shared strings that inflate to gigabytes. So it is
// opened as the files zip is (zip.ts): its central directory is held to
// WORKBOOK_BOUNDS before anything is inflated, and the parts are inflated by
// yauzl, which fails a part that inflates past its declared size. exceljs's
// WorkbookReader would unzip by itself, from the local headers and without
// any bound; here its parsers (the ones its own parse() feeds unzipped parts
// to, exceljs 4.4) get the checked parts instead, the worksheet streamed row
// by row, as text decoded across chunks (exceljs decodes each chunk apart,
// which garbles a Chinese character split between two).

const RELS = 'xl/_rels/workbook.xml.rels'
const BOOK = 'xl/workbook.xml'
const STRINGS = 'xl/sharedStrings.xml'
const STYLES = 'xl/styles.xml'
/** The parts read before the worksheet and held whole while it is read */
const HELD = [RELS, BOOK, STRINGS, STYLES]
const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/

/** What exceljs's WorkbookReader parses each part with (its parse() calls them in turn). */
interface WorkbookParsers {
  _parseRels(part: Readable): Promise<void>
  _parseWorkbook(part: Readable): Promise<void>
  _parseSharedStrings(part: Readable): AsyncIterable<unknown>
  _parseStyles(part: Readable): Promise<void>
  _parseWorksheet(part: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>
  workbookRels?: { Id: string; Target: string }[]
  model?: { sheets?: { rId: string }[] }
}

const size = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${+(bytes / 1024 ** 3).toFixed(1)} GB`
    : bytes >= 1024 ** 2
      ? `${+(bytes / 1024 ** 2).toFixed(1)} MB`
      : `${Math.ceil(bytes / 1024)} KB`

interface WorkbookRefusals extends ZipRefusals {
  held(name: string): AppError
  overflow(name: string): AppError
  longText(name: string): AppError
}

function refusals(bounds: WorkbookBounds): WorkbookRefusals {
  const refused = (zh: string, en: string) => new AppError('IMPORT_SHEET_TOO_LARGE', { 'zh-CN': zh, 'en-US': en })
  return {
    unreadable: (message) =>
      new AppError('IMPORT_SHEET_UNREADABLE', {
        'zh-CN': `报告表无法读取：${message}`,
        'en-US': `The report sheet cannot be read: ${message}`,
      }),
    unsafe: (name) =>
      new AppError('IMPORT_SHEET_UNREADABLE', {
        'zh-CN': `报告表无法读取：部件「${name}」的路径无效`,
        'en-US': `The report sheet cannot be read: the part "${name}" has an invalid path`,
      }),
    tooManyEntries: (count) =>
      refused(
        `报告表（XLSX）中有 ${count} 个部件，超过上限 ${bounds.entries}`,
        `The report sheet (XLSX) holds ${count} parts, more than ${bounds.entries}`,
      ),
    tooLarge: (name) =>
      refused(
        `报告表（XLSX）解压后过大：「${name}」或全部部件超过上限（单个部件 ${size(bounds.entryBytes)}，共 ${size(bounds.totalBytes)}）`,
        `The report sheet (XLSX) is too large once uncompressed ("${name}", or all of it; a part may be ${size(bounds.entryBytes)}, all ${size(bounds.totalBytes)})`,
      ),
    bomb: (name) =>
      refused(
        `报告表（XLSX）中的「${name}」压缩比超过 ${bounds.ratio}:1（疑似压缩炸弹），已拒绝`,
        `The report sheet (XLSX) was refused: "${name}" compresses more than ${bounds.ratio}:1, as a zip bomb does`,
      ),
    held: (name) =>
      refused(
        `报告表（XLSX）中的「${name}」解压后超过 ${size(bounds.heldBytes)}（读取时需整体载入）；请拆分报告表，或改用 CSV`,
        `The report sheet (XLSX) was refused: "${name}" is over ${size(bounds.heldBytes)} once uncompressed, and is held whole while the sheet is read; split the sheet, or send it as CSV`,
      ),
    overflow: (name) =>
      refused(
        `报告表（XLSX）中的「${name}」解压后超过其声明的大小，已拒绝`,
        `The report sheet (XLSX) was refused: "${name}" inflates past the size it declares`,
      ),
    longText: (name) =>
      refused(
        `报告表（XLSX）中的「${name}」含有超过 ${size(bounds.textBytes)} 的文本（一个单元格最多 32767 个字符），已拒绝`,
        `The report sheet (XLSX) was refused: "${name}" holds a text over ${size(bounds.textBytes)} (a cell holds 32,767 characters at most)`,
      ),
  }
}

const TAG_OPEN = 0x3c

/** Passes a part's bytes on, failing it where more than `limit` bytes run from one tag's start to the next (a text, or a tag). */
function boundedTexts(limit: number, refusal: () => AppError): Transform {
  let run = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let from = 0
      for (let at = chunk.indexOf(TAG_OPEN); at >= 0; at = chunk.indexOf(TAG_OPEN, at + 1)) {
        if (run + at - from > limit) return done(refusal())
        run = 0
        from = at + 1
      }
      run += chunk.length - from
      done(run > limit ? refusal() : null, chunk)
    },
  })
}

/** The first worksheet as the workbook lists its sheets, else the first sheetN.xml of the zip. */
function firstWorksheet(parsers: WorkbookParsers, index: ZipIndex): { name: string; sheetNo: string } | undefined {
  const first = parsers.model?.sheets?.[0]
  const target = parsers.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target
  const listed = target && (target.startsWith('/') ? target.slice(1) : `xl/${target}`)
  const name = listed && index.entries.has(listed) ? listed : [...index.entries.keys()].find((entry) => WORKSHEET.test(entry))
  return name ? { name, sheetNo: WORKSHEET.exec(name)?.[1] ?? '1' } : undefined
}

/** The rows of the workbook's first worksheet, as exceljs reads them; a workbook past `bounds` throws IMPORT_SHEET_TOO_LARGE. */
export async function* workbookRows(file: string, bounds: WorkbookBounds = WORKBOOK_BOUNDS): AsyncGenerator<ExcelJS.Row> {
  const refuse = refusals(bounds)
  const index = await openZip(file, bounds, refuse)
  const opened: Readable[] = []
  /** A part as text; one that inflates past its declared size, or holds too long a text, fails its stream with the refusal. */
  const part = async (name: string): Promise<Readable> => {
    const source = await openEntry(index, index.entries.get(name)!, refuse)
    const text = boundedTexts(bounds.textBytes, () => refuse.longText(name))
    source.on('error', (error) => text.destroy(/too many bytes/.test(error.message) ? refuse.overflow(name) : zipFailure(refuse, error)))
    opened.push(source, text)
    return source.pipe(text).setEncoding('utf8')
  }
  try {
    for (const name of HELD) if ((index.entries.get(name)?.uncompressedSize ?? 0) > bounds.heldBytes) throw refuse.held(name)
    const parsers = new (await loadExcelJs()).stream.xlsx.WorkbookReader(file, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
    }) as unknown as WorkbookParsers
    if (index.entries.has(RELS)) await parsers._parseRels(await part(RELS))
    if (index.entries.has(BOOK)) await parsers._parseWorkbook(await part(BOOK))
    // Cached as they come: the parser yields nothing.
    if (index.entries.has(STRINGS)) for await (const _ of parsers._parseSharedStrings(await part(STRINGS)));
    if (index.entries.has(STYLES)) await parsers._parseStyles(await part(STYLES))
    const sheet = firstWorksheet(parsers, index)
    if (!sheet) return
    for (const { value: worksheet } of parsers._parseWorksheet(await part(sheet.name), sheet.sheetNo)) yield* worksheet
  } finally {
    for (const stream of opened) stream.destroy()
    index.close()
  }
}
