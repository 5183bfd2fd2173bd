import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { Transporter } from 'nodemailer'
import { loadOnce } from '../lib/load-once.ts'
import { servicePlugin } from '../lib/service-plugin.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** The same for every attempt at one mail, so a receiver can tell a repeat from a new mail */
  messageId?: string
}

export interface SentMail {
  messageId: string
  /** The .eml file written when no SMTP server is configured */
  outboxPath?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>
  /** Where messages go: the SMTP host, or the outbox folder */
  readonly destination: string
}

/**
 * Real SMTP through nodemailer. Bounded waits, so that a hung server fails
 * the attempt (to be retried) well before the mail job's lease runs out.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }

type Nodemailer = typeof import('nodemailer').default

/**
 * nodemailer (some 2 MB of heap) is loaded by the first mail this process
 * sends, not at every start: most requests an API instance answers send none.
 */
const loadNodemailer = loadOnce(async (): Promise<Nodemailer> => (await import('nodemailer')).default)

/** A transport made at the first send, then reused (an SMTP transport keeps its settings, not a connection). */
function lazyTransport(create: (nodemailer: Nodemailer) => Transporter): () => Promise<Transporter> {
  return loadOnce(async () => create(await loadNodemailer()))
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }))
  const host = new URL(url).host
  return {
    destination: `smtp://${host}`,
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message })
      return { messageId: info.messageId }
    },
  }
}

/**
 * Without a mail server, messages are rendered by nodemailer exactly as SMTP
 * would carry them and kept as .eml files, which any mail client opens.
 */
function outboxMailer(dir: string, from: string): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }))
  let sequence = 0
  return {
    destination: dir,
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message })
      await mkdir(dir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(dir, `${stamp}-${process.pid}-${++sequence}.eml`)
      await writeFile(file, info.message as Buffer)
      return { messageId: info.messageId, outboxPath: file }
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

export default servicePlugin({ name: 'mailer', decorates: 'mailer', dependencies: ['config'] }, (app) => {
  const { config } = app
  const mailer = config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : outboxMailer(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM)
  app.log.info({ destination: mailer.destination }, 'mail delivery')
  return mailer
})
