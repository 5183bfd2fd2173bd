import { randomInt } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import { AppError, invalid, type Lang } from '../../platform/errors.ts'
import { CUSTOMER_MESSAGES, isValidEmail } from '../accounts/index.ts'
import { currencyFor } from '../../platform/lib/pricing.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { ORDER_COLUMNS, ORDER_STATUS, presentOrder, type OrderKind, type OrderRow } from './order-rows.ts'
import { PAY_METHODS, ProviderError, type PayMethod } from './payments/gateways/types.ts'
import type { Edition, Licence } from '../settings/index.ts'
import type { OrderDelivery } from './order-delivery.ts'
import { OrderDownloads, type OrderFile } from './order-downloads.ts'
import type { PaymentCases } from './payments/payment-cases.ts'
import type { Payments } from './payments/payments.ts'
import type { ReportService } from '../catalogue/index.ts'
import type { BankTransfers } from './bank-transfer/bank-transfers.ts'
import { commonDeps, servicePlugin } from '../../platform/lib/service-plugin.ts'

// Orders of both kinds: 'brief' (a bulletin, downloaded at once) and
// 'research' (a report edition × licence, delivered by mail), as the buyer
// makes, pays, cancels and downloads them. The server sets every amount; the
// client's payPrice is only checked against it. What the gateways report
// about them is payment-intake.ts.

export interface PayInput {
  payMethod?: string | undefined
  payPrice?: number | string | undefined
}

export interface ClientContext {
  ip: string
  /** Called under the earlier backend's prefix (the bare dialect): its clients know only the gateways' methods. */
  legacy?: boolean
}

/** The gateways' methods, and bank transfer (bank-transfer/), which only the product's own client offers. */
type ChosenMethod = PayMethod | 'bank'

type OrderOptions = Pick<Config, 'ORDER_TTL_MINUTES' | 'SITE_URL' | 'PAYMENT_NOTIFY_URL'>

