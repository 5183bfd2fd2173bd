import type { AddressInfo } from 'node:net'
import { QueryTypes } from 'sequelize'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { registerUser } from '../../helpers/accounts.ts'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { authed, orderStatus, postNotification, reportWithPrices, signedAlipayNotification } from '../../helpers/orders.ts'

// Mails through a real SMTP conversation with a server that fails on
// purpose: a temporary failure is retried until the mail is taken, once; a
// permanent refusal is not retried; the mail of a paid order commits with
// the order or not at all.

interface Received {
  to: string[]
  messageId: string
  data: string
}

let t: TestApp
let smtp: SMTPServer
const received: Received[] = []
let attempts: Array<{ to: string[]; messageId: string }> = []
/** Recipient → how many more attempts to refuse, and with which reply. */
const refusals = new Map<string, { left: number; code: number }>()

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8')
        const to = session.envelope.rcptTo.map((r) => r.address)
        const messageId = /^Message-ID: (.+)$/im.exec(data)?.[1]?.trim() ?? ''
        attempts.push({ to, messageId })
        const refusal = refusals.get(to[0] ?? '')
        if (refusal && refusal.left > 0) {
          refusal.left--
          const error = new Error(refusal.code >= 500 ? 'mailbox unavailable' : 'try again later') as Error & { responseCode: number }
          error.responseCode = refusal.code
          return callback(error)
        }
        received.push({ to, messageId, data })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  t = await buildTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_DELAY_SECONDS: 1, JOB_POLL_INTERVAL_SECONDS: 0.5 },
    { listen: true },
  )
})
afterAll(async () => {
  await t?.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})
beforeEach(() => {
  attempts = []
})

