import { businessDay, businessDayStart, DEFAULT_DOWNLOADS_PER_DAY, DOWNLOADS_PER_DAY_KEY } from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import { AppError } from '../../platform/errors.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import type { ConfigService } from '../settings/index.ts'
import type { CopyRow, LicensedCopies } from './copies.ts'
import type { Holdings, HeldOrder } from './holdings.ts'
import { licenceLine, type LicenceKind } from './stamping/index.ts'

// A download of a paid report: by the buyer, a seat holder or a member of the
// company's domain, each served their own stamped copy, within the daily
// limit per seat. The original file is never what is sent.

export interface DownloadRecord {
  userId: string | null
  orderId: string
  copyId: string
  via: 'session' | 'link'
  ip: string
  range?: { start: number; end: number } | undefined
}

export interface ServedCopy {
  order: HeldOrder
  copy: CopyRow & { stampedKey: string; stampedName: string }
}

/** forBuyer's "not held": the mail link answers its own 404. */
const NOT_HELD = new Error('not held')

export class LicensedDownloads {
  constructor(private readonly deps: { sequelize: Sequelize; holdings: Holdings; copies: LicensedCopies; configs: ConfigService }) {}

  /**
   * The caller's copy of an order they hold (downFile). `fresh`: a download
   * from its first byte, which the daily limit counts; a resumed range is not.
   */
  async forHolder(userId: string, orderId: string, fresh: boolean, ip: string): Promise<ServedCopy> {
    return this.serve(userId, orderId, fresh, ip, () => this.refusal(userId, orderId))
  }

  /** The buyer's copy of an order, for the signed link of its delivery mail. */
  async forBuyer(orderId: string, fresh: boolean, ip: string): Promise<ServedCopy | undefined> {
    const [owner] = await selectRows<{ userId: string }>(
      this.deps.sequelize,
      `SELECT user_id::text AS "userId" FROM website_order WHERE id = $1`,
      [orderId],
    )
    if (!owner) return undefined
    return this.serve(owner.userId, orderId, fresh, ip, () => undefined).catch((error: unknown) => {
      if (error === NOT_HELD) return undefined
      throw error
    })
  }

  /**
   * One read answers whether the account holds the order, how often it
   * downloaded it today and its copy; the copy is made (or waited for) only
   * when it is not ready yet.
   */
  private async serve(
    userId: string,
    orderId: string,
    fresh: boolean,
    ip: string,
    refuse: () => Promise<AppError> | undefined,
  ): Promise<ServedCopy> {
    const held = await this.deps.holdings.forDownload(userId, orderId, businessDayStart(businessDay())!)
    if (!held) throw (await refuse()) ?? NOT_HELD
    const { todayDownloads, copy: recorded, ...order } = held
    if (fresh) await this.checkLimit(userId, order.id, todayDownloads, ip)
    const copy = recorded ?? (await this.deps.copies.ensure(await this.orderCopy(order, userId)))
    return { order, copy: await this.deps.copies.ready(copy) }
  }

  /** A holder's copy, started when the order is paid or the seat accepted, so that it is ready by the first download. */
  async prepareFor(orderId: string, userId: string, transaction: Transaction): Promise<void> {
    const order = await this.deps.holdings.held(userId, orderId, transaction)
    if (order) await this.deps.copies.ensure(await this.orderCopy(order, userId, transaction), transaction)
  }

  async log(entry: DownloadRecord): Promise<void> {
    await this.deps.sequelize.query(
      `INSERT INTO download_log (user_id, order_id, copy_id, via, client_ip, bytes_from, bytes_to) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      {
        bind: [
          entry.userId,
          entry.orderId,
          entry.copyId,
          entry.via,
          entry.ip.slice(0, 64),
          entry.range?.start ?? null,
          entry.range?.end ?? null,
        ],
      },
    )
  }

  /** Why an order the caller does not hold cannot be downloaded, in the legacy call's terms where they apply. */
  private async refusal(userId: string, orderId: string): Promise<AppError> {
    const [own] = await selectRows<{ status: string; hasFile: boolean }>(
      this.deps.sequelize,
      `SELECT status, attachment_key IS NOT NULL AS "hasFile" FROM website_order WHERE id = $1 AND user_id = $2`,
      [orderId, userId],
    )
    if (own) return new AppError(own.status !== '1' ? 'ORDER_NOT_PAID' : own.hasFile ? 'ORDER_EMPTY' : 'FILE_NOT_READY')
    return new AppError((await this.deps.holdings.seatRevoked(userId, orderId)) ? 'SEAT_REVOKED' : 'ORDER_EMPTY')
  }

  /** Fresh downloads of the order by this account today (the publisher's day) against the setting; a refusal is recorded for finance. */
  private async checkLimit(userId: string, orderId: string, today: number, ip: string): Promise<void> {
    const limit = (await this.deps.configs.number(DOWNLOADS_PER_DAY_KEY)) ?? DEFAULT_DOWNLOADS_PER_DAY
    if (limit <= 0 || today < limit) return
    await this.deps.sequelize.query(`INSERT INTO download_refusal (order_id, user_id, client_ip) VALUES ($1, $2, $3)`, {
      bind: [orderId, userId, ip.slice(0, 64)],
    })
    throw new AppError('DOWNLOAD_LIMIT_REACHED')
  }

  /** What the holder's copy of an order says: their name, the buyer's company, the licence, the order and its day. */
  private async orderCopy(order: HeldOrder, holderUserId: string, transaction?: Transaction) {
    const [people] = await selectRows<{ name: string; email: string; loginCode: string; company: string; buyerCompany: string }>(
      this.deps.sequelize,
      `SELECT h.name, h.email, h.login_code AS "loginCode", h.company_name AS company, b.company_name AS "buyerCompany"
         FROM website_user h, website_user b WHERE h.id = $1 AND b.id = $2`,
      [holderUserId, order.userId],
      transaction,
    )
    const holder = people?.name || people?.loginCode || people?.email || ''
    const company = people?.buyerCompany || people?.company || ''
    const licence = (order.licence ?? 'single') as LicenceKind
    const date = businessDay(order.paidAt)
    return {
      orderId: order.id,
      holderUserId,
      sourceKey: order.attachmentKey,
      sourceName: order.attachmentName ?? `${order.orderNo}.pdf`,
      lang: order.lang,
      holderName: holder,
      holderEmail: people?.email ?? '',
      company,
      lineFor: (code: string) => licenceLine(order.lang, { holder, company, licence, orderNo: order.orderNo, date, code }),
    }
  }
}