/** "299", 299, "299.5", 299.5 → minor units; anything else → undefined. */
export function toMinorUnits(value: number | string | undefined): number | undefined {
  if (value === undefined) return undefined
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim()
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

function newOrderNo(kind: OrderKind): string {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
  return `${kind === 'brief' ? 'B' : 'R'}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
}

export class OrderService {
  private readonly files: OrderDownloads

  constructor(
    private readonly deps: {
      sequelize: Sequelize
      reports: ReportService
      payments: Payments
      delivery: OrderDelivery
      cases: PaymentCases
      transfers: BankTransfers
      log: FastifyBaseLogger
      options: OrderOptions
    },
  ) {
    this.files = new OrderDownloads(deps)
  }

  private select<T extends object>(sql: string, bind: unknown[], transaction?: Transaction): Promise<T[]> {
    return selectRows<T>(this.deps.sequelize, sql, bind, transaction)
  }

  /** The user's order of that kind; anyone else's is as good as missing (100004). */
  async owned(userId: string, kind: OrderKind | undefined, id: string): Promise<OrderRow> {
    const [order] = await this.select<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM website_order o WHERE o.id = $1 AND o.user_id = $2 AND ($3::text IS NULL OR o.kind = $3)`,
      [id, userId, kind ?? null],
    )
    if (!order) throw new AppError('ORDER_EMPTY')
    return order
  }

  /** One order of the user by its number, of either kind (the pay-back page polls it). */
  async byOrderNo(userId: string, orderNo: string) {
    const [order] = await this.select<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM website_order o WHERE o.order_no = $1 AND o.user_id = $2`, [
      orderNo,
      userId,
    ])
    if (!order) throw new AppError('ORDER_EMPTY')
    return presentOrder(order)
  }

  private payMethodOf(input: PayInput, client: ClientContext): ChosenMethod {
    if (!input.payMethod) throw new AppError('PAY_METHOD_EMPTY')
    if (input.payMethod === 'bank' && !client.legacy) return 'bank'
    if (!(PAY_METHODS as readonly string[]).includes(input.payMethod)) throw new AppError('PAY_METHOD_INVALID')
    return input.payMethod as PayMethod
  }

  private assertAmount(input: PayInput, amount: number) {
    if (toMinorUnits(input.payPrice) !== amount) throw new AppError('PAY_AMOUNT_MISMATCH')
  }

  private async insertOrder(values: {
    kind: OrderKind
    userId: string
    productId: string
    lang: Lang
    title: string
    amount: number
    currency: string
    edition?: string
    licence?: string
    email?: string
    payMethod?: ChosenMethod
  }): Promise<OrderRow> {
    try {
      const [order] = await this.select<OrderRow>(
        `INSERT INTO website_order AS o (order_no, kind, user_id, product_id, lang, title, edition, licence, email, amount, currency, pay_method, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() + make_interval(mins => $13))
         RETURNING ${ORDER_COLUMNS}`,
        [
          newOrderNo(values.kind),
          values.kind,
          values.userId,
          values.productId,
          values.lang,
          values.title.slice(0, 500),
          values.edition ?? null,
          values.licence ?? null,
          values.email ?? null,
          values.amount,
          values.currency,
          values.payMethod ?? null,
          this.deps.options.ORDER_TTL_MINUTES,
        ],
      )
      return order!
    } catch (error) {
      // The partial unique index: an unpaid order for this product already exists.
      if (error instanceof UniqueConstraintError) throw new AppError('UNPAID_ORDER_EXISTS')
      throw error
    }
  }

  private async assertNoUnpaid(userId: string, kind: OrderKind, productId: string) {
    const rows = await this.select(`SELECT 1 FROM website_order WHERE user_id = $1 AND kind = $2 AND product_id = $3 AND status = '0'`, [
      userId,
      kind,
      productId,
    ])
    if (rows.length > 0) throw new AppError('UNPAID_ORDER_EXISTS')
  }

  /** Starts the provider's payment for an unpaid order and answers where the buyer pays. */
  private async startPayment(order: OrderRow, method: ChosenMethod, client: ClientContext) {
    if (method === 'bank') return this.deps.transfers.choose(order, order.userId)
    const provider = this.deps.payments.forMethod(method)
    if (!provider) throw new AppError('PAYMENT_PROVIDER_FAILED')
    const [updated] = await this.select<{ id: string }>(
      `UPDATE website_order SET pay_method = $2, provider = $3, updated_at = now() WHERE id = $1 AND status = '0' RETURNING id::text`,
      [order.id, method, provider.name],
    )
    if (!updated) throw new AppError('ORDER_NOT_UNPAID')
    // Recorded before the gateway is asked: if its answer is lost, the order's close still reaches the trade.
    await this.deps.cases.closes.tradeStarted(order.id, provider.name)
    const edition = order.lang === 'en-US' ? '/en' : ''
    try {
      const start = await provider.start({
        orderNo: order.orderNo,
        amount: order.amount,
        currency: order.currency,
        subject: order.title,
        method,
        notifyUrl: this.deps.options.PAYMENT_NOTIFY_URL,
        returnUrl: `${this.deps.options.SITE_URL}${edition}/personalCenter/payBack?orderNo=${encodeURIComponent(order.orderNo)}`,
        clientIp: client.ip,
        expiresAt: order.expiresAt,
      })
      return { payMethod: method, orderPayUrl: start.payUrl, id: order.id, orderNo: order.orderNo }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      this.deps.log.error({ err: error, orderNo: order.orderNo, provider: provider.name }, 'payment provider failed')
      throw new AppError('PAYMENT_PROVIDER_FAILED')
    }
  }

  /** Bulletin checkout: by researchBriefReportId a new order, by id the user's unpaid one. */
  async payBrief(
    userId: string,
    lang: Lang,
    input: PayInput & { id?: string | undefined; researchBriefReportId?: string | undefined },
    client: ClientContext,
  ) {
    const method = this.payMethodOf(input, client)
    if (input.id) {
      const order = await this.owned(userId, 'brief', input.id)
      if (order.status !== ORDER_STATUS.unpaid) throw new AppError('ORDER_NOT_UNPAID')
      this.assertAmount(input, order.amount)
      return this.startPayment(order, method, client)
    }
    if (!input.researchBriefReportId) throw new AppError('REPORT_EMPTY')
    const [bulletin] = await this.select<{ id: string; title: string; price: string }>(
      `SELECT id::text, title, price::text FROM research_brief_report WHERE id = $1 AND lang = $2 AND status = '0'`,
      [input.researchBriefReportId, lang],
    )
    const amount = bulletin ? toMinorUnits(bulletin.price) : undefined
    if (!bulletin || !amount) throw new AppError('REPORT_EMPTY')
    await this.assertNoUnpaid(userId, 'brief', bulletin.id)
    this.assertAmount(input, amount)
    const order = await this.insertOrder({
      kind: 'brief',
      userId,
      productId: bulletin.id,
      lang,
      title: bulletin.title,
      amount,
      currency: currencyFor(lang),
      payMethod: method,
    })
    try {
      return await this.startPayment(order, method, client)
    } catch (error) {
      // A payment that never started leaves no unpaid order to block the next attempt.
      if (error instanceof AppError && (error.key === 'PAYMENT_PROVIDER_FAILED' || error.key === 'TRANSFER_UNAVAILABLE')) {
        await this.deps.sequelize.query(
          `UPDATE website_order SET status = '3', closed_reason = 'start-failed', closed_at = now(), updated_at = now() WHERE id = $1 AND status = '0'`,
          { bind: [order.id] },
        )
      }
      throw error
    }
  }

  /** A research report order, priced by the server from edition × licence. */
  async saveResearch(
    userId: string,
    lang: Lang,
    input: { reportId: string; edition: Edition; licence: Licence; email?: string | undefined },
  ) {
    const [report] = await this.select<{ id: string; title: string }>(
      `SELECT id::text, title FROM research_report WHERE id = $1 AND lang = $2 AND status = '0'`,
      [input.reportId, lang],
    )
    const price = report ? await this.deps.reports.priceOf(lang, report.id, input.edition, input.licence) : undefined
    const amount = price === undefined ? undefined : toMinorUnits(price)
    if (!report || !amount) throw new AppError('REPORT_EMPTY')
    const email = input.email?.trim() || (await this.accountEmail(userId))
    if (!isValidEmail(email)) throw invalid(CUSTOMER_MESSAGES.emailFormat['zh-CN'], CUSTOMER_MESSAGES.emailFormat['en-US'])
    await this.assertNoUnpaid(userId, 'research', report.id)
    const order = await this.insertOrder({
      kind: 'research',
      userId,
      productId: report.id,
      lang,
      title: report.title,
      amount,
      currency: currencyFor(lang),
      edition: input.edition,
      licence: input.licence,
      email,
    })
    return presentOrder(order)
  }

  private async accountEmail(userId: string): Promise<string> {
    const [user] = await this.select<{ email: string }>(`SELECT email FROM website_user WHERE id = $1`, [userId])
    return user?.email ?? ''
  }

  async payResearch(userId: string, input: PayInput & { id?: string | undefined }, client: ClientContext) {
    if (!input.id) throw new AppError('ORDER_EMPTY')
    const method = this.payMethodOf(input, client)
    const order = await this.owned(userId, 'research', input.id)
    if (order.status !== ORDER_STATUS.unpaid) throw new AppError('ORDER_NOT_UNPAID')
    this.assertAmount(input, order.amount)
    return this.startPayment(order, method, client)
  }

  /** The delivery address of an unpaid research order; both fields of the form must agree. */
  async updateEmail(userId: string, input: { id: string; email?: string | undefined; confirmEmail?: string | undefined }) {
    const order = await this.owned(userId, 'research', input.id)
    const email = input.email?.trim() ?? ''
    if (!email) throw invalid(CUSTOMER_MESSAGES.emailRequired['zh-CN'], CUSTOMER_MESSAGES.emailRequired['en-US'])
    if (input.confirmEmail !== undefined && input.confirmEmail.trim() !== email)
      throw invalid('两次输入的邮箱地址不一致。', 'The email addresses are inconsistent.')
    if (!isValidEmail(email)) throw invalid(CUSTOMER_MESSAGES.emailFormat['zh-CN'], CUSTOMER_MESSAGES.emailFormat['en-US'])
    if (order.status !== ORDER_STATUS.unpaid) throw new AppError('ORDER_NOT_UNPAID')
    const [updated] = await this.select<OrderRow>(
      `UPDATE website_order o SET email = $2, updated_at = now() WHERE id = $1 AND status = '0' RETURNING ${ORDER_COLUMNS}`,
      [order.id, email],
    )
    if (!updated) throw new AppError('ORDER_NOT_UNPAID')
    return presentOrder(updated)
  }

  async list(userId: string, kind: OrderKind, query: { pageNo: number; pageSize: number; status?: string | undefined }) {
    const where = `o.user_id = $1 AND o.kind = $2 AND ($3::text IS NULL OR o.status = $3)`
    const [rows, [total]] = await Promise.all([
      this.select<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM website_order o WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT $4 OFFSET $5`,
        [userId, kind, query.status ?? null, query.pageSize, (query.pageNo - 1) * query.pageSize],
      ),
      this.select<{ count: number }>(`SELECT count(*)::int AS count FROM website_order o WHERE ${where}`, [
        userId,
        kind,
        query.status ?? null,
      ]),
    ])
    return { list: rows.map(presentOrder), count: total?.count ?? 0, pageNo: query.pageNo, pageSize: query.pageSize }
  }

  /** The buyer cancels an unpaid order; its trades are closed at the gateways by a queued job. */
  async cancel(userId: string, kind: OrderKind, id: string) {
    const order = await this.owned(userId, kind, id)
    const updated = await this.deps.sequelize.transaction(async (transaction) => {
      const [row] = await this.select<OrderRow>(
        `UPDATE website_order o SET status = '2', closed_reason = 'cancelled', closed_at = now(), updated_at = now() WHERE id = $1 AND status = '0' RETURNING ${ORDER_COLUMNS}`,
        [order.id],
        transaction,
      )
      if (row) await this.deps.cases.closes.queueCloses(row.id, transaction, `buyer:${userId}`)
      return row
    })
    if (!updated) throw new AppError('ORDER_NOT_UNPAID')
    return presentOrder(updated)
  }

  /** Paid orders whose file can be downloaded, newest first. */
  downloads(userId: string, query: { pageNo: number; pageSize: number }) {
    return this.files.list(userId, query)
  }

  /** The order of a signed mail link, while the link may still start or resume a download. */
  fileForLink(token: string, fresh: boolean): Promise<OrderFile | undefined> {
    return this.files.fileForLink(token, fresh)
  }

  /** Counts a fresh download against the link's limit; false when it was used up meanwhile. */
  countLinkDownload(token: string): Promise<boolean> {
    return this.files.countLinkDownload(token)
  }

  /** Staff delivery of a paid research order that had no file: attach it and mail the link. */
  deliver(orderNo: string, file: { key: string; name: string }): Promise<{ link: string; mailId: string | undefined }> {
    return this.files.deliver(orderNo, file)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService
  }
}

export default servicePlugin(
  {
    name: 'order-service',
    decorates: 'orders',
    dependencies: ['db', 'payments', 'report-service', 'order-delivery', 'payment-cases', 'bank-transfers'],
  },
  (app) =>
    new OrderService({
      ...commonDeps(app),
      reports: app.reports,
      payments: app.payments,
      delivery: app.orderDelivery,
      cases: app.paymentCases,
      transfers: app.bankTransfers,
    }),
)
