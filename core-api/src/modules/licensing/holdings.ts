import type { Sequelize, Transaction } from 'sequelize'
import { selectRows } from '../../platform/lib/sql.ts'
import { COPY_COLUMNS, type CopyRow } from './copies.ts'

// What an account holds: the paid orders it bought, the seats of colleagues'
// orders it accepted, and the enterprise licences of its company's domain
// (its e-mail verified). One SQL shape answers both the downloads list and
// the check of each download, so the two can never disagree.

export type Access = 'buyer' | 'seat' | 'domain'

/** The held orders of $1 (a user id): order_id and the strongest access (buyer, then domain, then seat). */
export const HELD_ORDERS_SQL = `
  SELECT held.order_id, min(held.access) AS access FROM (
    SELECT o.id AS order_id, 'buyer' AS access FROM website_order o WHERE o.user_id = $1
    UNION ALL
    SELECT s.order_id, 'seat' FROM licence_seat s WHERE s.user_id = $1 AND s.state = 'active'
    UNION ALL
    SELECT o.id, 'domain' FROM website_user u JOIN website_order o
        ON o.licence = 'enterprise' AND o.enterprise_domain IS NOT NULL
       AND lower(o.enterprise_domain) = lower(split_part(u.email, '@', 2))
     WHERE u.id = $1 AND u.email_verified_at IS NOT NULL
  ) held GROUP BY held.order_id`

/** A paid order with a file, as the downloads list and a download need it. */
export interface HeldOrder {
  id: string
  orderNo: string
  kind: string
  userId: string
  title: string
  lang: 'zh-CN' | 'en-US'
  licence: string | null
  edition: string | null
  attachmentKey: string
  attachmentName: string | null
  paidAt: Date
  access: Access
}

const HELD_COLUMNS = `o.id::text AS id, o.order_no AS "orderNo", o.kind, o.user_id::text AS "userId", o.title, o.lang, o.licence, o.edition,
  o.attachment_key AS "attachmentKey", o.attachment_name AS "attachmentName", o.paid_at AS "paidAt", h.access`

export class Holdings {
  constructor(private readonly sequelize: Sequelize) {}

  /** The order if the user holds it (paid, with a file), else undefined. */
  async held(userId: string, orderId: string, transaction?: Transaction): Promise<HeldOrder | undefined> {
    const [row] = await selectRows<HeldOrder>(
      this.sequelize,
      `SELECT ${HELD_COLUMNS} FROM (${HELD_ORDERS_SQL}) h JOIN website_order o ON o.id = h.order_id
        WHERE o.id = $2 AND o.status = '1' AND o.attachment_key IS NOT NULL`,
      [userId, orderId],
      transaction,
    )
    return row
  }

  /**
   * A download's reads in one round trip (the hot path of downFile): the
   * order if the user holds it, their whole downloads of it since `since`,
   * and their copy of its file when one was recorded.
   */
  async forDownload(
    userId: string,
    orderId: string,
    since: Date,
  ): Promise<(HeldOrder & { todayDownloads: number; copy: CopyRow | null }) | undefined> {
    const [row] = await selectRows<HeldOrder & { todayDownloads: number; copy: CopyRow | null }>(
      this.sequelize,
      `SELECT ${HELD_COLUMNS},
              (SELECT count(*)::int FROM download_log l
                WHERE l.user_id = $1 AND l.order_id = o.id AND l.created_at >= $3 AND coalesce(l.bytes_from, 0) = 0) AS "todayDownloads",
              (SELECT row_to_json(x) FROM (SELECT ${COPY_COLUMNS} FROM licensed_copy c
                WHERE c.order_id = o.id AND c.holder_user_id = $1 AND c.source_key = o.attachment_key) x) AS copy
         FROM (${HELD_ORDERS_SQL}) h JOIN website_order o ON o.id = h.order_id
        WHERE o.id = $2 AND o.status = '1' AND o.attachment_key IS NOT NULL`,
      [userId, orderId, since],
    )
    return row
  }

  /** Whether the user once held a seat of the order that was taken back: a clearer refusal than "no such order". */
  async seatRevoked(userId: string, orderId: string): Promise<boolean> {
    const rows = await selectRows(
      this.sequelize,
      `SELECT 1 FROM licence_seat WHERE order_id = $2 AND user_id = $1 AND state = 'revoked' LIMIT 1`,
      [userId, orderId],
    )
    return rows.length > 0
  }
}
