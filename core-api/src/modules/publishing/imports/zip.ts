import { createHash } from 'node:crypto'
import { Transform, type Readable } from 'node:stream'
import { fileTypeFromStream } from 'file-type'
import yauzl from 'yauzl'
import { AppError } from '../../../platform/errors.ts'
import type { FileStore } from '../../../platform/files/file-store.ts'
import { sanitizeFileName } from '../../../platform/files/uploads/index.ts'
import { FILES_ZIP_BOUNDS, MAX_COMPRESSION_RATIO, MAX_FILE_BYTES, MAX_ZIP_ENTRIES, type ZipBounds } from './limits.ts'

// The zip of an import's files, read with yauzl (random access through the
// central directory, entries streamed and inflated one at a time, never held
// whole). Before anything is read, its central directory is checked: entry
// count, declared sizes in all, each entry's compression ratio (a zip bomb),
// and every path (absolute, `..`, backslashes, links are refused). yauzl also
// checks that an entry inflates to exactly its declared size, so a lying
// header cannot slip a bomb past the ratio check. An XLSX sheet is a zip
// too: workbook.ts opens it here, with its own bounds and words.

const S_IFMT = 0o170000
const S_IFLNK = 0o120000

export interface ZipIndex {
  /** File entries by their path */
  entries: Map<string, yauzl.Entry>
  zip: yauzl.ZipFile
  close(): void
}

/** What a file's extension promises, and the media type stored for it. */
const TYPES: Record<string, { detected: string[]; mime: string }> = {
  pdf: { detected: ['pdf'], mime: 'application/pdf' },
  docx: { detected: ['docx'], mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  // An old Word file is an OLE compound file; file-type names the container (cfb).
  doc: { detected: ['cfb'], mime: 'application/msword' },
}

export function extensionOf(name: string): string | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase()
  return ext && ext in TYPES ? ext : undefined
}

function unsafe(name: string): AppError {
  return new AppError('IMPORT_ZIP_UNSAFE_PATH', {
    'zh-CN': `文件包中的「${name}」路径越出其目录或为符号链接，已拒绝`,
    'en-US': `The files archive was refused: the entry "${name}" leaves its folder or is a link`,
  })
}

/** A relative path of plain segments, or undefined. */
export function safePath(name: string): boolean {
  if (name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false
  return name.split('/').every((part, index, parts) => part !== '..' && part !== '.' && (part !== '' || index === parts.length - 1))
}

/** How a zip's refusals are worded: the files archive's here, the report sheet's in workbook.ts. */
export interface ZipRefusals {
  unreadable(message: string): AppError
  unsafe(name: string): AppError
  tooManyEntries(count: number): AppError
  tooLarge(name: string): AppError
  bomb(name: string): AppError
}

/** A failure of reading a zip as the catalogue's refusal (an AppError already is one). */
export function zipFailure(refusals: ZipRefusals, error: unknown): AppError {
  if (error instanceof AppError) return error
  const message = error instanceof Error ? error.message : String(error)
  // yauzl's own path checks (decodeStrings) name the entry.
  const path = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(message)
  if (path) return refusals.unsafe(path[1]!)
  return refusals.unreadable(message.slice(0, 200))
}

function bomb(name: string): AppError {
  return new AppError('IMPORT_ZIP_BOMB', {
    'zh-CN': `文件包中的「${name}」压缩比超过 ${MAX_COMPRESSION_RATIO}:1（疑似压缩炸弹），已拒绝`,
    'en-US': `The files archive was refused: "${name}" compresses more than ${MAX_COMPRESSION_RATIO}:1, as a zip bomb does`,
  })
}

function tooLarge(name: string): AppError {
  return new AppError('IMPORT_ZIP_TOO_LARGE', {
    'zh-CN': `文件包过大：「${name}」或全部文件解压后超过上限（单个文件 ${MAX_FILE_BYTES / 1024 / 1024} MB）`,
    'en-US': `The files archive is too large once uncompressed ("${name}", or all of it; one file may be ${MAX_FILE_BYTES / 1024 / 1024} MB)`,
  })
}

const FILES_REFUSALS: ZipRefusals = {
  unreadable: (message) =>
    new AppError('IMPORT_ZIP_UNREADABLE', {
      'zh-CN': `文件包无法读取：${message}`,
      'en-US': `The files archive cannot be read: ${message}`,
    }),
  unsafe,
  tooManyEntries: (count) =>
    new AppError('IMPORT_ZIP_TOO_MANY_ENTRIES', {
      'zh-CN': `文件包中有 ${count} 个条目，超过上限 ${MAX_ZIP_ENTRIES}`,
      'en-US': `The files archive holds ${count} entries, more than ${MAX_ZIP_ENTRIES}`,
    }),
  tooLarge,
  bomb,
}

const fail = (error: unknown) => zipFailure(FILES_REFUSALS, error)

/**
 * Opens a zip and checks its central directory against `bounds` (the files zip's unless given); throws the
 * catalogue's refusal (`refusals`) for too many entries, a bomb, an unsafe path or a broken zip.
 */
export async function openZip(file: string, bounds: ZipBounds = FILES_ZIP_BOUNDS, refusals = FILES_REFUSALS): Promise<ZipIndex> {
  const failed = (error: unknown) => zipFailure(refusals, error)
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true }, (error, opened) =>
      error ? reject(failed(error)) : resolve(opened),
    ),
  ).catch((error: unknown) => {
    throw failed(error)
  })
  if (zip.entryCount > bounds.entries) {
    zip.close()
    throw refusals.tooManyEntries(zip.entryCount)
  }
  const entries = new Map<string, yauzl.Entry>()
  try {
    await new Promise<void>((resolve, reject) => {
      let total = 0
      zip.on('error', (error: unknown) => reject(failed(error)))
      zip.on('end', () => resolve())
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT
        if (!safePath(name) || mode === S_IFLNK) return reject(refusals.unsafe(name))
        if (!name.endsWith('/')) {
          const size = entry.uncompressedSize
          total += size
          if (size > bounds.entryBytes || total > bounds.totalBytes) return reject(refusals.tooLarge(name))
          if (size > bounds.ratioExemptBytes && size / Math.max(entry.compressedSize, 1) > bounds.ratio) return reject(refusals.bomb(name))
          if (entries.has(name)) return reject(failed(new Error(`the entry ${name} is there twice`)))
          entries.set(name, entry)
        }
        zip.readEntry()
      })
      zip.readEntry()
    })
  } catch (error) {
    zip.close()
    throw error
  }
  return { entries, zip, close: () => zip.close() }
}