async function until<T>(find: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await find()
    if (found !== undefined && found !== false) return found
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

type MailRow = {
  id: string
  kind: string
  reference: string
  attempts: number
  sent: boolean
  rejected: boolean
  lastError: string | null
  bodyText: string | null
  messageId: string
}
const mailRows = (reference: string) =>
  t.app.db.sequelize.query<MailRow>(
    `SELECT id::text AS id, kind, reference, attempts, sent_at IS NOT NULL AS sent, rejected_at IS NOT NULL AS rejected, last_error AS "lastError",
          body_text AS "bodyText", message_id AS "messageId" FROM outgoing_mail WHERE reference = $1 ORDER BY id`,
    { bind: [reference], type: QueryTypes.SELECT },
  )

async function unpaidResearchOrder(email: string) {
  const user = await registerUser(t.app)
  const { report } = await reportWithPrices(t.app, { file: true })
  const api = authed(t.app, user.token)
  const saved = body(
    await api.post('/report/websiteUserResearchOrder/save', { reportId: String(report.id), edition: 'standard', licence: 'single', email }),
  )
  expect(saved.code).toBe(200)
  const paying = body(
    await api.post('/report/websiteUserResearchOrder/payOrder', { id: saved.data.id, payMethod: 'zfb', payPrice: saved.data.payPrice }),
  )
  expect(paying.code).toBe(200)
  return saved.data as { id: string; orderNo: string; payPrice: number }
}

it('retries a delivery mail the server turned away, and delivers it exactly once, under one Message-ID', async () => {
  const buyer = 'retry.buyer@example.com'
  refusals.set(buyer, { left: 2, code: 451 })
  const order = await unpaidResearchOrder(buyer)
  expect(
    (await postNotification(t.app, await signedAlipayNotification({ orderNo: order.orderNo, amount: order.payPrice * 100 }))).body,
  ).toBe('success')

  const delivered = await until(() => received.find((m) => m.to.includes(buyer)))
  // Two refusals, then the delivery; and nothing more after it.
  await new Promise((resolve) => setTimeout(resolve, 2500))
  const tries = attempts.filter((a) => a.to.includes(buyer))
  expect(tries).toHaveLength(3)
  expect(new Set(tries.map((a) => a.messageId))).toEqual(new Set([delivered.messageId]))
  expect(received.filter((m) => m.to.includes(buyer))).toHaveLength(1)

  const [row] = await mailRows(order.orderNo)
  expect(row).toMatchObject({
    kind: 'order-paid',
    attempts: 3,
    sent: true,
    rejected: false,
    lastError: null,
    messageId: delivered.messageId,
  })
  // The body held a download link: it does not stay in the table once sent.
  expect(row!.bodyText).toBeNull()
}, 30_000)

it('does not retry a mail the server refuses for good, and says so', async () => {
  const buyer = 'no.such.mailbox@example.com'
  refusals.set(buyer, { left: 99, code: 550 })
  const order = await unpaidResearchOrder(buyer)
  await postNotification(t.app, await signedAlipayNotification({ orderNo: order.orderNo, amount: order.payPrice * 100 }))
  await until(async () => (await mailRows(order.orderNo))[0]?.rejected)
  await new Promise((resolve) => setTimeout(resolve, 2500))
  expect(attempts.filter((a) => a.to.includes(buyer))).toHaveLength(1)
  const [row] = await mailRows(order.orderNo)
  expect(row).toMatchObject({ rejected: true, sent: false, bodyText: null })
  expect(row!.lastError).toContain('mailbox unavailable')
  const ready = JSON.parse((await t.app.inject({ url: '/health/ready' })).body)
  expect(ready.data.mails.rejected).toBeGreaterThanOrEqual(1)
}, 30_000)

it('sends a mail once when two workers reach it at the same moment', async () => {
  const user = await registerUser(t.app)
  await t.app.inject({ method: 'POST', url: '/report/websiteUser/forgetPwd', payload: { email: user.email } })
  const [row] = await until(async () => {
    const rows = await mailRows(user.id)
    return rows.length > 0 && rows[0]!.sent ? rows : undefined
  })
  // Unsent again, then delivered by two callers at once, as two instances would after a lost completion.
  await t.app.db.sequelize.query(`UPDATE outgoing_mail SET sent_at = NULL WHERE id = $1`, { bind: [row!.id] })
  attempts = []
  const outcomes = await Promise.allSettled([t.app.mails.deliver(row!.id), t.app.mails.deliver(row!.id)])
  expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'sent')).toHaveLength(1)
  expect(attempts.filter((a) => a.to.includes(user.email))).toHaveLength(1)
  // And a sent mail stays sent.
  expect(await t.app.mails.deliver(row!.id)).toBe('already-sent')
})

it('commits a paid order and its mail together: when the mail cannot be queued, the order stays unpaid for the provider to retry', async () => {
  const buyer = 'atomic.buyer@example.com'
  const order = await unpaidResearchOrder(buyer)
  const form = await signedAlipayNotification({ orderNo: order.orderNo, amount: order.payPrice * 100 })
  await t.app.db.sequelize.query('ALTER TABLE outgoing_mail RENAME TO outgoing_mail_away')
  try {
    const refused = await postNotification(t.app, form)
    expect(refused.statusCode).toBe(503)
    expect(await orderStatus(t.app, order.id)).toBe('0')
    const links = await t.app.db.sequelize.query(`SELECT 1 FROM download_link WHERE order_id = $1`, {
      bind: [order.id],
      type: QueryTypes.SELECT,
    })
    expect(links).toHaveLength(0)
  } finally {
    await t.app.db.sequelize.query('ALTER TABLE outgoing_mail_away RENAME TO outgoing_mail')
  }
  // The provider's retry goes through: paid, linked and mailed, once.
  expect((await postNotification(t.app, form)).body).toBe('success')
  expect(await orderStatus(t.app, order.id)).toBe('1')
  await until(() => received.find((m) => m.to.includes(buyer)))
  expect(await mailRows(order.orderNo)).toHaveLength(1)
})
