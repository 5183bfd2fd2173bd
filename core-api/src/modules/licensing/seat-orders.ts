import { DEFAULT_SEATS, SEATS_KEY, type LicenceKind, type OrderSeats, type Seat } from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import { selectRows } from '../../platform/lib/sql.ts'
import type { ConfigService } from '../settings/index.ts'
import { domainOf, isPublicDomain } from './company-domain.ts'

// The order behind a licence's seats, as the buyer's calls and the staff
// desk read it: its licence, buyer, seat limit (its own, else the licence's
// setting) and enterprise domain.

export interface SeatOrder {
  id: string
  orderNo: string
  title: string
  lang: 'zh-CN' | 'en-US'
  licence: LicenceKind | null
  status: string
  userId: string
  paidAt: Date | null
  seatLimit: number | null
  enterpriseDomain: string | null
  enterpriseDomainSource: 'buyer' | 'staff' | null
  buyerName: string
  buyerEmail: string
  buyerCompany: string
  buyerVerified: boolean
}

export interface SeatRow extends Seat {
  userId: string | null
}

const ORDER_COLUMNS = `o.id::text AS id, o.order_no AS "orderNo", o.title, o.lang, o.licence, o.status, o.user_id::text AS "userId", o.paid_at AS "paidAt",
  o.seat_limit AS "seatLimit", o.enterprise_domain AS "enterpriseDomain", o.enterprise_domain_source AS "enterpriseDomainSource",
  coalesce(nullif(u.name, ''), u.login_code) AS "buyerName", u.email AS "buyerEmail", u.company_name AS "buyerCompany",
  (u.email_verified_at IS NOT NULL) AS "buyerVerified"`

export const SEAT_COLUMNS = `s.id::text AS id, s.email, coalesce(nullif(h.name, ''), h.login_code, '') AS name, s.state, s.user_id::text AS "userId",
  s.invited_at AS "invitedAt", s.accepted_at AS "acceptedAt", s.revoked_at AS "revokedAt"`

export function presentSeat(row: SeatRow): Seat {
  const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)
  return {
    id: row.id,
    email: row.email,
    name: row.state === 'invited' ? '' : row.name,
    state: row.state,
    invitedAt: new Date(row.invitedAt).toISOString(),
    acceptedAt: iso(row.acceptedAt),
    revokedAt: iso(row.revokedAt),
  }
}

export class SeatOrders {
  constructor(private readonly deps: { sequelize: Sequelize; configs: ConfigService }) {}

  /** An order by its number; `lock` holds it for a change of its seats. */
  async byNumber(orderNo: string, transaction?: Transaction, lock = false): Promise<SeatOrder | undefined> {
    const [row] = await selectRows<SeatOrder>(
      this.deps.sequelize,
      `SELECT ${ORDER_COLUMNS} FROM website_order o JOIN website_user u ON u.id = o.user_id WHERE o.order_no = $1${lock ? ' FOR UPDATE OF o' : ''}`,
      [orderNo],
      transaction,
    )
    return row
  }

  async seats(orderId: string, transaction?: Transaction): Promise<SeatRow[]> {
    return selectRows<SeatRow>(
      this.deps.sequelize,
      `SELECT ${SEAT_COLUMNS} FROM licence_seat s LEFT JOIN website_user h ON h.id = s.user_id WHERE s.order_id = $1 ORDER BY s.invited_at DESC, s.id DESC`,
      [orderId],
      transaction,
    )
  }

  /** The licence's setting: seats in all; null when unlimited (0 in the settings). */
  async configuredLimit(licence: LicenceKind | null): Promise<number | null> {
    const kind = licence ?? 'single'
    const value = (await this.deps.configs.number(SEATS_KEY(kind))) ?? DEFAULT_SEATS[kind]
    return value > 0 ? Math.floor(value) : null
  }

  async limitOf(order: SeatOrder): Promise<number | null> {
    return order.seatLimit ?? (await this.configuredLimit(order.licence))
  }

  /** Why an enterprise order has no domain yet, for the buyer's page. */
  domainPending(order: SeatOrder): OrderSeats['domainPending'] {
    if (order.licence !== 'enterprise' || order.enterpriseDomain) return null
    if (!order.buyerVerified) return 'verify-email'
    const domain = domainOf(order.buyerEmail)
    return !domain || isPublicDomain(domain) ? 'public-domain' : null
  }

  /**
   * The buyer's company domain on their paid enterprise orders that have
   * none, once their address is verified and is not a public service's.
   */
  async adoptBuyerDomain(userId: string, transaction?: Transaction): Promise<void> {
    const [user] = await selectRows<{ email: string; verified: boolean }>(
      this.deps.sequelize,
      `SELECT email, email_verified_at IS NOT NULL AS verified FROM website_user WHERE id = $1`,
      [userId],
      transaction,
    )
    const domain = user?.verified ? domainOf(user.email) : undefined
    if (!domain || isPublicDomain(domain)) return
    await this.deps.sequelize.query(
      `UPDATE website_order SET enterprise_domain = $2, enterprise_domain_source = 'buyer', updated_at = now()
        WHERE user_id = $1 AND licence = 'enterprise' AND status = '1' AND enterprise_domain IS NULL`,
      { bind: [userId, domain], ...(transaction ? { transaction } : {}) },
    )
  }
}