/** An entry's bytes, inflated (yauzl fails the stream of an entry that inflates past its declared size). */
export function openEntry(index: ZipIndex, entry: yauzl.Entry, refusals = FILES_REFUSALS): Promise<Readable> {
  return new Promise((resolve, reject) =>
    index.zip.openReadStream(entry, (error, stream) => (error ? reject(zipFailure(refusals, error)) : resolve(stream))),
  )
}

function mismatch(name: string, found: string | undefined): AppError {
  const what = found ?? '?'
  return new AppError('IMPORT_FILE_TYPE_MISMATCH', {
    'zh-CN': `「${name}」的内容（${what}）与其扩展名不符（仅接受 PDF 或 Word）`,
    'en-US': `The contents of "${name}" (${what}) do not match its extension (PDF or Word only)`,
  })
}

/** The media type of an entry from its bytes, checked against its extension; throws IMPORT_FILE_TYPE_MISMATCH. */
export async function checkEntryType(index: ZipIndex, name: string): Promise<string> {
  const entry = index.entries.get(name)
  const ext = extensionOf(name)
  if (!entry || !ext) throw mismatch(name, undefined)
  const stream = await openEntry(index, entry)
  try {
    const found = await fileTypeFromStream(stream)
    if (!found || !TYPES[ext]!.detected.includes(found.ext)) throw mismatch(name, found?.mime)
    return TYPES[ext]!.mime
  } catch (error) {
    throw fail(error)
  } finally {
    stream.destroy()
  }
}

export interface StoredEntry {
  key: string
  name: string
  size: number
  sha256: string
  type: string
}

/** Streams an entry into the file store under `key`, counting and hashing it on the way. */
export async function storeEntry(index: ZipIndex, name: string, key: string, files: FileStore, type: string): Promise<StoredEntry> {
  const entry = index.entries.get(name)
  if (!entry) throw fail(new Error(`no entry ${name}`))
  const hash = createHash('sha256')
  let size = 0
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      // yauzl stops an entry at its declared size too; this is the store's own bound.
      if (size > MAX_FILE_BYTES) return done(tooLarge(name))
      hash.update(chunk)
      done(null, chunk)
    },
  })
  const source = await openEntry(index, entry)
  source.on('error', (error) => meter.destroy(fail(error)))
  await files.put(key, source.pipe(meter))
  // Buyers see and save the file under this name: cleaned as an upload's is (no direction overrides hiding its extension).
  const ext = extensionOf(name) ?? 'bin'
  return { key, name: sanitizeFileName(name, ext), size, sha256: hash.digest('hex'), type }
}
