import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { body, buildTestApp, type TestApp } from '../../helpers/build-app.ts'
import { decodeQuotedPrintable, readableMail, registerUser } from '../../helpers/accounts.ts'
import { createReport } from '../../helpers/factories.ts'

// With SMTP_URL set, mail leaves through a real SMTP conversation: here with
// a server on loopback that records what it receives.

interface Received {
  from: string
  to: string[]
  data: string
}

let t: TestApp
let smtp: SMTPServer
const received: Received[] = []

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  t = await buildTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    STAFF_EMAIL: 'desk@publisher.example',
    MAIL_FROM: 'Publisher <noreply@publisher.example>',
  })
})
afterAll(async () => {
  await t?.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

async function waitFor(predicate: (mail: Received) => boolean): Promise<Received> {
  for (let i = 0; i < 100; i++) {
    const mail = received.find(predicate)
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('no such mail arrived')
}

it('sends the password reset mail over SMTP, as text and HTML', async () => {
  const user = await registerUser(t.app)
  expect(body(await t.app.inject({ method: 'POST', url: '/report/websiteUser/forgetPwd', payload: { email: user.email } })).code).toBe(200)
  const mail = await waitFor((m) => m.to.includes(user.email))
  expect(mail.from).toBe('noreply@publisher.example')
  expect(mail.data).toContain('multipart/alternative')
  expect(mail.data).toContain('text/html')
  expect(decodeQuotedPrintable(mail.data)).toMatch(/http:\/\/localhost:3000\/\?resetToken=[A-Za-z0-9_-]+/)
})

it('tells the staff of a new custom request', async () => {
  const report = await createReport(t.app, { title: '中国储能电池市场研究报告' })
  const res = await t.app.inject({
    method: 'POST',
    url: '/basedata/customerInfo/save',
    payload: {
      type: '1',
      version: '1',
      reportId: String(report.id),
      reportPrice: 9800,
      companyName: '示例科技',
      email: 'buyer@example.com',
      contact: '13912345678',
      name: '李四',
      demand: '<b>需要</b>样章',
    },
  })
  expect(body(res).code).toBe(200)
  const mail = await waitFor((m) => m.to.includes('desk@publisher.example'))
  const text = readableMail(mail.data)
  expect(text).toContain('中国储能电池市场研究报告')
  expect(text).toContain('需要样章')
  expect(text).toContain('全球及中国版')
  expect(text).toContain('13912345678')
  expect(text).not.toContain('<b>需要</b>')
})
