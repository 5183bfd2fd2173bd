import { businessDay, businessDayStart, type DashboardLicences, type StaffOrderSeats, type UpdateOrderSeatsBody } from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import { AppError } from '../../platform/errors.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { writeAudit, type StaffActor } from '../staff/index.ts'
import { isPublicDomain, normalizeDomain } from './company-domain.ts'
import type { LicensedCopies } from './copies.ts'
import { presentSeat, type SeatOrder, type SeatOrders, type SeatRow } from './seat-orders.ts'
import type { Seats } from './seats.ts'

// The staff desk's view of an order's licence: its seats with their
// downloads, the stamped copies (a failed one says why), and the changes
// finance makes (the limit, the enterprise domain, seats revoked or
// invited, failed copies made again), each audited.

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

export class SeatDesk {
  constructor(private readonly deps: { sequelize: Sequelize; orders: SeatOrders; seats: Seats; copies: LicensedCopies }) {}

  private async order(orderNo: string, transaction?: Transaction, lock = false): Promise<SeatOrder> {
    const order = await this.deps.orders.byNumber(orderNo, transaction, lock)
    if (!order) throw new AppError('STAFF_ORDER_NOT_FOUND')
    return order
  }

  async view(orderNo: string, transaction?: Transaction): Promise<StaffOrderSeats> {
    const order = await this.order(orderNo, transaction)
    const seats = await selectRows<SeatRow & { downloads: number; lastDownloadAt: Date | null }>(
      this.deps.sequelize,
      `SELECT s.id::text AS id, s.email, coalesce(nullif(h.name, ''), h.login_code, '') AS name, s.state, s.user_id::text AS "userId",
              s.invited_at AS "invitedAt", s.accepted_at AS "acceptedAt", s.revoked_at AS "revokedAt",
              (SELECT count(*)::int FROM download_log l WHERE l.order_id = s.order_id AND l.user_id = s.user_id AND coalesce(l.bytes_from, 0) = 0) AS downloads,
              (SELECT max(l.created_at) FROM download_log l WHERE l.order_id = s.order_id AND l.user_id = s.user_id) AS "lastDownloadAt"
         FROM licence_seat s LEFT JOIN website_user h ON h.id = s.user_id WHERE s.order_id = $1 ORDER BY s.invited_at DESC, s.id DESC`,
      [order.id],
      transaction,
    )
    const copies = await selectRows<{
      holder: string
      code: string
      state: string
      error: string | null
      createdAt: Date
      readyAt: Date | null
      downloads: number
    }>(
      this.deps.sequelize,
      `SELECT c.holder_email AS holder, c.code, CASE WHEN c.state = 'working' THEN 'pending' ELSE c.state END AS state, c.error,
              c.created_at AS "createdAt", c.ready_at AS "readyAt",
              (SELECT count(*)::int FROM download_log l WHERE l.copy_id = c.id AND coalesce(l.bytes_from, 0) = 0) AS downloads
         FROM licensed_copy c WHERE c.order_id = $1 ORDER BY c.id DESC`,
      [order.id],
      transaction,
    )
    const [refused] = await selectRows<{ count: number }>(
      this.deps.sequelize,
      `SELECT count(*)::int AS count FROM download_refusal WHERE order_id = $1 AND created_at >= $2`,
      [order.id, businessDayStart(businessDay())],
      transaction,
    )
    return {
      orderNo: order.orderNo,
      title: order.title,
      licence: order.licence,
      buyer: { name: order.buyerName, email: order.buyerEmail, company: order.buyerCompany, emailVerified: order.buyerVerified },
      seatLimit: await this.deps.orders.limitOf(order),
      seatLimitOverride: order.seatLimit !== null,
      domain: order.enterpriseDomain,
      domainSource: order.enterpriseDomainSource,
      seats: seats.map((seat) => ({ ...presentSeat(seat), downloads: seat.downloads, lastDownloadAt: iso(seat.lastDownloadAt) })),
      copies: copies.map((copy) => ({
        holder: copy.holder,
        code: copy.code,
        state: copy.state as 'pending' | 'ready' | 'failed',
        error: copy.error,
        createdAt: new Date(copy.createdAt).toISOString(),
        readyAt: iso(copy.readyAt),
        downloads: copy.downloads,
      })),
      refusedToday: refused?.count ?? 0,
    }
  }

