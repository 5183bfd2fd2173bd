import { businessDay, type RequestSample } from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import type { Lang } from '../../platform/errors.ts'
import { randomToken, sha256Hex } from '../../platform/lib/secrets.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import type { MailService } from '../mail/index.ts'
import type { CopyRow, LicensedCopies } from './copies.ts'
import { sampleMail } from './licence-mails.ts'
import { sampleLine } from './stamping/index.ts'

// A sample request about a report is answered with the report's sample,
// stamped for whoever asked (company and e-mail from the form), through a
// signed link mailed to them. Each download is recorded on the request, for
// sales to see in the desk.

export const SAMPLE_LINK_DAYS = 14
export const SAMPLE_LINK_DOWNLOADS = 5

interface SampleSource {
  requestId: string
  lang: Lang
  name: string
  email: string
  company: string
  createdAt: Date
  title: string
  editionLang: Lang
  sampleKey: string | null
  sampleName: string | null
}

export class Samples {
  constructor(
    private readonly deps: { sequelize: Sequelize; copies: LicensedCopies; mails: MailService; options: Pick<Config, 'SITE_URL'> },
  ) {}

  /** Called in the transaction that stores the request: nothing when it names no report with a sample. */
  async send(requestId: string, siteName: string, transaction: Transaction): Promise<void> {
    const [source] = await selectRows<SampleSource>(
      this.deps.sequelize,
      `SELECT c.id::text AS "requestId", c.lang, c.name, c.email, c.company_name AS company, c.created_at AS "createdAt",
              r.title, r.lang AS "editionLang", r.sample_key AS "sampleKey", r.sample_name AS "sampleName"
         FROM customer_info c JOIN research_report r ON r.id = c.report_id WHERE c.id = $1 AND c.type = '1'`,
      [requestId],
      transaction,
    )
    if (!source?.sampleKey) return
    const date = businessDay(new Date(source.createdAt))
    const copy = await this.deps.copies.ensure(
      {
        requestId,
        sourceKey: source.sampleKey,
        sourceName: source.sampleName ?? `sample-${requestId}.pdf`,
        lang: source.editionLang,
        holderName: source.name,
        holderEmail: source.email,
        company: source.company,
        lineFor: (code) =>
          sampleLine(source.editionLang, { company: source.company, email: source.email, requestNo: requestId, date, code }),
      },
      transaction,
    )
    const token = randomToken()
    await this.deps.sequelize.query(
      `INSERT INTO sample_link (token_hash, request_id, copy_id, expires_at, max_downloads) VALUES ($1, $2, $3, now() + make_interval(days => $4), $5)`,
      { bind: [sha256Hex(token), requestId, copy.id, SAMPLE_LINK_DAYS, SAMPLE_LINK_DOWNLOADS], transaction },
    )
    const content = sampleMail(source.lang, {
      siteName,
      name: source.name,
      title: source.title,
      link: `${this.deps.options.SITE_URL}/api/sample/${token}`,
      days: SAMPLE_LINK_DAYS,
      downloads: SAMPLE_LINK_DOWNLOADS,
    })
    await this.deps.mails.enqueue({ kind: 'sample-sent', reference: requestId, to: source.email, content, secret: true }, transaction)
  }

  /** The copy of a live link: a fresh download needs a download left; a resumed one, one it counted. */
  async copyForLink(token: string, fresh: boolean): Promise<CopyRow | undefined> {
    if (token.length > 200) return undefined
    const [link] = await selectRows<{ copyId: string }>(
      this.deps.sequelize,
      `SELECT copy_id::text AS "copyId" FROM sample_link WHERE token_hash = $1 AND expires_at > now() AND (downloads < max_downloads OR (NOT $2 AND downloads <= max_downloads))`,
      [sha256Hex(token), fresh],
    )
    return link ? this.deps.copies.byId(link.copyId) : undefined
  }

  async countLinkDownload(token: string): Promise<boolean> {
    const rows = await selectRows(
      this.deps.sequelize,
      `UPDATE sample_link SET downloads = downloads + 1 WHERE token_hash = $1 AND expires_at > now() AND downloads < max_downloads RETURNING 1`,
      [sha256Hex(token)],
    )
    return rows.length > 0
  }

  async log(copy: CopyRow, ip: string, range?: { start: number; end: number }): Promise<void> {
    await this.deps.sequelize.query(
      `INSERT INTO sample_download (request_id, copy_id, client_ip, bytes_from, bytes_to) VALUES ($1, $2, $3, $4, $5)`,
      { bind: [copy.requestId, copy.id, ip.slice(0, 64), range?.start ?? null, range?.end ?? null] },
    )
  }

  /** The sample of a request, for the desk: null when it is not a sample request about a report. */
  async ofRequest(requestId: string): Promise<RequestSample | null> {
    const [request] = await selectRows<{ type: string; reportId: string | null }>(
      this.deps.sequelize,
      `SELECT type, report_id::text AS "reportId" FROM customer_info WHERE id = $1`,
      [requestId],
    )
    if (!request || request.type !== '1' || !request.reportId) return null
    const [copy] = await selectRows<{ code: string; createdAt: Date }>(
      this.deps.sequelize,
      `SELECT code, created_at AS "createdAt" FROM licensed_copy WHERE request_id = $1 ORDER BY id DESC LIMIT 1`,
      [requestId],
    )
    if (!copy) return { state: 'no-file', code: null, sentAt: null, downloads: [] }
    const downloads = await selectRows<{ at: Date; ip: string | null }>(
      this.deps.sequelize,
      `SELECT created_at AS at, client_ip AS ip FROM sample_download WHERE request_id = $1 AND coalesce(bytes_from, 0) = 0 ORDER BY created_at, id`,
      [requestId],
    )
    return {
      state: 'sent',
      code: copy.code,
      sentAt: new Date(copy.createdAt).toISOString(),
      downloads: downloads.map((row) => ({ at: new Date(row.at).toISOString(), ip: row.ip ?? '' })),
    }
  }
}
