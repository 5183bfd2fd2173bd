import type { Sequelize, Transaction } from 'sequelize'
import { AppError } from '../../platform/errors.ts'
import { ORDER_COLUMNS, ORDER_STATUS, presentOrder, type OrderRow } from './order-rows.ts'
import { sha256Hex } from '../../platform/lib/secrets.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import type { OrderDelivery } from './order-delivery.ts'

// The files of paid orders: the buyer's list of them, the signed mail links
// (checked, counted against their limit), the download log, and staff
// delivery of a file that was not ready when the order was paid. The
// routes reach them through OrderService (order-service.ts).

export interface OrderFile {
  order: OrderRow
  key: string
  name: string
}

export interface DownloadEntry {
  userId: string | null
  orderId: string
  via: 'session' | 'link'
  ip: string
  range?: { start: number; end: number } | undefined
}

/** The file of a paid order, or undefined while it has none. */
export function fileOf(order: OrderRow): OrderFile | undefined {
  if (!order.attachmentKey) return undefined
  return { order, key: order.attachmentKey, name: order.attachmentName ?? `${order.orderNo}.pdf` }
}

export class OrderDownloads {
  constructor(private readonly deps: { sequelize: Sequelize; delivery: OrderDelivery }) {}

  private select<T extends object>(sql: string, bind: unknown[], transaction?: Transaction): Promise<T[]> {
    return selectRows<T>(this.deps.sequelize, sql, bind, transaction)
  }

  /** Paid orders whose file can be downloaded, newest first. */
  async list(userId: string, query: { pageNo: number; pageSize: number }) {
    const where = `o.user_id = $1 AND o.status = '1' AND o.attachment_key IS NOT NULL`
    const [rows, [total]] = await Promise.all([
      this.select<OrderRow & { downloads: number }>(
        `SELECT ${ORDER_COLUMNS}, (SELECT count(*)::int FROM download_log l WHERE l.order_id = o.id) AS downloads
           FROM website_order o WHERE ${where} ORDER BY o.paid_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
        [userId, query.pageSize, (query.pageNo - 1) * query.pageSize],
      ),
      this.select<{ count: number }>(`SELECT count(*)::int AS count FROM website_order o WHERE ${where}`, [userId]),
    ])
    return {
      list: rows.map((row) => ({ ...presentOrder(row), fileName: row.attachmentName ?? '', downloads: row.downloads })),
      count: total?.count ?? 0,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    }
  }

  /**
   * The order of a signed mail link, while the link may still start a
   * download (fresh) or resume one it has counted (a range past the first byte).
   */
  async fileForLink(token: string, fresh: boolean): Promise<OrderFile | undefined> {
    if (token.length > 200) return undefined
    const [link] = await this.select<{ orderId: string }>(
      `SELECT order_id::text AS "orderId" FROM download_link WHERE token_hash = $1 AND expires_at > now() AND (downloads < max_downloads OR (NOT $2 AND downloads <= max_downloads))`,
      [sha256Hex(token), fresh],
    )
    if (!link) return undefined
    const [order] = await this.select<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM website_order o WHERE o.id = $1`, [link.orderId])
    if (!order || order.status !== ORDER_STATUS.paid) return undefined
    return fileOf(order)
  }

  /**
   * Counts a fresh download against the link's limit, once the store has the
   * file ready to send (a failed store costs the buyer nothing); false when
   * the link was used up meanwhile.
   */
  async countLinkDownload(token: string): Promise<boolean> {
    const counted = await this.select(
      `UPDATE download_link SET downloads = downloads + 1 WHERE token_hash = $1 AND expires_at > now() AND downloads < max_downloads RETURNING 1`,
      [sha256Hex(token)],
    )
    return counted.length > 0
  }

  async logDownload(entry: DownloadEntry): Promise<void> {
    await this.deps.sequelize.query(
      `INSERT INTO download_log (user_id, order_id, via, client_ip, bytes_from, bytes_to) VALUES ($1, $2, $3, $4, $5, $6)`,
      { bind: [entry.userId, entry.orderId, entry.via, entry.ip.slice(0, 64), entry.range?.start ?? null, entry.range?.end ?? null] },
    )
  }

  /** Staff delivery of a paid research order that had no file: attach it and mail the link. */
  async deliver(orderNo: string, file: { key: string; name: string }): Promise<{ link: string; mailId: string | undefined }> {
    const siteNames = await this.deps.delivery.siteNames()
    return this.deps.sequelize.transaction(async (transaction) => {
      const [order] = await this.select<OrderRow>(
        `UPDATE website_order o SET attachment_key = $2, attachment_name = $3, delivered_at = now(), updated_at = now()
          WHERE o.order_no = $1 AND o.status = '1' RETURNING ${ORDER_COLUMNS}`,
        [orderNo, file.key, file.name],
        transaction,
      )
      if (!order) throw new AppError('ORDER_NOT_PAID')
      const link = await this.deps.delivery.createDownloadLink(order.id, transaction)
      const mailId = await this.deps.delivery.queuePaidMail('order-delivered', order, link, siteNames[order.lang], transaction)
      return { link, mailId }
    })
  }
}
