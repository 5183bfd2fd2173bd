import { DEFAULT_DOWNLOADS_PER_DAY, DOWNLOADS_PER_DAY_KEY, type AcceptedSeat, type OrderSeats, type SeatInvitation } from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import { AppError, type Lang } from '../../platform/errors.ts'
import { randomToken, sha256Hex } from '../../platform/lib/secrets.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { isValidEmail } from '../accounts/index.ts'
import type { MailService } from '../mail/index.ts'
import type { ConfigService } from '../settings/index.ts'
import { domainOf } from './company-domain.ts'
import { seatInvitationMail } from './licence-mails.ts'
import { presentSeat, SEAT_COLUMNS, type SeatOrder, type SeatOrders, type SeatRow } from './seat-orders.ts'

// The seats of a multi-user or enterprise licence: the buyer invites a
// colleague by e-mail, the colleague accepts with an account registered with
// that address (which proves it), and the buyer can take a seat back to give
// it to someone else. The buyer's own seat counts against the limit.

/** An invitation not accepted within this many days lapses (the buyer can invite again). */
export const INVITATION_DAYS = 30

export interface SeatActor {
  /** 'buyer', or the staff member's name */
  name: string
}

export class Seats {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      orders: SeatOrders
      configs: ConfigService
      mails: MailService
      options: Pick<Config, 'SITE_URL'>
      /** A new seat holder's copy, started when they accept */
      onAccepted: (orderId: string, userId: string, transaction: Transaction) => Promise<void>
    },
  ) {}

  /** The licence as the caller holds it: the buyer manages it; a holder or a member of the domain only sees it. */
  async view(userId: string, orderNo: string, transaction?: Transaction): Promise<OrderSeats> {
    const order = await this.deps.orders.byNumber(orderNo, transaction)
    if (!order || order.status !== '1' || !order.licence) throw new AppError('SEAT_ORDER_NOT_FOUND')
    const role = order.userId === userId ? 'buyer' : await this.roleOf(userId, order, transaction)
    if (!role) throw new AppError('SEAT_ORDER_NOT_FOUND')
    const seats = role === 'buyer' ? await this.deps.orders.seats(order.id, transaction) : []
    const live = role === 'buyer' ? seats.filter((seat) => seat.state !== 'revoked').length : await this.liveSeats(order.id, transaction)
    const perDay = (await this.deps.configs.number(DOWNLOADS_PER_DAY_KEY)) ?? DEFAULT_DOWNLOADS_PER_DAY
    return {
      orderNo: order.orderNo,
      title: order.title,
      licence: order.licence,
      buyer: order.buyerCompany || order.buyerName,
      role,
      seatLimit: await this.deps.orders.limitOf(order),
      seatsUsed: 1 + live,
      domain: order.licence === 'enterprise' ? order.enterpriseDomain : null,
      domainPending: this.deps.orders.domainPending(order),
      seats: seats.map(presentSeat),
      downloadsPerDay: Math.max(0, Math.floor(perDay)),
    }
  }

  private async roleOf(userId: string, order: SeatOrder, transaction?: Transaction): Promise<'holder' | 'member' | undefined> {
    const [row] = await selectRows<{ holder: boolean; member: boolean }>(
      this.deps.sequelize,
      `SELECT EXISTS (SELECT 1 FROM licence_seat WHERE order_id = $2 AND user_id = $1 AND state = 'active') AS holder,
              EXISTS (SELECT 1 FROM website_user u WHERE u.id = $1 AND u.email_verified_at IS NOT NULL AND lower(split_part(u.email, '@', 2)) = lower($3)) AS member`,
      [userId, order.id, order.licence === 'enterprise' ? (order.enterpriseDomain ?? '') : ''],
      transaction,
    )
    return row?.holder ? 'holder' : row?.member ? 'member' : undefined
  }

  /** Seats invited or active (the buyer's own not counted). */
  async liveSeats(orderId: string, transaction?: Transaction): Promise<number> {
    const [row] = await selectRows<{ count: number }>(
      this.deps.sequelize,
      `SELECT count(*)::int AS count FROM licence_seat WHERE order_id = $1 AND state <> 'revoked'`,
      [orderId],
      transaction,
    )
    return row?.count ?? 0
  }

  /** The buyer's order, locked for a change of its seats. */
  private async buyersOrder(userId: string, orderNo: string, transaction: Transaction): Promise<SeatOrder> {
    const order = await this.deps.orders.byNumber(orderNo, transaction, true)
    if (!order || order.userId !== userId || order.status !== '1' || !order.licence) throw new AppError('SEAT_ORDER_NOT_FOUND')
    return order
  }

  async invite(userId: string, input: { orderNo: string; email: string }): Promise<OrderSeats> {
    const siteNames = await this.siteNames()
    return this.deps.sequelize.transaction(async (transaction) => {
      const order = await this.buyersOrder(userId, input.orderNo, transaction)
      await this.addSeat(order, input.email, { name: 'buyer' }, siteNames, transaction)
      return this.view(userId, order.orderNo, transaction)
    })
  }

  /** A seat for an address, mailed its invitation: the buyer's call and the staff's. The order is locked by the caller. */
  async addSeat(
    order: SeatOrder,
    rawEmail: string,
    actor: SeatActor,
    siteNames: Record<Lang, string>,
    transaction: Transaction,
  ): Promise<void> {
    const limit = await this.deps.orders.limitOf(order)
    if (limit === 1) throw new AppError('SEAT_SINGLE_LICENCE')
    // Addresses are compared without case; stored as typed in lower case.
    const email = rawEmail.trim().toLowerCase()
    if (!isValidEmail(email) || !domainOf(email)) throw new AppError('SEAT_EMAIL_INVALID')
    if (email.toLowerCase() === order.buyerEmail.toLowerCase()) throw new AppError('SEAT_ALREADY_HELD')
    if (limit !== null && 1 + (await this.liveSeats(order.id, transaction)) >= limit) throw new AppError('SEATS_FULL')
    const token = randomToken()
    const [made] = await selectRows<{ id: string }>(
      this.deps.sequelize,
      `INSERT INTO licence_seat (order_id, email, token_hash, invited_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (order_id, lower(email)) WHERE state <> 'revoked' DO NOTHING RETURNING id::text AS id`,
      [order.id, email, sha256Hex(token), actor.name.slice(0, 64)],
      transaction,
    )
    if (!made) throw new AppError('SEAT_ALREADY_HELD')
    const edition = order.lang === 'en-US' ? '/en' : ''
    const content = seatInvitationMail(order.lang, {
      siteName: siteNames[order.lang],
      buyer: order.buyerCompany || order.buyerName,
      title: order.title,
      licence: order.licence ?? 'multi',
      link: `${this.deps.options.SITE_URL}${edition}/personalCenter/acceptSeat?token=${token}`,
      days: INVITATION_DAYS,
    })
    await this.deps.mails.enqueue({ kind: 'seat-invitation', reference: order.orderNo, to: email, content, secret: true }, transaction)
  }

  async revoke(userId: string, input: { orderNo: string; seatId: string }): Promise<OrderSeats> {
    return this.deps.sequelize.transaction(async (transaction) => {
      const order = await this.buyersOrder(userId, input.orderNo, transaction)
      await this.revokeSeat(order, input.seatId, { name: 'buyer' }, transaction)
      return this.view(userId, order.orderNo, transaction)
    })
  }

  /** Takes a seat back (twice is no error); its holder's downloads stop at once. */
  async revokeSeat(order: SeatOrder, seatId: string, actor: SeatActor, transaction: Transaction): Promise<void> {
    const [seat] = await selectRows<{ state: string }>(
      this.deps.sequelize,
      `SELECT state FROM licence_seat WHERE id = $1 AND order_id = $2`,
      [seatId, order.id],
      transaction,
    )
    if (!seat) throw new AppError('SEAT_NOT_FOUND')
    await this.deps.sequelize.query(
      `UPDATE licence_seat SET state = 'revoked', revoked_at = now(), revoked_by = $2 WHERE id = $1 AND state <> 'revoked'`,
      { bind: [seatId, actor.name.slice(0, 64)], transaction },
    )
  }

  private async invitationRow(token: string, transaction?: Transaction) {
    const [row] = await selectRows<SeatRow & { orderNo: string }>(
      this.deps.sequelize,
      `SELECT ${SEAT_COLUMNS}, o.order_no AS "orderNo" FROM licence_seat s JOIN website_order o ON o.id = s.order_id
         LEFT JOIN website_user h ON h.id = s.user_id
        WHERE s.token_hash = $1 AND o.status = '1'
          AND (s.state = 'active' OR (s.state = 'invited' AND s.invited_at > now() - make_interval(days => $2)))`,
      [sha256Hex(token), INVITATION_DAYS],
      transaction,
    )
    if (!row) throw new AppError('SEAT_INVITATION_INVALID')
    const order = await this.deps.orders.byNumber(row.orderNo, transaction)
    if (!order?.licence) throw new AppError('SEAT_INVITATION_INVALID')
    return { seat: row, order }
  }

  async invitation(token: string): Promise<SeatInvitation> {
    const { seat, order } = await this.invitationRow(token)
    return {
      email: seat.email,
      title: order.title,
      licence: order.licence ?? 'multi',
      buyer: order.buyerCompany || order.buyerName,
      state: seat.state,
    }
  }

  /** The invited address's account takes the seat; accepting proves the address, so it is verified. */
  async accept(userId: string, token: string): Promise<AcceptedSeat> {
    return this.deps.sequelize.transaction(async (transaction) => {
      const { seat, order } = await this.invitationRow(token, transaction)
      const [user] = await selectRows<{ email: string }>(
        this.deps.sequelize,
        `SELECT email FROM website_user WHERE id = $1`,
        [userId],
        transaction,
      )
      if (!user || user.email.toLowerCase() !== seat.email.toLowerCase()) throw new AppError('SEAT_INVITATION_OTHER_EMAIL')
      if (seat.state === 'invited') {
        await this.deps.sequelize.query(`UPDATE licence_seat SET state = 'active', user_id = $2, accepted_at = now() WHERE id = $1`, {
          bind: [seat.id, userId],
          transaction,
        })
        await this.deps.sequelize.query(`UPDATE website_user SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1`, {
          bind: [userId],
          transaction,
        })
        await this.deps.onAccepted(order.id, userId, transaction)
      } else if (seat.userId !== userId) throw new AppError('SEAT_INVITATION_INVALID')
      return { orderNo: order.orderNo, title: order.title, licence: order.licence ?? 'multi', buyer: order.buyerCompany || order.buyerName }
    })
  }

  /** Read before a transaction: on the embedded database the pool has one connection, which the transaction holds. */
  async siteNames(): Promise<Record<Lang, string>> {
    const [zh, en] = await Promise.all([this.deps.configs.siteName('zh-CN'), this.deps.configs.siteName('en-US')])
    return { 'zh-CN': zh, 'en-US': en }
  }
}
