import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { QueryTypes } from 'sequelize'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3FileStore } from '../../../src/platform/files/s3-file-store.ts'
import { registerUser } from '../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { createBulletin } from '../../helpers/factories.ts'
import { logCapture } from '../../helpers/logs.ts'
import { authed, bulletinWithFile, expectStampedCopy, pressCashier } from '../../helpers/orders.ts'
import { S3RVER_KEYS, silentServer, startS3rver, type RunningS3rver } from '../../helpers/s3rver.ts'

// Downloads through the real app with FILE_STORE=s3://…: the bytes come from
// a real S3-protocol server (s3rver) through the API, with the same headers,
// ranges and envelopes as from the local store; a missing object answers
// 100004, a store that is down or silent 900001 within S3_TIMEOUT_MS, and
// neither is logged as a download.
const BRIEF = '/report/websiteUserOrder'
const PREFIX = 'site/files'
const TIMEOUT = 500
const UNAVAILABLE = { code: 900001, msg: 'File storage is unavailable right now. Please try again later.', data: null }

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

/** A paid bulletin order of a new user: the user's api and the order id. */
async function paidOrder(app: FastifyInstance, bulletin: { id: string | number; price: number | null }) {
  const user = await registerUser(app)
  const api = authed(app, user.token)
  const created = body(
    await api.post(`${BRIEF}/payOrder`, { researchBriefReportId: String(bulletin.id), payMethod: 'zfb', payPrice: bulletin.price }),
  )
  expect(created.code, JSON.stringify(created)).toBe(200)
  expect((await pressCashier(created.data.orderPayUrl, 'success')).statusCode).toBe(303)
  return { user, api, orderId: String(created.data.id) }
}

