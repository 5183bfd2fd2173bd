import { createSign } from 'node:crypto'
import PDFDocument from 'pdfkit'
import { expect } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { QueryTypes } from 'sequelize'
import { signingString } from '@rpt/payment-sandbox'
import { fenToYuan } from '../../src/modules/orders/payments/gateways/alipay.ts'
import { body } from './build-app.ts'
import { createBulletin, createReport } from './factories.ts'
import { testKeys } from './gateway.ts'

// Order helpers: products with stored files, the payment sandbox cashier's
// buttons, and notifications signed with the sandbox's "Alipay" key.

export const NOTIFY_PATH = '/report/websiteUserResearchOrder/pay/asyncNotify'

let pdfBytes: Promise<Buffer> | undefined

/**
 * A real PDF of a few pages (some 40 KB, so that byte ranges have room),
 * made once per process: buyers download it stamped, which needs a PDF the
 * stamper can read. A stamped copy is an incremental update, so it begins
 * with exactly these bytes.
 */
export function samplePdf(): Promise<Buffer> {
  pdfBytes ??= new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', compress: false, info: { Title: 'Test report' } })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    for (let page = 1; page <= 6; page++) {
      if (page > 1) doc.addPage()
      doc.fontSize(12).text(`Page ${page}: ${'market figures and their sources '.repeat(60)}`)
    }
    doc.end()
  })
  return pdfBytes
}

/**
 * A buyer's download: their stamped copy of `original`, which begins with
 * exactly its bytes (an incremental update) and names its licence.
 */
export function expectStampedCopy(payload: Buffer, original: Buffer): void {
  expect(payload.length).toBeGreaterThan(original.length)
  expect(payload.subarray(0, original.length).equals(original)).toBe(true)
  expect(payload.includes('/RptLicence')).toBe(true)
}

/** The sample PDF stored under key. */
export async function storeFile(app: FastifyInstance, key: string): Promise<Buffer> {
  const bytes = await samplePdf()
  await app.files.put(key, bytes)
  return bytes
}

export async function bulletinWithFile(app: FastifyInstance, attributes: Record<string, unknown> = {}) {
  const bulletin = await createBulletin(app, { price: 299, ...attributes })
  const key = `bulletins/zh-CN/${bulletin.webTitle}.pdf`
  const bytes = await storeFile(app, key)
  await bulletin.update({ attachmentKey: key, attachmentName: `${bulletin.title}.pdf` })
  return { bulletin, bytes }
}

export async function reportWithPrices(app: FastifyInstance, options: { file?: boolean; lang?: 'zh-CN' | 'en-US' } = {}) {
  const report = await createReport(app, {
    price: 6800,
    multiPrice: 8800,
    enterprisePrice: 12800,
    reportRegion: '0',
    lang: options.lang ?? 'zh-CN',
  })
  let bytes: Buffer | undefined
  if (options.file) {
    const key = `reports/${report.reportCode}.${report.lang}.pdf`
    bytes = await storeFile(app, key)
    await report.update({ attachmentKey: key, attachmentName: `${report.title}.pdf` })
  }
  return { report, bytes }
}

export function authed(app: FastifyInstance, token: string) {
  return {
    post: (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, payload, headers: { 'website-token': token } }),
  }
}

/** Presses Pay (success) or Fail on the sandbox cashier an orderPayUrl opens, as a browser would. */
export async function pressCashier(orderPayUrl: string, result: 'success' | 'fail') {
  const response = await fetch(orderPayUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `result=${result}`,
    redirect: 'manual',
  })
  return { statusCode: response.status, headers: Object.fromEntries(response.headers), body: await response.text() }
}

/** An Alipay async notification exactly as the test apps' payment sandbox would sign it. */
export async function signedAlipayNotification(fields: {
  orderNo: string
  amount: number
  status?: string
  appId?: string
  tradeNo?: string
  currency?: string
}) {
  const keys = testKeys()
  const params: Record<string, string> = {
    notify_time: '2026-11-22 10:00:00',
    notify_type: 'trade_status_sync',
    notify_id: `n${fields.orderNo}`,
    app_id: fields.appId ?? keys.alipay.appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: fields.tradeNo ?? `T${fields.orderNo}`,
    out_trade_no: fields.orderNo,
    total_amount: fenToYuan(fields.amount),
    trade_status: fields.status ?? 'TRADE_SUCCESS',
    ...(fields.currency && fields.currency !== 'CNY' ? { trans_currency: fields.currency } : {}),
  }
  params.sign = createSign('RSA-SHA256')
    .update(signingString(params, ['sign', 'sign_type']), 'utf8')
    .sign(keys.alipay.platform.privateKey, 'base64')
  return new URLSearchParams(params).toString()
}

export function postNotification(app: FastifyInstance, form: string) {
  return app.inject({ method: 'POST', url: NOTIFY_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form })
}

export async function orderStatus(app: FastifyInstance, id: string): Promise<string> {
  const [row] = await app.db.sequelize.query<{ status: string }>(`SELECT status FROM website_order WHERE id = $1`, {
    bind: [id],
    type: QueryTypes.SELECT,
  })
  return row!.status
}

export { body }
