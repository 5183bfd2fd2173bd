import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../src/platform/errors.ts'
import { LocalFileStore } from '../../../src/platform/files/file-store.ts'
import { receiveDocument, receiveImage, sanitizeFileName, type StoredDocument } from '../../../src/platform/files/uploads/index.ts'
import {
  brokenStream,
  cfbBytes,
  docxBytes,
  EXE,
  filesUnder,
  GIF,
  JPEG,
  pdfBytes,
  pdfStream,
  PNG,
  sha256Of,
  SVG,
  zipBytes,
} from '../../helpers/uploads-fixtures.ts'

// The receiver on its own, into a real folder store: the type comes from the
// bytes, the checksum and size from every byte, the limit holds while bytes
// arrive, and whatever goes wrong leaves nothing behind.

const MB = 1024 * 1024
let root: string
let store: LocalFileStore

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rpt-uploads-'))
  store = new LocalFileStore(root)
})
afterAll(() => rm(root, { recursive: true, force: true }))

const receive = (source: Readable, name: string, maxBytes = 500 * MB, declaredBytes?: number) =>
  receiveDocument(store, source, { name, maxBytes, declaredBytes, keyPrefix: 'reports/T-1/zh-CN/full' })

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('receiving a report file', () => {
  it('streams a 100 MB PDF from a socket into the store without holding it, and keeps its size and SHA-256', async () => {
    // A real HTTP request body, as the route gets one; sender and receiver share this process.
    let stored: Promise<StoredDocument> | undefined
    const server: Server = createServer((request, response) => {
      stored = receive(request, '2026 年度报告.pdf')
      stored.then(
        () => response.end('ok'),
        () => response.end('failed'),
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const size = 100 * MB
    const file = pdfStream(size)
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
    try {
      await new Promise<void>((resolve, reject) => {
        const request = httpRequest({ port, host: '127.0.0.1', method: 'PUT', path: '/', headers: { 'content-type': 'application/pdf' } })
        request.on('response', (response) => {
          response.resume()
          response.on('end', resolve)
        })
        request.on('error', reject)
        pipeline(file.stream, request).catch(reject)
      })
    } finally {
      clearInterval(sampler)
      server.close()
    }
    const result = await stored!
    // Streamed, the process grows by the garbage of passing chunks (some 35 MB here); held whole, by at least the file's 100 MB.
    expect(peak - baseline).toBeLessThan(64 * MB)
    expect(result).toMatchObject({ name: '2026 年度报告.pdf', size, sha256: file.sha256(), type: 'application/pdf' })
    expect(result.key).toMatch(/^reports\/T-1\/zh-CN\/full\/[0-9a-f-]{36}\.pdf$/)
    const hash = createHash('sha256')
    await pipeline(await store.open(result.key), hash)
    expect(hash.digest('hex')).toBe(result.sha256)
    expect((await store.stat(result.key))?.size).toBe(size)
    await store.delete(result.key)
  }, 120_000)

  it('takes Word files: .docx from its contents, .doc (an OLE file) only when named .doc', async () => {
    const docx = await receive(Readable.from([docxBytes()]), 'Market sizing.pdf')
    expect(docx).toMatchObject({
      name: 'Market sizing.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    })
    expect(docx.key).toMatch(/\.docx$/)
    const doc = await receive(Readable.from([cfbBytes()]), 'legacy.DOC')
    expect(doc).toMatchObject({ name: 'legacy.doc', type: 'application/msword', size: 4096, sha256: sha256Of(cfbBytes()) })
    expect((await refusal(receive(Readable.from([cfbBytes()]), 'sheet.xls'))).code).toBe(300111)
  })

  it('refuses what is neither PDF nor Word, whatever its name, and stores nothing', async () => {
    const before = await filesUnder(root)
    for (const [bytes, name] of [
      [PNG, 'report.pdf'],
      [EXE, 'report.pdf'],
      [EXE, 'setup.exe'],
      [zipBytes(), 'report.docx'],
      [SVG, 'report.pdf'],
      [Buffer.from('plain text that claims to be a PDF'), 'report.pdf'],
    ] as const) {
      const error = await refusal(receive(Readable.from([bytes]), name))
      expect(error.code).toBe(300111)
      expect(error.messageIn('en-US')).toBe('This file type is not allowed: only PDF or Word (.docx, .doc) files are accepted.')
    }
    expect(await filesUnder(root)).toEqual(before)
  })

  it('refuses an empty body', async () => {
    expect((await refusal(receive(Readable.from([]), 'empty.pdf'))).code).toBe(300113)
  })

  it('refuses a body past the limit while it streams, and deletes what it had written', async () => {
    const before = await filesUnder(root)
    const error = await refusal(receive(pdfStream(3 * MB).stream, 'big.pdf', 1 * MB))
    expect(error.code).toBe(300112)
    expect(error.messageIn('en-US')).toBe('The file is larger than the 1 MB limit.')
    expect(error.messageIn('zh-CN')).toBe('文件超过 1 MB 的上限')
    // Within the first bytes, past them, and a declared length over the limit, which is refused unread.
    expect((await refusal(receive(pdfStream(200 * 1024).stream, 'big.pdf', 100 * 1024))).code).toBe(300112)
    const unread = pdfStream(2 * MB).stream
    expect((await refusal(receive(unread, 'big.pdf', 1 * MB, 2 * MB))).code).toBe(300112)
    expect(unread.readableDidRead).toBe(false)
    expect(await filesUnder(root)).toEqual(before)
  })

  it('deletes the partial file of an upload that breaks off', async () => {
    const before = await filesUnder(root)
    const bytes = pdfBytes(3 * MB)
    const early = await refusal(receive(brokenStream(bytes, 100 * 1024), 'cut.pdf'))
    const late = await refusal(receive(brokenStream(bytes, 2 * MB), 'cut.pdf'))
    for (const error of [early, late]) {
      expect(error.code).toBe(300115)
      expect(error.messageIn('en-US')).toBe('The upload broke off before its end; nothing was stored.')
    }
    expect(await filesUnder(root)).toEqual(before)
  })
})

describe('receiving an image', () => {
  it('stores PNG, JPEG and GIF under their SHA-256, once', async () => {
    for (const [bytes, ext, type] of [
      [PNG, 'png', 'image/png'],
      [JPEG, 'jpg', 'image/jpeg'],
      [GIF, 'gif', 'image/gif'],
    ] as const) {
      const image = await receiveImage(store, Readable.from([bytes]), { maxBytes: 10 * MB })
      expect(image).toEqual({
        key: `media/images/${sha256Of(bytes)}.${ext}`,
        file: `${sha256Of(bytes)}.${ext}`,
        size: bytes.length,
        sha256: sha256Of(bytes),
        type,
      })
      expect(await readFile(path.join(root, image.key))).toEqual(bytes)
    }
    const again = await receiveImage(store, Readable.from([PNG]), { maxBytes: 10 * MB })
    expect(again.key).toBe(`media/images/${sha256Of(PNG)}.png`)
  })

  it('refuses anything else (an SVG, a PDF) with 300114, and images past the limit with 300112', async () => {
    for (const bytes of [SVG, pdfBytes(), EXE]) {
      expect((await refusal(receiveImage(store, Readable.from([bytes]), { maxBytes: 10 * MB }))).code).toBe(300114)
    }
    const big = Buffer.concat([PNG, Buffer.alloc(2 * MB)])
    expect((await refusal(receiveImage(store, Readable.from([big]), { maxBytes: 1 * MB }))).code).toBe(300112)
  })
})

describe('file names', () => {
  it('keeps the name without paths or control characters, CJK included, with the extension of what the bytes are', () => {
    expect(sanitizeFileName('2026年中国新能源汽车市场报告.pdf', 'pdf')).toBe('2026年中国新能源汽车市场报告.pdf')
    expect(sanitizeFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf')
    expect(sanitizeFileName('C:\\Users\\editor\\Desktop\\report.PDF', 'pdf')).toBe('report.pdf')
    expect(sanitizeFileName('report\u202Efdp.exe', 'pdf')).toBe('reportfdp.pdf')
    expect(sanitizeFileName('line\nbreak\u0000.pdf', 'docx')).toBe('linebreak.docx')
    expect(sanitizeFileName('a<b>:"c"|?*.doc', 'doc')).toBe('a_b___c____.doc')
    expect(sanitizeFileName('Q3 v1.2 report', 'pdf')).toBe('Q3 v1.2 report.pdf')
    expect(sanitizeFileName('..', 'pdf')).toBe('file.pdf')
    expect(sanitizeFileName('  .hidden.pdf  ', 'pdf')).toBe('hidden.pdf')
    expect(sanitizeFileName('长'.repeat(300), 'pdf')).toBe(`${'长'.repeat(150)}.pdf`)
  })
})