async function downloadsLogged(app: FastifyInstance, orderId: string): Promise<number> {
  const [row] = await app.db.sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM download_log WHERE order_id = $1`, {
    bind: [orderId],
    type: QueryTypes.SELECT,
  })
  return row!.n
}

describe('downloads from an S3 store', () => {
  it('serves a paid file from the bucket, whole and by range, as the local store does', async () => {
    const { bulletin, bytes } = await bulletinWithFile(t.app)
    // The file went to the bucket under the prefix, not to DATA_DIR/files.
    const direct = new S3FileStore({
      bucket: s3.bucket,
      prefix: '',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      timeoutMs: 2000,
    })
    expect((await direct.stat(`${PREFIX}/${bulletin.attachmentKey!}`))?.size).toBe(bytes.length)
    expect(t.app.files.location).toBe(`s3://${s3.bucket}/${PREFIX}`)

    const { api, user, orderId } = await paidOrder(t.app, bulletin)
    const file = await api.post(`${BRIEF}/downFile`, { id: orderId })
    expect(file.statusCode).toBe(200)
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    })
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(bulletin.title)}.pdf`)
    expectStampedCopy(file.rawPayload, bytes)
    const stamped = file.rawPayload
    expect(file.headers['content-length']).toBe(String(stamped.length))

    const ranged = (range: string) =>
      t.app.inject({ method: 'POST', url: `${BRIEF}/downFile`, payload: { id: orderId }, headers: { 'website-token': user.token, range } })
    const part = await ranged('bytes=100-199')
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${stamped.length}`)
    expect(part.headers['content-length']).toBe('100')
    expect(part.rawPayload.equals(stamped.subarray(100, 200))).toBe(true)
    const tail = await ranged('bytes=-10')
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload.equals(stamped.subarray(-10))).toBe(true)
    const beyond = await ranged(`bytes=${stamped.length}-`)
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${stamped.length}`)
    expect(body(beyond).code).toBe(416)

    // Served downloads are logged; the refused range is not.
    expect(await downloadsLogged(t.app, orderId)).toBe(3)
  })

  it('serves the signed link of a paid order from the bucket', async () => {
    const { bulletin, bytes } = await bulletinWithFile(t.app)
    const { orderId } = await paidOrder(t.app, bulletin)
    const link = new URL(await t.app.orderDelivery.createDownloadLink(orderId)).pathname.replace(/^\/api/, '')
    const whole = await t.app.inject({ url: link })
    expect(whole.statusCode).toBe(200)
    expectStampedCopy(whole.rawPayload, bytes)
    const resumed = await t.app.inject({ url: link, headers: { range: 'bytes=10-' } })
    expect(resumed.statusCode).toBe(206)
    expect(resumed.rawPayload.equals(whole.rawPayload.subarray(10))).toBe(true)
  })

  it('answers 100004 when the object is missing from the bucket, and logs no download', async () => {
    const bulletin = await createBulletin(t.app, { price: 299 })
    await bulletin.update({ attachmentKey: `bulletins/zh-CN/${bulletin.webTitle}.pdf`, attachmentName: `${bulletin.title}.pdf` })
    const { api, orderId } = await paidOrder(t.app, bulletin)
    const missing = await api.post(`${BRIEF}/downFile`, { id: orderId })
    expect(missing.statusCode).toBe(200)
    expect(body(missing)).toEqual({ code: 100004, msg: '文件暂时无法下载，请联系客服', data: null })
    expect(body(await api.post(`${BRIEF}/downFile`, { id: orderId, lang: 'en-US' }))).toEqual({
      code: 100004,
      msg: 'The file cannot be downloaded right now. Please contact us.',
      data: null,
    })
    expect(await downloadsLogged(t.app, orderId)).toBe(0)
  })
})

describe('a store that is down', () => {
  it('answers 900001 within S3_TIMEOUT_MS when the store never answers, then when it refuses, and logs it', async () => {
    const silent = await silentServer()
    const logs = logCapture()
    const down = await buildTestApp(
      {
        ...S3RVER_KEYS,
        FILE_STORE: `s3://${s3.bucket}/${PREFIX}`,
        S3_ENDPOINT: silent.endpoint,
        S3_TIMEOUT_MS: TIMEOUT,
        LOG_LEVEL: 'warn',
      },
      { listen: true, logStream: logs.stream },
    )
    try {
      const bulletin = await createBulletin(down.app, { price: 299 })
      await bulletin.update({ attachmentKey: `bulletins/zh-CN/${bulletin.webTitle}.pdf`, attachmentName: `${bulletin.title}.pdf` })
      const { api, orderId } = await paidOrder(down.app, bulletin)

      let started = Date.now()
      const hung = await api.post(`${BRIEF}/downFile`, { id: orderId, lang: 'en-US' })
      expect(Date.now() - started).toBeLessThan(TIMEOUT + 1000)
      expect(hung.statusCode).toBe(200)
      expect(hung.headers['content-type']).toContain('application/json')
      expect(body(hung)).toEqual(UNAVAILABLE)
      expect(hung.body).not.toContain('at ')
      const zh = body(await api.post(`${BRIEF}/downFile`, { id: orderId }))
      expect(zh).toEqual({ code: 900001, msg: '文件存储暂时不可用，请稍后再试', data: null })
      expect(logs.find('the file store is unavailable').length).toBeGreaterThanOrEqual(2)
      expect(logs.find('the file store is unavailable')[0]).toMatchObject({
        key: bulletin.attachmentKey,
        store: `s3://${s3.bucket}/${PREFIX}`,
      })

      // The same port, closed: refused connections fail fast.
      await silent.stop()
      started = Date.now()
      expect(body(await api.post(`${BRIEF}/downFile`, { id: orderId, lang: 'en-US' }))).toEqual(UNAVAILABLE)
      expect(Date.now() - started).toBeLessThan(TIMEOUT + 1000)

      expect(await downloadsLogged(down.app, orderId)).toBe(0)

      // A signed mail link tried while the store is down is not used up by the failure.
      const link = new URL(await down.app.orderDelivery.createDownloadLink(orderId)).pathname.replace(/^\/api/, '')
      expect(body(await down.app.inject({ url: `${link}?lang=en-US` }))).toEqual(UNAVAILABLE)
      const [counted] = await down.app.db.sequelize.query<{ downloads: number }>(
        `SELECT downloads FROM download_link WHERE order_id = $1`,
        { bind: [orderId], type: QueryTypes.SELECT },
      )
      expect(counted!.downloads).toBe(0)
    } finally {
      await silent.stop().catch(() => {})
      await down.close()
    }
  })

  it('does not log a download when the store answers the stat but not the download', async () => {
    // Passes HEAD through to s3rver and never answers GET: the store fails after the stat, before the first byte.
    const sockets = new Set<import('node:net').Socket>()
    const target = new URL(s3.endpoint)
    const proxy: Server = createServer((incoming, outgoing) => {
      if (incoming.method !== 'HEAD') return
      const forwarded = httpRequest(
        { host: target.hostname, port: target.port, method: 'HEAD', path: incoming.url, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        },
      )
      forwarded.on('error', () => outgoing.destroy())
      forwarded.end()
    })
    proxy.on('connection', (socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const half = await buildTestApp(
      { ...S3RVER_KEYS, FILE_STORE: `s3://${s3.bucket}/${PREFIX}`, S3_ENDPOINT: endpoint, S3_TIMEOUT_MS: TIMEOUT },
      { listen: true },
    )
    try {
      // The object exists: stored through the main app, which shares bucket and prefix.
      const { bulletin } = await bulletinWithFile(t.app)
      const copy = await createBulletin(half.app, { price: 299 })
      await copy.update({ attachmentKey: bulletin.attachmentKey, attachmentName: bulletin.attachmentName })
      expect((await half.app.files.stat(bulletin.attachmentKey!))?.size).toBeGreaterThan(0)
      const { api, orderId } = await paidOrder(half.app, copy)

      const started = Date.now()
      const answer = await api.post(`${BRIEF}/downFile`, { id: orderId, lang: 'en-US' })
      expect(Date.now() - started).toBeLessThan(2 * TIMEOUT + 1000)
      expect(body(answer)).toEqual(UNAVAILABLE)
      expect(await downloadsLogged(half.app, orderId)).toBe(0)
    } finally {
      await half.close()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => proxy.close(() => resolve()))
    }
  })
})
