import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import type { MailContent } from './mail-templates.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { SMTP_TIMEOUTS, type Mailer } from '../../platform/mail/mailer.ts'
import { commonDeps, servicePlugin } from '../../platform/lib/service-plugin.ts'

// Every mail the product sends is first a row of outgoing_mail, written in
// the transaction of the change it reports (a paid order and its delivery
// mail commit together), then sent by a queued job, retried with backoff
// until the server takes it. A lease on the row keeps two workers from
// sending it at once, and sent_at from sending it again. What no queue can
// close is a crash between the server's "250 OK" and sent_at being written:
// that mail goes again, with the same Message-ID, so the receiving side can
// tell it is a repeat.

export const MAIL_QUEUE = 'mail.send'

/** Longer than the slowest SMTP attempt the timeouts allow. */
const LEASE_SECONDS = Math.ceil((SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout) / 1000) + 60

export type MailKind =
  | 'order-paid'
  | 'order-delivered'
  | 'payment-returned'
  | 'password-reset'
  | 'staff-notice'
  | 'shipment-shipped'
  | 'invoice-issued'
  | 'seat-invitation'
  | 'email-verification'
  | 'sample-sent'

export interface OutgoingMail {
  kind: MailKind
  /** What the mail is about, for staff and logs: an order number, a request id, a user id */
  reference: string
  to: string
  content: MailContent
  /** The body grants access (a download or reset link): it is dropped from the table once sent */
  secret: boolean
}

interface MailRow {
  id: string
  kind: MailKind
  reference: string | null
  recipient: string
  subject: string
  text: string | null
  html: string | null
  messageId: string
}

export interface MailFailure {
  kind: MailKind
  reference: string | null
  state: 'unsent' | 'rejected'
  queuedAt: Date
  attempts: number
  /** As the mail server or the connection answered (unmasked) */
  error: string
}

export type DeliveryOutcome = 'sent' | 'already-sent' | 'rejected'