  async update(orderNo: string, input: UpdateOrderSeatsBody, staff: StaffActor): Promise<StaffOrderSeats> {
    const siteNames = await this.deps.seats.siteNames()
    return this.deps.sequelize.transaction(async (transaction) => {
      const order = await this.order(orderNo, transaction, true)
      const before = { seatLimit: order.seatLimit, domain: order.enterpriseDomain }
      const actor = { name: staff.name }
      for (const seatId of input.revokeSeatIds ?? []) await this.deps.seats.revokeSeat(order, seatId, actor, transaction)
      if (input.seatLimit !== undefined) {
        const live = await this.deps.seats.liveSeats(order.id, transaction)
        if (input.seatLimit !== null && input.seatLimit < 1 + live) throw new AppError('SEAT_LIMIT_BELOW_USE')
        await this.deps.sequelize.query(`UPDATE website_order SET seat_limit = $2, updated_at = now() WHERE id = $1`, {
          bind: [order.id, input.seatLimit],
          transaction,
        })
        order.seatLimit = input.seatLimit
      }
      if (input.domain !== undefined) await this.setDomain(order, input.domain, transaction)
      if (input.inviteEmails?.length) {
        if (order.status !== '1' || !order.licence) throw new AppError('STAFF_ORDER_NOT_PAID')
        for (const email of input.inviteEmails) await this.deps.seats.addSeat(order, email, actor, siteNames, transaction)
      }
      const restamped = input.restamp ? await this.deps.copies.retryFailed(order.id, transaction) : 0
      const after = await this.order(orderNo, transaction)
      await writeAudit(
        this.deps.sequelize,
        {
          actor: staff.name,
          action: 'licence.update',
          target: orderNo,
          ip: staff.ip ?? undefined,
          before,
          after: {
            seatLimit: after.seatLimit,
            domain: after.enterpriseDomain,
            ...(input.revokeSeatIds?.length ? { revokedSeats: input.revokeSeatIds } : {}),
            ...(input.inviteEmails?.length ? { invited: input.inviteEmails } : {}),
            ...(restamped ? { restamped } : {}),
          },
        },
        transaction,
      )
      return this.view(orderNo, transaction)
    })
  }

  private async setDomain(order: SeatOrder, value: string | null, transaction: Transaction): Promise<void> {
    if (value === null || value.trim() === '') {
      await this.deps.sequelize.query(
        `UPDATE website_order SET enterprise_domain = NULL, enterprise_domain_source = NULL, updated_at = now() WHERE id = $1`,
        { bind: [order.id], transaction },
      )
      // Back to the buyer's own verified domain, when there is one.
      await this.deps.orders.adoptBuyerDomain(order.userId, transaction)
      return
    }
    const domain = normalizeDomain(value)
    if (!domain) throw new AppError('DOMAIN_INVALID')
    if (isPublicDomain(domain)) throw new AppError('DOMAIN_PUBLIC')
    await this.deps.sequelize.query(
      `UPDATE website_order SET enterprise_domain = $2, enterprise_domain_source = 'staff', updated_at = now() WHERE id = $1`,
      { bind: [order.id, domain], transaction },
    )
  }

  /** For finance's dashboard: today's refusals, the seats most refused this week, and the copies that failed. */
  async dashboard(): Promise<DashboardLicences> {
    const [today] = await selectRows<{ count: number }>(
      this.deps.sequelize,
      `SELECT count(*)::int AS count FROM download_refusal WHERE created_at >= $1`,
      [businessDayStart(businessDay())],
    )
    const overLimit = await selectRows<{ orderNo: string; title: string; holder: string; refused: number; lastAt: Date }>(
      this.deps.sequelize,
      `SELECT o.order_no AS "orderNo", o.title, coalesce(u.email, '') AS holder, count(*)::int AS refused, max(r.created_at) AS "lastAt"
         FROM download_refusal r JOIN website_order o ON o.id = r.order_id LEFT JOIN website_user u ON u.id = r.user_id
        WHERE r.created_at >= now() - interval '7 days'
        GROUP BY o.order_no, o.title, u.email ORDER BY refused DESC, "lastAt" DESC LIMIT 10`,
      [],
    )
    const [failed] = await selectRows<{ count: number }>(
      this.deps.sequelize,
      `SELECT count(*)::int AS count FROM licensed_copy WHERE state = 'failed'`,
      [],
    )
    return {
      refusedToday: today?.count ?? 0,
      overLimit: overLimit.map((row) => ({ ...row, lastAt: new Date(row.lastAt).toISOString() })),
      failedCopies: failed?.count ?? 0,
    }
  }
}
