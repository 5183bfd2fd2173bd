import type { FastifyInstance } from 'fastify'
import { decodeQuotedPrintable, registerUser, waitForMail, type RegisteredUser } from './accounts.ts'
import { body } from './build-app.ts'
import { readBack } from './pdf-read-back.ts'
import { authed, pressCashier, reportWithPrices } from './orders.ts'

// Licence helpers: a paid research order of a licence, the links of the
// licence mails, and the text a stamped PDF shows on each page.

const RESEARCH = '/report/websiteUserResearchOrder'
const PRICES = { single: 6800, multi: 8800, enterprise: 12800 } as const

export type LicenceKind = keyof typeof PRICES

/** A buyer (registered with `email` when given) who paid for a report with a file, of `licence`, through the sandbox cashier. */
export async function paidLicence(
  app: FastifyInstance,
  licence: LicenceKind,
  options: { buyer?: RegisteredUser; email?: string; lang?: 'zh-CN' | 'en-US' } = {},
) {
  const buyer = options.buyer ?? (await registerUser(app, options.email ? { email: options.email } : {}))
  const { report, bytes } = await reportWithPrices(app, { file: true, lang: options.lang ?? 'zh-CN' })
  const api = authed(app, buyer.token)
  const saved = body(
    await api.post(`${RESEARCH}/save`, { lang: options.lang ?? 'zh-CN', reportId: String(report.id), edition: 'standard', licence }),
  )
  if (saved.code !== 200) throw new Error(`save failed: ${JSON.stringify(saved)}`)
  const pay = body(await api.post(`${RESEARCH}/payOrder`, { id: saved.data.id, payMethod: 'zfb', payPrice: PRICES[licence] }))
  if (pay.code !== 200) throw new Error(`pay failed: ${JSON.stringify(pay)}`)
  await pressCashier(pay.data.orderPayUrl, 'success')
  return { buyer, api, report, original: bytes!, orderId: String(saved.data.id), orderNo: String(saved.data.orderNo) }
}

/** The site link of a mail to `to` whose path matches `pattern` (its first group is the token). */
export async function mailedToken(dataDir: string, to: string, pattern: RegExp): Promise<string> {
  const mail = await waitForMail(dataDir, to, 10_000, (text) => pattern.test(text))
  const found = pattern.exec(decodeQuotedPrintable(mail))
  if (!found?.[1]) throw new Error(`no link matching ${pattern} in the mail to ${to}`)
  return found[1]
}

/** Each page's text, as pdf.js extracts it. */
export async function pageTexts(pdf: Buffer): Promise<string[]> {
  return (await readBack(pdf)).text
}
