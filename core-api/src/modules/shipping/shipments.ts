import type { ListShipmentsQuery, PaperCopyShipment, ShipOrderBody, StaffShipment, StaffShipmentPage } from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import { AppError, isLang, type Lang } from '../../platform/errors.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { commonDeps, servicePlugin } from '../../platform/lib/service-plugin.ts'
import type { MailService } from '../mail/index.ts'
import type { ConfigService } from '../settings/index.ts'
import { writeAudit, type StaffActor } from '../staff/index.ts'
import { addressText } from './address-rules.ts'
import type { AddressBook, AddressRow } from './address-book.ts'
import { includesPaperCopy } from './paper-copy-editions.ts'
import { renderPackingSlip } from './packing-slip.ts'
import { shipmentShippedMail } from './shipment-mail.ts'

// A research order's paper copy: the copy of the buyer's address it was
// placed with (order_shipment), then the desk's queue, packing slip, "shipped"
// (carrier and tracking number; the buyer is mailed) and "delivered", which
// closes it. Staff writes lock the shipment and its order, are refused unless
// the order is paid and not refunded (a refund moves the order out of paid),
// and leave an audit row in their transaction.

interface ShipmentRow {
  orderId: string
  orderNo: string
  lang: string
  title: string
  edition: string | null
  licence: string | null
  orderStatus: string
  paidAt: Date | string | null
  status: 'pending' | 'shipped' | 'delivered'
  recipient: string
  phone: string
  addressText: string
  postcode: string | null
  carrier: string | null
  trackingNo: string | null
  shippedAt: Date | string | null
  shippedBy: string | null
  deliveredAt: Date | string | null
  email: string | null
  userEmail: string | null
}

const SHIPMENT_COLUMNS = `o.id::text AS "orderId", o.order_no AS "orderNo", o.lang, o.title, o.edition, o.licence, o.status AS "orderStatus",
  o.paid_at AS "paidAt", s.status, s.recipient, s.phone, s.address_text AS "addressText", s.postcode, s.carrier, s.tracking_no AS "trackingNo",
  s.shipped_at AS "shippedAt", s.shipped_by AS "shippedBy", s.delivered_at AS "deliveredAt", o.email, u.email AS "userEmail"`
const SHIPMENT_FROM = `order_shipment s JOIN website_order o ON o.id = s.order_id JOIN website_user u ON u.id = o.user_id`

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

function presentStaff(row: ShipmentRow): StaffShipment {
  return {
    orderNo: row.orderNo,
    lang: row.lang,
    title: row.title,
    edition: row.edition,
    licence: row.licence,
    paidAt: iso(row.paidAt),
    refunded: row.orderStatus !== '1',
    status: row.status,
    recipient: row.recipient,
    phone: row.phone,
    address: row.addressText,
    postcode: row.postcode,
    carrier: row.carrier,
    trackingNo: row.trackingNo,
    shippedAt: iso(row.shippedAt),
    shippedBy: row.shippedBy,
    deliveredAt: iso(row.deliveredAt),
  }
}

/**
 * The paper copy of an order, as the buyer's order page shows it (getOrderDocuments' `shipment`):
 * null when the order has none. The caller has checked the order is the buyer's.
 */
export async function shipmentOfOrder(db: Sequelize, orderNo: string): Promise<PaperCopyShipment | null> {
  const [row] = await selectRows<ShipmentRow>(db, `SELECT ${SHIPMENT_COLUMNS} FROM ${SHIPMENT_FROM} WHERE o.order_no = $1`, [orderNo])
  if (!row) return null
  return {
    status: row.status,
    recipient: row.recipient,
    phone: row.phone,
    address: row.addressText,
    carrier: row.carrier,
    trackingNo: row.trackingNo,
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
  }
}

