import { createHash } from 'node:crypto'
import type { TraceResult } from '@rpt/contract'
import type { Sequelize } from 'sequelize'
import { AppError } from '../../platform/errors.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { COPY_COLUMNS, type CopyRow } from './copies.ts'
import { codesInText, readStampCode } from './stamping/index.ts'

// Tracing a leaked file back to its copy: the whole file matching a copy
// made here, else the trace code read from its properties or its printed
// line, else a code in text pasted from it. The answer names the order, the
// buyer, the seat holder (or the sample's requester) and that copy's downloads.

type Via = NonNullable<TraceResult['via']>

const NOT_FOUND: TraceResult = {
  found: false,
  code: null,
  via: null,
  order: null,
  buyer: null,
  holder: null,
  sample: null,
  stampedAt: null,
  downloads: [],
}

export class Tracing {
  constructor(private readonly deps: { sequelize: Sequelize }) {}

  async traceFile(file: Buffer): Promise<TraceResult> {
    if (file.length === 0) throw new AppError('TRACE_INPUT_EMPTY')
    const sha256 = createHash('sha256').update(file).digest('hex')
    const [whole] = await selectRows<CopyRow>(
      this.deps.sequelize,
      `SELECT ${COPY_COLUMNS} FROM licensed_copy c WHERE c.sha256 = $1 LIMIT 1`,
      [sha256],
    )
    if (whole) return this.present(whole, 'checksum')
    const stamp = await readStampCode(file).catch(() => undefined)
    if (stamp) {
      const copy = await this.byCode(stamp.code)
      if (copy) return this.present(copy, stamp.via)
    }
    // A text file (a copied page saved as .txt) may still carry the code.
    if (!file.subarray(0, 4096).includes(0)) return this.traceText(file.toString('utf8'))
    return NOT_FOUND
  }

  async traceText(text: string): Promise<TraceResult> {
    if (text.trim() === '') throw new AppError('TRACE_INPUT_EMPTY')
    for (const code of codesInText(text)) {
      const copy = await this.byCode(code)
      if (copy) return this.present(copy, 'text')
    }
    return NOT_FOUND
  }

  private async byCode(code: string): Promise<CopyRow | undefined> {
    const [copy] = await selectRows<CopyRow>(this.deps.sequelize, `SELECT ${COPY_COLUMNS} FROM licensed_copy c WHERE c.code = $1`, [code])
    return copy
  }

  private async present(copy: CopyRow, via: Via): Promise<TraceResult> {
    const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)
    const base = { found: true, code: copy.code, via, stampedAt: iso(copy.readyAt ?? copy.createdAt) }
    if (copy.requestId) {
      const [request] = await selectRows<{ title: string | null }>(
        this.deps.sequelize,
        `SELECT r.title FROM customer_info c LEFT JOIN research_report r ON r.id = c.report_id WHERE c.id = $1`,
        [copy.requestId],
      )
      const downloads = await selectRows<{ at: Date; ip: string | null }>(
        this.deps.sequelize,
        `SELECT created_at AS at, client_ip AS ip FROM sample_download WHERE copy_id = $1 AND coalesce(bytes_from, 0) = 0 ORDER BY created_at, id`,
        [copy.id],
      )
      return {
        ...base,
        order: null,
        buyer: null,
        holder: { name: copy.holderName, email: copy.holderEmail },
        sample: { requestId: copy.requestId, company: copy.company, email: copy.holderEmail, title: request?.title ?? '' },
        downloads: downloads.map((row) => ({ at: new Date(row.at).toISOString(), via: 'sample', ip: row.ip ?? '' })),
      }
    }
    const [order] = await selectRows<{
      orderNo: string
      title: string
      licence: 'single' | 'multi' | 'enterprise' | null
      paidAt: Date | null
      buyerName: string
      buyerEmail: string
      buyerCompany: string
    }>(
      this.deps.sequelize,
      `SELECT o.order_no AS "orderNo", o.title, o.licence, o.paid_at AS "paidAt", coalesce(nullif(u.name, ''), u.login_code) AS "buyerName",
              u.email AS "buyerEmail", u.company_name AS "buyerCompany"
         FROM website_order o JOIN website_user u ON u.id = o.user_id WHERE o.id = $1`,
      [copy.orderId],
    )
    const downloads = await selectRows<{ at: Date; via: string; ip: string | null }>(
      this.deps.sequelize,
      `SELECT created_at AS at, via, client_ip AS ip FROM download_log WHERE copy_id = $1 AND coalesce(bytes_from, 0) = 0 ORDER BY created_at, id`,
      [copy.id],
    )
    return {
      ...base,
      order: order ? { orderNo: order.orderNo, title: order.title, licence: order.licence, paidAt: iso(order.paidAt) } : null,
      buyer: order ? { name: order.buyerName, email: order.buyerEmail, company: order.buyerCompany } : null,
      holder: { name: copy.holderName, email: copy.holderEmail },
      sample: null,
      downloads: downloads.map((row) => ({ at: new Date(row.at).toISOString(), via: row.via, ip: row.ip ?? '' })),
    }
  }
}