/** 5xx: the server refuses this mail for good (no such mailbox, say); trying again changes nothing. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

export class MailService {
  private readonly domain: string

  constructor(
    private readonly deps: {
      sequelize: Sequelize
      jobs: JobQueue
      mailer: Mailer
      log: FastifyBaseLogger
      options: Pick<Config, 'MAIL_FROM'>
    },
  ) {
    this.domain = /@([^>\s]+)>?\s*$/.exec(deps.options.MAIL_FROM)?.[1] ?? 'localhost'
  }

  /** Stores the mail and queues its sending, on the caller's transaction. */
  async enqueue(mail: OutgoingMail, transaction: Transaction): Promise<string> {
    const [row] = await this.deps.sequelize.query<{ id: string }>(
      `INSERT INTO outgoing_mail (kind, reference, recipient, subject, body_text, body_html, message_id, secret)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
      {
        bind: [
          mail.kind,
          mail.reference.slice(0, 64),
          mail.to.slice(0, 320),
          mail.content.subject.slice(0, 500),
          mail.content.text,
          mail.content.html,
          `<${randomUUID()}@${this.domain}>`,
          mail.secret,
        ],
        type: QueryTypes.SELECT,
        transaction,
      },
    )
    await this.deps.jobs.send(MAIL_QUEUE, { mailId: row!.id }, { transaction })
    return row!.id
  }

  /**
   * Sends one stored mail unless it has been sent. A failure that may pass
   * (the server down, a 4xx) throws, so the job is retried; a permanent
   * refusal is recorded and not retried.
   */
  async deliver(mailId: string): Promise<DeliveryOutcome> {
    const { sequelize, mailer, log } = this.deps
    const [mail] = await sequelize.query<MailRow>(
      `UPDATE outgoing_mail SET attempts = attempts + 1, sending_until = now() + make_interval(secs => $2)
        WHERE id = $1 AND sent_at IS NULL AND rejected_at IS NULL AND (sending_until IS NULL OR sending_until < now())
        RETURNING id::text AS id, kind, reference, recipient, subject, body_text AS text, body_html AS html, message_id AS "messageId"`,
      { bind: [mailId, LEASE_SECONDS], type: QueryTypes.SELECT },
    )
    if (!mail) {
      const [current] = await sequelize.query<{ sent: boolean; rejected: boolean }>(
        `SELECT sent_at IS NOT NULL AS sent, rejected_at IS NOT NULL AS rejected FROM outgoing_mail WHERE id = $1`,
        { bind: [mailId], type: QueryTypes.SELECT },
      )
      if (!current || current.sent) return 'already-sent'
      if (current.rejected) return 'rejected'
      // Another worker holds the lease: try again once it has finished or lapsed.
      throw new Error(`mail ${mailId} is being sent by another worker`)
    }
    try {
      const sent = await mailer.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text ?? '',
        html: mail.html ?? '',
        messageId: mail.messageId,
      })
      log.info({ mailId, kind: mail.kind, reference: mail.reference, messageId: mail.messageId, outbox: sent.outboxPath }, 'mail sent')
    } catch (error) {
      const permanent = isPermanent(error)
      await sequelize.query(
        // A refused mail is never sent again: a link it held has no more use in the table.
        `UPDATE outgoing_mail SET sending_until = NULL, last_error = $2, rejected_at = CASE WHEN $3::boolean THEN now() END,
                body_text = CASE WHEN $3::boolean AND secret THEN NULL ELSE body_text END, body_html = CASE WHEN $3::boolean AND secret THEN NULL ELSE body_html END
          WHERE id = $1`,
        { bind: [mailId, String((error as Error).message ?? error).slice(0, 1000), permanent] },
      )
      if (permanent) {
        log.error({ err: error, mailId, kind: mail.kind, reference: mail.reference }, 'mail refused by the server; not retried')
        return 'rejected'
      }
      log.warn({ err: error, mailId, kind: mail.kind, reference: mail.reference }, 'mail failed; it will be retried')
      throw error
    }
    await sequelize.query(
      `UPDATE outgoing_mail SET sent_at = now(), sending_until = NULL, last_error = NULL,
              body_text = CASE WHEN secret THEN NULL ELSE body_text END, body_html = CASE WHEN secret THEN NULL ELSE body_html END
        WHERE id = $1`,
      { bind: [mailId] },
    )
    return 'sent'
  }

  /** Mails not sent yet, and the age of the oldest, for health checks. */
  async backlog(): Promise<{ unsent: number; rejected: number; oldestUnsentSeconds: number | null }> {
    const [row] = await this.deps.sequelize.query<{ unsent: number; rejected: number; oldest: number | null }>(
      `SELECT count(*) FILTER (WHERE rejected_at IS NULL)::int AS unsent, count(*) FILTER (WHERE rejected_at IS NOT NULL)::int AS rejected,
              extract(epoch FROM now() - min(created_at) FILTER (WHERE rejected_at IS NULL))::float8 AS oldest
         FROM outgoing_mail WHERE sent_at IS NULL`,
      { type: QueryTypes.SELECT },
    )
    return {
      unsent: row?.unsent ?? 0,
      rejected: row?.rejected ?? 0,
      oldestUnsentSeconds: row?.oldest === null || row?.oldest === undefined ? null : Math.round(row.oldest),
    }
  }

  /** The last mails not sent whose attempt failed, newest first: what they are about and why, never the recipient or the body. */
  failures(limit: number): Promise<MailFailure[]> {
    return this.deps.sequelize.query<MailFailure>(
      `SELECT kind, reference, CASE WHEN rejected_at IS NULL THEN 'unsent' ELSE 'rejected' END AS state, created_at AS "queuedAt",
              attempts, last_error AS error
         FROM outgoing_mail WHERE sent_at IS NULL AND last_error IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT $1`,
      { bind: [limit], type: QueryTypes.SELECT },
    )
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mails: MailService
  }
}

export default servicePlugin({ name: 'mail-service', decorates: 'mails', dependencies: ['db', 'mailer', 'job-queue'] }, async (app) => {
  const mails = new MailService({ ...commonDeps(app), jobs: app.jobs, mailer: app.mailer })
  await app.jobs.define(MAIL_QUEUE, {
    policy: 'standard',
    retryLimit: app.config.MAIL_RETRY_LIMIT,
    retryDelay: app.config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: LEASE_SECONDS + 30,
  })
  await app.jobs.work<{ mailId: string }>(MAIL_QUEUE, async ({ mailId }) => {
    await mails.deliver(mailId)
  })
  return mails
})