export class Shipments {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      configs: ConfigService
      addresses: AddressBook
      mails: MailService
      options: Pick<Config, 'SITE_URL'>
    },
  ) {}

  /** Before an order is saved with an address: the address is the buyer's and the edition ships paper (100202, 100204). */
  async assertAttachable(userId: string, lang: Lang, edition: string, addressId: string): Promise<void> {
    if (!(await includesPaperCopy(this.deps.configs, lang, edition))) throw new AppError('PAPER_COPY_NOT_INCLUDED')
    await this.deps.addresses.owned(userId, addressId)
  }

  /**
   * Sets where an unpaid research order's paper copy goes: a copy of the address, so a later edit of the book
   * changes no order. Set again while unpaid, it replaces the copy.
   */
  async attach(userId: string, orderId: string, addressId: string): Promise<void> {
    const lockOrder = (transaction?: Transaction) =>
      selectRows<{ id: string; lang: string; edition: string | null; status: string }>(
        this.deps.sequelize,
        `SELECT id::text, lang, edition, status FROM website_order WHERE id = $1 AND user_id = $2 AND kind = 'research'${transaction ? ' FOR UPDATE' : ''}`,
        [orderId, userId],
        transaction,
      )
    const [order] = await lockOrder()
    if (!order) throw new AppError('ORDER_EMPTY')
    const lang: Lang = isLang(order.lang) ? order.lang : 'zh-CN'
    // Settings are read before the transaction: the embedded database serves one transaction at a time.
    if (!(await includesPaperCopy(this.deps.configs, lang, order.edition))) throw new AppError('PAPER_COPY_NOT_INCLUDED')
    await this.deps.sequelize.transaction(async (transaction) => {
      const [locked] = await lockOrder(transaction)
      if (locked?.status !== '0') throw new AppError('ORDER_NOT_UNPAID')
      const address = await this.deps.addresses.owned(userId, addressId, transaction)
      await this.snapshot(order.id, address, lang, transaction)
    })
  }

  private async snapshot(orderId: string, address: AddressRow, lang: Lang, transaction: Transaction) {
    const { id, updatedAt: _updatedAt, ...copy } = address
    await this.deps.sequelize.query(
      `INSERT INTO order_shipment (order_id, address_id, recipient, phone, address, address_text, postcode)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
       ON CONFLICT (order_id) DO UPDATE SET address_id = EXCLUDED.address_id, recipient = EXCLUDED.recipient, phone = EXCLUDED.phone,
         address = EXCLUDED.address, address_text = EXCLUDED.address_text, postcode = EXCLUDED.postcode, updated_at = now()
       WHERE order_shipment.status = 'pending'`,
      {
        bind: [
          orderId,
          id,
          address.recipient,
          address.phone,
          JSON.stringify(copy),
          addressText(address, lang).slice(0, 800),
          address.postcode,
        ],
        transaction,
      },
    )
  }

  /** The desk's queue: orders once paid with a paper copy; not yet shipped first, then shipped, then delivered; oldest paid first. */
  async list(query: ListShipmentsQuery): Promise<StaffShipmentPage> {
    const pageNo = query.pageNo ?? 1
    const pageSize = query.pageSize ?? 20
    const where = `o.paid_at IS NOT NULL AND ($1::text IS NULL OR s.status = $1)`
    const [rows, [total]] = await Promise.all([
      selectRows<ShipmentRow>(
        this.deps.sequelize,
        `SELECT ${SHIPMENT_COLUMNS} FROM ${SHIPMENT_FROM} WHERE ${where}
          ORDER BY CASE s.status WHEN 'pending' THEN 0 WHEN 'shipped' THEN 1 ELSE 2 END, o.paid_at, o.id LIMIT $2 OFFSET $3`,
        [query.status ?? null, pageSize, (pageNo - 1) * pageSize],
      ),
      selectRows<{ count: number }>(this.deps.sequelize, `SELECT count(*)::int AS count FROM ${SHIPMENT_FROM} WHERE ${where}`, [
        query.status ?? null,
      ]),
    ])
    return { list: rows.map(presentStaff), count: total?.count ?? 0, pageNo, pageSize }
  }

  private async find(orderNo: string, transaction?: Transaction): Promise<ShipmentRow> {
    const [row] = await selectRows<ShipmentRow>(
      this.deps.sequelize,
      `SELECT ${SHIPMENT_COLUMNS} FROM ${SHIPMENT_FROM} WHERE o.order_no = $1${transaction ? ' FOR UPDATE OF s, o' : ''}`,
      [orderNo],
      transaction,
    )
    // An unpaid order's address is the buyer's business until they pay.
    if (!row || row.paidAt === null) throw new AppError('SHIPMENT_NOT_FOUND')
    return row
  }

  async packingSlip(orderNo: string): Promise<{ fileName: string; pdf: Buffer }> {
    const row = await this.find(orderNo)
    const lang: Lang = isLang(row.lang) ? row.lang : 'zh-CN'
    const pdf = await renderPackingSlip({
      lang,
      siteName: await this.deps.configs.siteName(lang),
      orderNo: row.orderNo,
      paidAt: new Date(row.paidAt!),
      title: row.title,
      edition: row.edition,
      licence: row.licence,
      recipient: row.recipient,
      phone: row.phone,
      address: row.addressText,
      postcode: row.postcode,
    })
    return { fileName: `packing-slip-${row.orderNo}.pdf`, pdf }
  }

  private audit(staff: StaffActor, action: string, orderNo: string, before: object, after: object, transaction: Transaction) {
    return writeAudit(
      this.deps.sequelize,
      {
        actor: staff.name,
        action: `shipment.${action}`,
        target: orderNo,
        ip: staff.ip ?? undefined,
        before: { ...before },
        after: { ...after },
      },
      transaction,
    )
  }

  /** Shipped with a courier and number; the same pair again changes nothing, another pair corrects it (mailed again). */
  async ship(orderNo: string, input: Pick<ShipOrderBody, 'carrier' | 'trackingNo'>, staff: StaffActor): Promise<StaffShipment> {
    const carrier = input.carrier.trim()
    const trackingNo = input.trackingNo.trim()
    if (!carrier) throw new AppError('INVALID_PARAMETER')
    const siteNames = { 'zh-CN': await this.deps.configs.siteName('zh-CN'), 'en-US': await this.deps.configs.siteName('en-US') }
    const row = await this.deps.sequelize.transaction(async (transaction) => {
      const current = await this.find(orderNo, transaction)
      if (current.orderStatus !== '1') throw new AppError('SHIPMENT_NOT_PAID')
      if (current.status === 'delivered') throw new AppError('SHIPMENT_DELIVERED')
      if (current.status === 'shipped' && current.carrier === carrier && current.trackingNo === trackingNo) return current
      await this.deps.sequelize.query(
        `UPDATE order_shipment SET status = 'shipped', carrier = $2, tracking_no = $3, shipped_at = now(), shipped_by = $4, updated_at = now()
          WHERE order_id = $1`,
        { bind: [current.orderId, carrier, trackingNo, staff.name], transaction },
      )
      const before = { status: current.status, carrier: current.carrier, trackingNo: current.trackingNo }
      await this.audit(staff, 'ship', orderNo, before, { status: 'shipped', carrier, trackingNo }, transaction)
      const lang: Lang = isLang(current.lang) ? current.lang : 'zh-CN'
      const to = current.email ?? current.userEmail
      if (to) {
        const edition = lang === 'en-US' ? '/en' : ''
        const content = shipmentShippedMail(lang, {
          siteName: siteNames[lang],
          orderNo,
          title: current.title,
          carrier,
          trackingNo,
          recipient: current.recipient,
          address: current.addressText,
          orderPage: `${this.deps.options.SITE_URL}${edition}/personalCenter/moreOrders`,
        })
        await this.deps.mails.enqueue({ kind: 'shipment-shipped', reference: orderNo, to, content, secret: false }, transaction)
      }
      return this.find(orderNo, transaction)
    })
    return presentStaff(row)
  }

  /** Delivered closes the shipment; twice answers it as it is. */
  async deliver(orderNo: string, staff: StaffActor): Promise<StaffShipment> {
    const row = await this.deps.sequelize.transaction(async (transaction) => {
      const current = await this.find(orderNo, transaction)
      if (current.status === 'delivered') return current
      if (current.status !== 'shipped') throw new AppError('SHIPMENT_NOT_SHIPPED')
      await this.deps.sequelize.query(
        `UPDATE order_shipment SET status = 'delivered', delivered_at = now(), delivered_by = $2, updated_at = now() WHERE order_id = $1`,
        { bind: [current.orderId, staff.name], transaction },
      )
      await this.audit(staff, 'deliver', orderNo, { status: 'shipped' }, { status: 'delivered' }, transaction)
      return this.find(orderNo, transaction)
    })
    return presentStaff(row)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    shipments: Shipments
  }
}

export default servicePlugin(
  { name: 'shipments', decorates: 'shipments', dependencies: ['db', 'config-service', 'address-book', 'mail-service'] },
  (app) => new Shipments({ ...commonDeps(app), configs: app.configs, addresses: app.addressBook, mails: app.mails }),
)
