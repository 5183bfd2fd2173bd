import type { Sequelize, Transaction } from 'sequelize'
import { AppError } from '../../platform/errors.ts'
import { ORDER_COLUMNS, ORDER_STATUS, presentOrder, type OrderRow } from './order-rows.ts'
import { sha256Hex } from '../../platform/lib/secrets.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import type { OrderDelivery } from './order-delivery.ts'
import { HELD_ORDERS_SQL, type Access } from '../licensing/index.ts'

// The files of paid orders: the list of those an account holds, the signed
// mail links (checked, counted against their limit), and staff
// delivery of a file that was not ready when the order was paid. The
// routes reach them through OrderService (order-service.ts).

export interface OrderFile {
  order: OrderRow
  key: string
  name: string
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

  /**
   * The paid orders with a file the user holds, newest paid first: their own,
   * a colleague's whose seat they accepted, their company's enterprise licence.
   */
  async list(userId: string, query: { pageNo: number; pageSize: number }) {
    const from = `FROM (${HELD_ORDERS_SQL}) h JOIN website_order o ON o.id = h.order_id WHERE o.status = '1' AND o.attachment_key IS NOT NULL`
    const [rows, [total]] = await Promise.all([
      this.select<OrderRow & { downloads: number; access: Access }>(
        `SELECT ${ORDER_COLUMNS}, h.access,
                (SELECT count(*)::int FROM download_log l WHERE l.order_id = o.id AND l.user_id = $1 AND coalesce(l.bytes_from, 0) = 0) AS downloads
           ${from} ORDER BY o.paid_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
        [userId, query.pageSize, (query.pageNo - 1) * query.pageSize],
      ),
      this.select<{ count: number }>(`SELECT count(*)::int AS count ${from}`, [userId]),
    ])
    return {
      list: rows.map((row) => ({
        ...presentOrder(row),
        fileName: row.attachmentName ?? '',
        downloads: row.downloads,
        access: row.access,
        // The seat holder sees the order, not the buyer's address.
        ...(row.access === 'buyer' ? {} : { email: null }),
      })),
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
      await this.deps.delivery.prepareCopy(order, transaction)
      const link = await this.deps.delivery.createDownloadLink(order.id, transaction)
      const mailId = await this.deps.delivery.queuePaidMail('order-delivered', order, link, siteNames[order.lang], transaction)
      return { link, mailId }
    })
  }
}
