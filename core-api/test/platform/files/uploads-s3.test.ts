import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { S3Client } from '@aws-sdk/client-s3'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../src/platform/errors.ts'
import { receiveDocument, receiveImage } from '../../../src/platform/files/uploads/index.ts'
import { registerUser } from '../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createBulletin } from '../../helpers/factories.ts'
import { pageTexts } from '../../helpers/licences.ts'
import { authed, expectStampedCopy, pressCashier, samplePdf } from '../../helpers/orders.ts'
import { startS3rver, type RunningS3rver } from '../../helpers/s3rver.ts'
import { brokenStream, docxBytes, filesUnder, pdfBytes, pdfStream, PNG, sha256Of } from '../../helpers/uploads-fixtures.ts'

// The receiver into an S3 store (FILE_STORE=s3://…, a real S3-protocol
// server): a file over the 5 MiB part size goes up as a multipart upload,
// whose parts are aborted when the upload is refused or breaks off, so
// nothing is left in the bucket; and what a buyer downloads is their
// stamped copy of exactly the bytes that were uploaded.

const MB = 1024 * 1024
const PREFIX = 'site/files'
let s3: RunningS3rver
let t: TestApp

beforeAll(async () => {
  s3 = await startS3rver()
  t = await buildTestApp({ SITE_URL: 'http://site.test', ...s3.config(PREFIX) }, { listen: true })
})
afterAll(async () => {
  await t?.close()
  await s3?.stop()
})

const receive = (source: Readable, name: string, maxBytes = 500 * MB) =>
  receiveDocument(t.app.files, source, { name, maxBytes, keyPrefix: 'reports/S3-1/en-US/full' })

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

async function sha256Stored(app: FastifyInstance, key: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(await app.files.open(key), hash)
  return hash.digest('hex')
}

describe('uploads into an S3 store', () => {
  it('streams a 12 MB PDF up in parts and keeps its size and SHA-256', async () => {
    const file = pdfStream(12 * MB)
    const stored = await receive(file.stream, 'Annual outlook.pdf')
    expect(stored).toMatchObject({ name: 'Annual outlook.pdf', size: 12 * MB, sha256: file.sha256(), type: 'application/pdf' })
    expect(t.app.files.location).toBe(`s3://${s3.bucket}/${PREFIX}`)
    expect((await t.app.files.stat(stored.key))?.size).toBe(12 * MB)
    expect(await sha256Stored(t.app, stored.key)).toBe(stored.sha256)
    await t.app.files.delete(stored.key)
    expect(await t.app.files.stat(stored.key)).toBeUndefined()
  }, 60_000)

  it('leaves nothing in the bucket when an upload is too large, breaks off, or is no PDF or Word', async () => {
    // s3rver keeps a multipart upload's parts under ._S3rver_uploads and does not implement AbortMultipartUpload
    // (AWS and MinIO drop the parts on it): what is checked there is that the abort is asked for.
    const objects = async () => (await filesUnder(s3.directory)).filter((file) => !file.includes('._S3rver_uploads'))
    const before = await objects()
    const spy = vi.spyOn(S3Client.prototype, 'send')
    try {
      expect((await refusal(receive(pdfStream(8 * MB).stream, 'big.pdf', 6 * MB))).code).toBe(300112)
      expect((await refusal(receive(brokenStream(pdfBytes(8 * MB), 7 * MB), 'cut.pdf'))).code).toBe(300115)
      const sent = spy.mock.calls.map(([command]) => command.constructor.name)
      expect(sent.filter((name) => name === 'CreateMultipartUploadCommand')).toHaveLength(2)
      expect(sent.filter((name) => name === 'AbortMultipartUploadCommand')).toHaveLength(2)
      expect(sent).not.toContain('CompleteMultipartUploadCommand')
    } finally {
      spy.mockRestore()
    }
    expect((await refusal(receive(brokenStream(pdfBytes(1 * MB), 512 * 1024), 'cut.pdf'))).code).toBe(300115)
    expect((await refusal(receive(Readable.from([PNG]), 'photo.pdf'))).code).toBe(300111)
    expect(await objects()).toEqual(before)
  }, 60_000)

  it('stores a .docx and an image with their types', async () => {
    const docx = await receive(Readable.from([docxBytes()]), '市场规模.docx')
    expect(docx).toMatchObject({ name: '市场规模.docx', sha256: sha256Of(docxBytes()) })
    expect(await sha256Stored(t.app, docx.key)).toBe(sha256Of(docxBytes()))
    const image = await receiveImage(t.app.files, Readable.from([PNG]), { maxBytes: 10 * MB })
    expect(await sha256Stored(t.app, image.key)).toBe(sha256Of(PNG))
  })

  it('keeps an upload byte for byte, and a buyer downloads their stamped copy of it', async () => {
    const original = await samplePdf()
    const stored = await receive(Readable.from([original]), '简报 全文.pdf')
    expect(await sha256Stored(t.app, stored.key)).toBe(sha256Of(original))
    // The order plumbing reads a product's attachment key and name; the report
    // service records an upload's the same way (staff-files route test).
    const bulletin = await createBulletin(t.app, { price: 299, attachmentKey: stored.key, attachmentName: stored.name })
    const user = await registerUser(t.app)
    const api = authed(t.app, user.token)
    const created = body(
      await api.post('/report/websiteUserOrder/payOrder', { researchBriefReportId: String(bulletin.id), payMethod: 'zfb', payPrice: 299 }),
    )
    expect(created.code, JSON.stringify(created)).toBe(200)
    expect((await pressCashier(created.data.orderPayUrl, 'success')).statusCode).toBe(303)
    const download = await api.post('/report/websiteUserOrder/downFile', { id: String(created.data.id) })
    expect(download.statusCode).toBe(200)
    expect(String(download.headers['content-disposition'])).toContain(encodeURIComponent('简报 全文.pdf'))
    // Never the original: the buyer's copy is the upload with the licence stamp appended as an incremental update.
    expect(download.headers['content-length']).toBe(String(download.rawPayload.length))
    expectStampedCopy(download.rawPayload, original)
    expect((await pageTexts(download.rawPayload)).every((text) => text.includes(String(created.data.orderNo)))).toBe(true)
  }, 60_000)
})
