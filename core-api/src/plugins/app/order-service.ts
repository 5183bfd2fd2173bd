import { randomInt } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize'
import type { Config } from '../../config.ts'
import { AppError, invalid, type Lang } from '../../errors.ts'
import { CUSTOMER_MESSAGES, isValidEmail } from '../../lib/customer-validation.ts'
import { currencyFor } from '../../lib/pricing.ts'
import { randomToken, sha256Hex } from '../../lib/secrets.ts'
import { orderPaidMail } from '../../lib/order-mails.ts'
import { PAY_METHODS, ProviderError, type IncomingNotification, type NotificationReply, type PayMethod, type VerifiedNotification } from '../../payments/types.ts'
import type { JobQueue } from '../external/job-queue.ts'
import type { ConfigService } from './config-service.ts'
import type { MailService, OutgoingMail } from './mail-service.ts'
import type { Payments } from './payments.ts'
import type { Edition, Licence } from './config-service.ts'
import type { ReportService } from './report-service.ts'

// Orders of both kinds: 'brief' (a bulletin, downloaded at once) and
// 'research' (a report edition × licence, delivered by mail). The server sets
// every amount; the client's payPrice is only checked against it. The move
// from unpaid to paid is one conditional UPDATE, so duplicate or concurrent
// notifications, reconciliation and cancellation cannot both win.

export type OrderKind = 'brief' | 'research'
export const ORDER_STATUS = { unpaid: '0', paid: '1', cancelled: '2', failed: '3' } as const

export interface OrderRow {
  id: string
  orderNo: string
  kind: OrderKind
  userId: string
  productId: string
  lang: Lang
  title: string
  edition: string | null
  licence: string | null
  email: string | null
  amount: number
  currency: string
  payMethod: string | null
  status: string
  provider: string | null
  providerTradeNo: string | null
  attachmentKey: string | null
  attachmentName: string | null
  paidAt: Date | null
  createdAt: Date
  expiresAt: Date
}

const COLUMNS = `o.id::text AS id, o.order_no AS "orderNo", o.kind, o.user_id::text AS "userId", o.product_id::text AS "productId", o.lang, o.title,
  o.edition, o.licence, o.email, o.amount, o.currency, o.pay_method AS "payMethod", o.status, o.provider, o.provider_trade_no AS "providerTradeNo",
  o.attachment_key AS "attachmentKey", o.attachment_name AS "attachmentName", o.paid_at AS "paidAt", o.created_at AS "createdAt", o.expires_at AS "expiresAt"`

/** What order lists show. Amounts are presented in major units, as the legacy clients display them. */
export function presentOrder(order: OrderRow) {
  return {
    id: order.id,
    orderNo: order.orderNo,
    kind: order.kind,
    title: order.title,
    productId: order.productId,
    createDate: order.createdAt.toISOString(),
    payMethod: order.payMethod,
    status: order.status,
    payPrice: order.amount / 100,
    currency: order.currency,
    edition: order.edition,
    licence: order.licence,
    email: order.email,
    expireDate: order.expiresAt.toISOString(),
    paidDate: order.paidAt ? order.paidAt.toISOString() : null,
    hasFile: order.attachmentKey !== null,
  }
}

export type PresentedOrder = ReturnType<typeof presentOrder>

export interface PayInput {
  payMethod?: string | undefined
  payPrice?: number | string | undefined
}

export interface ClientContext {
  ip: string
}

type OrderOptions = Pick<Config, 'ORDER_TTL_MINUTES' | 'SITE_URL' | 'PAYMENT_NOTIFY_URL' | 'DOWNLOAD_LINK_DAYS' | 'DOWNLOAD_LINK_MAX' | 'RECONCILE_AFTER_MINUTES'>

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
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      reports: ReportService
      payments: Payments
      mails: MailService
      configs: ConfigService
      log: FastifyBaseLogger
      options: OrderOptions
    },
  ) {}

  private async select<T extends object>(sql: string, bind: unknown[], transaction?: Transaction): Promise<T[]> {
    return this.deps.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) })
  }

  /** The user's order of that kind; anyone else's is as good as missing (100004). */
  async owned(userId: string, kind: OrderKind | undefined, id: string): Promise<OrderRow> {
    const [order] = await this.select<OrderRow>(
      `SELECT ${COLUMNS} FROM website_order o WHERE o.id = $1 AND o.user_id = $2 AND ($3::text IS NULL OR o.kind = $3)`,
      [id, userId, kind ?? null],
    )
    if (!order) throw new AppError('ORDER_EMPTY')
    return order
  }

  /** One order of the user by its number, of either kind (the pay-back page polls it). */
  async byOrderNo(userId: string, orderNo: string) {
    const [order] = await this.select<OrderRow>(`SELECT ${COLUMNS} FROM website_order o WHERE o.order_no = $1 AND o.user_id = $2`, [orderNo, userId])
    if (!order) throw new AppError('ORDER_EMPTY')
    return presentOrder(order)
  }

  private payMethodOf(input: PayInput): PayMethod {
    if (!input.payMethod) throw new AppError('PAY_METHOD_EMPTY')
    if (!(PAY_METHODS as readonly string[]).includes(input.payMethod)) throw new AppError('PAY_METHOD_INVALID')
    return input.payMethod as PayMethod
  }

  private assertAmount(input: PayInput, amount: number) {
    if (toMinorUnits(input.payPrice) !== amount) throw new AppError('PAY_AMOUNT_MISMATCH')
  }

  private async insertOrder(values: {
    kind: OrderKind; userId: string; productId: string; lang: Lang; title: string; amount: number; currency: string
    edition?: string; licence?: string; email?: string; payMethod?: PayMethod
  }): Promise<OrderRow> {
    try {
      const [order] = await this.select<OrderRow>(
        `INSERT INTO website_order AS o (order_no, kind, user_id, product_id, lang, title, edition, licence, email, amount, currency, pay_method, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() + make_interval(mins => $13))
         RETURNING ${COLUMNS}`,
        [newOrderNo(values.kind), values.kind, values.userId, values.productId, values.lang, values.title.slice(0, 500), values.edition ?? null,
          values.licence ?? null, values.email ?? null, values.amount, values.currency, values.payMethod ?? null, this.deps.options.ORDER_TTL_MINUTES],
      )
      return order!
    } catch (error) {
      // The partial unique index: an unpaid order for this product already exists.
      if (error instanceof UniqueConstraintError) throw new AppError('UNPAID_ORDER_EXISTS')
      throw error
    }
  }

  private async assertNoUnpaid(userId: string, kind: OrderKind, productId: string) {
    const rows = await this.select(`SELECT 1 FROM website_order WHERE user_id = $1 AND kind = $2 AND product_id = $3 AND status = '0'`, [userId, kind, productId])
    if (rows.length > 0) throw new AppError('UNPAID_ORDER_EXISTS')
  }

  /** Starts the provider's payment for an unpaid order and answers where the buyer pays. */
  private async startPayment(order: OrderRow, method: PayMethod, client: ClientContext) {
    const provider = this.deps.payments.forMethod(method)
    if (!provider) throw new AppError('PAYMENT_PROVIDER_FAILED')
    const [updated] = await this.select<{ id: string }>(
      `UPDATE website_order SET pay_method = $2, provider = $3, updated_at = now() WHERE id = $1 AND status = '0' RETURNING id::text`,
      [order.id, method, provider.name],
    )
    if (!updated) throw new AppError('ORDER_NOT_UNPAID')
    const edition = order.lang === 'en-US' ? '/en' : ''
    try {
      const start = await provider.start({
        orderNo: order.orderNo, amount: order.amount, currency: order.currency, subject: order.title, method,
        notifyUrl: this.deps.options.PAYMENT_NOTIFY_URL,
        returnUrl: `${this.deps.options.SITE_URL}${edition}/personalCenter/payBack?orderNo=${encodeURIComponent(order.orderNo)}`,
        clientIp: client.ip,
      })
      return { payMethod: method, orderPayUrl: start.payUrl, id: order.id, orderNo: order.orderNo }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      this.deps.log.error({ err: error, orderNo: order.orderNo, provider: provider.name }, 'payment provider failed')
      throw new AppError('PAYMENT_PROVIDER_FAILED')
    }
  }

  /** Bulletin checkout: by researchBriefReportId a new order, by id the user's unpaid one. */
  async payBrief(userId: string, lang: Lang, input: PayInput & { id?: string | undefined; researchBriefReportId?: string | undefined }, client: ClientContext) {
    const method = this.payMethodOf(input)
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
    const order = await this.insertOrder({ kind: 'brief', userId, productId: bulletin.id, lang, title: bulletin.title, amount, currency: currencyFor(lang), payMethod: method })
    try {
      return await this.startPayment(order, method, client)
    } catch (error) {
      // A payment that never started leaves no unpaid order to block the next attempt.
      if (error instanceof AppError && error.key === 'PAYMENT_PROVIDER_FAILED') {
        await this.deps.sequelize.query(`UPDATE website_order SET status = '3', closed_at = now(), updated_at = now() WHERE id = $1 AND status = '0'`, { bind: [order.id] })
      }
      throw error
    }
  }

  /** A research report order, priced by the server from edition × licence. */
  async saveResearch(userId: string, lang: Lang, input: { reportId: string; edition: Edition; licence: Licence; email?: string | undefined }) {
    const [report] = await this.select<{ id: string; title: string }>(
      `SELECT id::text, title FROM research_report WHERE id = $1 AND lang = $2 AND status = '0'`, [input.reportId, lang],
    )
    const price = report ? await this.deps.reports.priceOf(lang, report.id, input.edition, input.licence) : undefined
    const amount = price === undefined ? undefined : toMinorUnits(price)
    if (!report || !amount) throw new AppError('REPORT_EMPTY')
    const email = input.email?.trim() || (await this.userEmail(userId))
    if (!isValidEmail(email)) throw invalid(CUSTOMER_MESSAGES.emailFormat['zh-CN'], CUSTOMER_MESSAGES.emailFormat['en-US'])
    await this.assertNoUnpaid(userId, 'research', report.id)
    const order = await this.insertOrder({ kind: 'research', userId, productId: report.id, lang, title: report.title, amount, currency: currencyFor(lang), edition: input.edition, licence: input.licence, email })
    return presentOrder(order)
  }

  private async userEmail(userId: string, transaction?: Transaction): Promise<string> {
    const [user] = await this.select<{ email: string }>(`SELECT email FROM website_user WHERE id = $1`, [userId], transaction)
    return user?.email ?? ''
  }

  async payResearch(userId: string, input: PayInput & { id?: string | undefined }, client: ClientContext) {
    if (!input.id) throw new AppError('ORDER_EMPTY')
    const method = this.payMethodOf(input)
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
    if (input.confirmEmail !== undefined && input.confirmEmail.trim() !== email) throw invalid('两次输入的邮箱地址不一致。', 'The email addresses are inconsistent.')
    if (!isValidEmail(email)) throw invalid(CUSTOMER_MESSAGES.emailFormat['zh-CN'], CUSTOMER_MESSAGES.emailFormat['en-US'])
    if (order.status !== ORDER_STATUS.unpaid) throw new AppError('ORDER_NOT_UNPAID')
    const [updated] = await this.select<OrderRow>(
      `UPDATE website_order o SET email = $2, updated_at = now() WHERE id = $1 AND status = '0' RETURNING ${COLUMNS}`, [order.id, email],
    )
    if (!updated) throw new AppError('ORDER_NOT_UNPAID')
    return presentOrder(updated)
  }

  async list(userId: string, kind: OrderKind, query: { pageNo: number; pageSize: number; status?: string | undefined }) {
    const where = `o.user_id = $1 AND o.kind = $2 AND ($3::text IS NULL OR o.status = $3)`
    const [rows, [total]] = await Promise.all([
      this.select<OrderRow>(`SELECT ${COLUMNS} FROM website_order o WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT $4 OFFSET $5`,
        [userId, kind, query.status ?? null, query.pageSize, (query.pageNo - 1) * query.pageSize]),
      this.select<{ count: number }>(`SELECT count(*)::int AS count FROM website_order o WHERE ${where}`, [userId, kind, query.status ?? null]),
    ])
    return { list: rows.map(presentOrder), count: total?.count ?? 0, pageNo: query.pageNo, pageSize: query.pageSize }
  }

  async cancel(userId: string, kind: OrderKind, id: string) {
    const order = await this.owned(userId, kind, id)
    const [updated] = await this.select<OrderRow>(
      `UPDATE website_order o SET status = '2', closed_at = now(), updated_at = now() WHERE id = $1 AND status = '0' RETURNING ${COLUMNS}`, [order.id],
    )
    if (!updated) throw new AppError('ORDER_NOT_UNPAID')
    return presentOrder(updated)
  }

  /** Paid orders whose file can be downloaded, newest first. */
  async downloads(userId: string, query: { pageNo: number; pageSize: number }) {
    const where = `o.user_id = $1 AND o.status = '1' AND o.attachment_key IS NOT NULL`
    const [rows, [total]] = await Promise.all([
      this.select<OrderRow & { downloads: number }>(
        `SELECT ${COLUMNS}, (SELECT count(*)::int FROM download_log l WHERE l.order_id = o.id) AS downloads
           FROM website_order o WHERE ${where} ORDER BY o.paid_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
        [userId, query.pageSize, (query.pageNo - 1) * query.pageSize],
      ),
      this.select<{ count: number }>(`SELECT count(*)::int AS count FROM website_order o WHERE ${where}`, [userId]),
    ])
    return {
      list: rows.map((row) => ({ ...presentOrder(row), fileName: row.attachmentName ?? '', downloads: row.downloads })),
      count: total?.count ?? 0, pageNo: query.pageNo, pageSize: query.pageSize,
    }
  }

  /** The file of a paid order of the user: checked on every download. */
  async fileForUser(userId: string, id: string): Promise<{ order: OrderRow; key: string; name: string }> {
    const order = await this.owned(userId, undefined, id)
    if (order.status !== ORDER_STATUS.paid) throw new AppError('ORDER_NOT_PAID')
    if (!order.attachmentKey) throw new AppError('FILE_NOT_READY')
    return { order, key: order.attachmentKey, name: order.attachmentName ?? `${order.orderNo}.pdf` }
  }

  /**
   * The order of a signed mail link, while the link may still start a
   * download (fresh) or resume one it has counted (a range past the first byte).
   */
  async fileForLink(token: string, fresh: boolean): Promise<{ order: OrderRow; key: string; name: string } | undefined> {
    if (token.length > 200) return undefined
    const [link] = await this.select<{ orderId: string }>(
      `SELECT order_id::text AS "orderId" FROM download_link WHERE token_hash = $1 AND expires_at > now() AND (downloads < max_downloads OR (NOT $2 AND downloads <= max_downloads))`,
      [sha256Hex(token), fresh],
    )
    if (!link) return undefined
    const [order] = await this.select<OrderRow>(`SELECT ${COLUMNS} FROM website_order o WHERE o.id = $1`, [link.orderId])
    if (!order || order.status !== ORDER_STATUS.paid || !order.attachmentKey) return undefined
    return { order, key: order.attachmentKey, name: order.attachmentName ?? `${order.orderNo}.pdf` }
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

  async logDownload(entry: { userId: string | null; orderId: string; via: 'session' | 'link'; ip: string; range?: { start: number; end: number } | undefined }) {
    await this.deps.sequelize.query(
      `INSERT INTO download_log (user_id, order_id, via, client_ip, bytes_from, bytes_to) VALUES ($1, $2, $3, $4, $5, $6)`,
      { bind: [entry.userId, entry.orderId, entry.via, entry.ip.slice(0, 64), entry.range?.start ?? null, entry.range?.end ?? null] },
    )
  }

  /** A signed download link for a paid order, for mail. */
  async createDownloadLink(orderId: string, transaction?: Transaction): Promise<string> {
    const token = randomToken()
    await this.deps.sequelize.query(
      `INSERT INTO download_link (token_hash, order_id, expires_at, max_downloads) VALUES ($1, $2, now() + make_interval(days => $3), $4)`,
      { bind: [sha256Hex(token), orderId, this.deps.options.DOWNLOAD_LINK_DAYS, this.deps.options.DOWNLOAD_LINK_MAX], ...(transaction ? { transaction } : {}) },
    )
    return `${this.deps.options.SITE_URL}/api/download/${token}`
  }

  /**
   * A provider's notification: accepted only with a valid signature, our app
   * id, a known order and its exact amount and currency. Every notification
   * is recorded, whatever became of it.
   */
  async handleNotification(incoming: IncomingNotification): Promise<NotificationReply> {
    const provider = this.deps.payments.all().find((p) => p.recognizes(incoming))
    const verified = provider ? await provider.verify(incoming) : undefined
    let outcome = 'rejected'
    try {
      if (!provider || !verified) {
        outcome = provider ? 'bad-signature' : 'unrecognized'
        return (provider ?? this.deps.payments.all()[0])?.acknowledge(false) ?? { status: 400, contentType: 'text/plain', body: 'failure' }
      }
      if (verified.appId !== provider.appId) {
        outcome = 'wrong-app'
        return provider.acknowledge(false)
      }
      try {
        outcome = await this.apply(verified)
      } catch (error) {
        // The database is unreachable (or similar): refuse, so the provider
        // retries later, instead of answering a generic 500 envelope.
        outcome = 'error'
        this.deps.log.error({ err: error, orderNo: verified.orderNo, provider: provider.name }, 'payment notification could not be applied; the provider will retry')
        return { ...provider.acknowledge(false), status: 503 }
      }
      if (outcome === 'refund-required') {
        // Money was taken for an order that can no longer be fulfilled as paid.
        this.deps.log.error({ orderNo: verified.orderNo, provider: provider.name, providerTradeNo: verified.providerTradeNo, amount: verified.amount },
          'verified payment for a cancelled, failed or already-paid order: refund required')
      }
      return provider.acknowledge(outcome === 'paid' || outcome === 'duplicate' || outcome === 'failed' || outcome === 'pending')
    } finally {
      await this.deps.sequelize.query(
        `INSERT INTO payment_notification (provider, order_no, verified, outcome, raw_body) VALUES ($1, $2, $3, $4, $5)`,
        { bind: [provider?.name ?? null, verified?.orderNo.slice(0, 32) ?? null, verified !== undefined, outcome, incoming.rawBody.slice(0, 20_000)] },
      ).catch((error: unknown) => this.deps.log.error({ err: error }, 'could not record a payment notification'))
    }
  }

  /** Applies a verified provider report to its order; answers what happened. */
  private async apply(report: Pick<VerifiedNotification, 'orderNo' | 'amount' | 'currency' | 'providerTradeNo' | 'outcome' | 'provider'>): Promise<string> {
    if (report.outcome === 'pending') return 'pending'
    if (report.outcome === 'failed') {
      const failed = await this.select(`UPDATE website_order SET status = '3', closed_at = now(), updated_at = now() WHERE order_no = $1 AND status = '0' RETURNING id`, [report.orderNo])
      return failed.length > 0 ? 'failed' : 'ignored'
    }
    // Read before the transaction: on the embedded database the pool has one connection, which the transaction holds.
    const siteNames = await this.siteNames()
    // The order turns paid, its file is attached and its mail queued in one
    // transaction: none of it happens without the rest.
    const paid = await this.deps.sequelize.transaction(async (transaction) => {
      const [order] = await this.select<OrderRow>(
        `UPDATE website_order o SET status = '1', paid_at = now(), provider = $2, provider_trade_no = $3, updated_at = now()
          WHERE o.order_no = $1 AND o.status = '0' AND o.amount = $4 AND o.currency = $5
          RETURNING ${COLUMNS}`,
        [report.orderNo, report.provider, report.providerTradeNo.slice(0, 64), report.amount, report.currency],
        transaction,
      )
      if (order) await this.afterPaid(order, siteNames, transaction)
      return order
    })
    if (paid) return 'paid'
    const [current] = await this.select<{ status: string; providerTradeNo: string | null; amount: number }>(
      `SELECT status, provider_trade_no AS "providerTradeNo", amount FROM website_order WHERE order_no = $1`, [report.orderNo],
    )
    if (!current) return 'unknown-order'
    if (current.status === ORDER_STATUS.paid && current.providerTradeNo === report.providerTradeNo) return 'duplicate'
    if (current.status === ORDER_STATUS.unpaid) return 'amount-mismatch'
    // A verified payment the order cannot take (cancelled, expired, failed, or
    // paid by another trade): the order stays as it is and staff must refund.
    return 'refund-required'
  }

  /** Runs once per order, in the transaction that moved it to paid: attach the file and queue the buyer's mail. */
  private async afterPaid(order: OrderRow, siteNames: Record<Lang, string>, transaction: Transaction) {
    const table = order.kind === 'brief' ? 'research_brief_report' : 'research_report'
    const [product] = await this.select<{ attachmentKey: string | null; attachmentName: string | null }>(
      `SELECT attachment_key AS "attachmentKey", attachment_name AS "attachmentName" FROM ${table} WHERE id = $1`, [order.productId], transaction,
    )
    let link: string | undefined
    if (product?.attachmentKey) {
      await this.deps.sequelize.query(
        `UPDATE website_order SET attachment_key = $2, attachment_name = $3, delivered_at = now() WHERE id = $1`,
        { bind: [order.id, product.attachmentKey, product.attachmentName], transaction },
      )
      order.attachmentKey = product.attachmentKey
      order.attachmentName = product.attachmentName
      if (order.kind === 'research') link = await this.createDownloadLink(order.id, transaction)
    }
    await this.queuePaidMail('order-paid', order, link, siteNames[order.lang], transaction)
  }

  private async siteNames(): Promise<Record<Lang, string>> {
    const [zh, en] = await Promise.all([this.deps.configs.siteName('zh-CN'), this.deps.configs.siteName('en-US')])
    return { 'zh-CN': zh, 'en-US': en }
  }

  /** The receipt (and the file's link) for the buyer, queued with the change that paid or delivered the order. */
  private async queuePaidMail(kind: OutgoingMail['kind'], order: OrderRow, link: string | undefined, siteName: string, transaction: Transaction): Promise<string | undefined> {
    const to = order.email ?? (await this.userEmail(order.userId, transaction))
    if (!to) {
      this.deps.log.warn({ orderNo: order.orderNo }, 'a paid order has no e-mail address; no confirmation sent')
      return undefined
    }
    const edition = order.lang === 'en-US' ? '/en' : ''
    const content = orderPaidMail(order.lang, {
      siteName, orderNo: order.orderNo, title: order.title, amount: order.amount, currency: order.currency, kind: order.kind,
      downloadLink: link, downloadsPage: `${this.deps.options.SITE_URL}${edition}/personalCenter/myDownload`, hasFile: order.attachmentKey !== null,
    })
    return this.deps.mails.enqueue({ kind, reference: order.orderNo, to, content, secret: link !== undefined }, transaction)
  }

  /** Staff delivery of a paid research order that had no file: attach it and mail the link. */
  async deliver(orderNo: string, file: { key: string; name: string }): Promise<{ link: string; mailId: string | undefined }> {
    const siteNames = await this.siteNames()
    return this.deps.sequelize.transaction(async (transaction) => {
      const [order] = await this.select<OrderRow>(
        `UPDATE website_order o SET attachment_key = $2, attachment_name = $3, delivered_at = now(), updated_at = now()
          WHERE o.order_no = $1 AND o.status = '1' RETURNING ${COLUMNS}`,
        [orderNo, file.key, file.name],
        transaction,
      )
      if (!order) throw new AppError('ORDER_NOT_PAID')
      const link = await this.createDownloadLink(order.id, transaction)
      const mailId = await this.queuePaidMail('order-delivered', order, link, siteNames[order.lang], transaction)
      return { link, mailId }
    })
  }

  /**
   * Asks the providers about unpaid orders older than RECONCILE_AFTER_MINUTES
   * (a notification may have been lost), then cancels the expired ones.
   */
  async reconcile(): Promise<{ paid: number; expired: number }> {
    const stale = await this.select<OrderRow>(
      `SELECT ${COLUMNS} FROM website_order o WHERE o.status = '0' AND o.provider IS NOT NULL
          AND o.created_at < now() - make_interval(mins => $1) ORDER BY o.created_at LIMIT 100`,
      [this.deps.options.RECONCILE_AFTER_MINUTES],
    )
    let paid = 0
    for (const order of stale) {
      const provider = this.deps.payments.all().find((p) => p.name === order.provider)
      if (!provider) continue
      try {
        const result = await provider.query(order.orderNo)
        if (result.state === 'paid') {
          const outcome = await this.apply({ orderNo: order.orderNo, amount: result.amount, currency: order.currency, providerTradeNo: result.providerTradeNo, outcome: 'paid', provider: provider.name })
          if (outcome === 'paid') paid++
        } else if (result.state === 'failed') {
          await this.apply({ orderNo: order.orderNo, amount: order.amount, currency: order.currency, providerTradeNo: '', outcome: 'failed', provider: provider.name })
        }
      } catch (error) {
        this.deps.log.warn({ err: error, orderNo: order.orderNo }, 'reconciliation query failed')
      }
    }
    const expired = await this.select(`UPDATE website_order SET status = '2', closed_at = now(), updated_at = now() WHERE status = '0' AND expires_at < now() RETURNING id`, [])
    return { paid, expired: expired.length }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService
  }
}

export const RECONCILE_QUEUE = 'orders.reconcile'

export default fp(
  async (app: FastifyInstance) => {
    const orders = new OrderService({
      sequelize: app.db.sequelize, reports: app.reports, payments: app.payments, mails: app.mails, configs: app.configs, log: app.log, options: app.config,
    })
    app.decorate('orders', orders)
    // One sweep at a time in the whole cluster, never piling up; a failed
    // sweep is not retried, the next one comes within the interval.
    await app.jobs.define(RECONCILE_QUEUE, { policy: 'stately', retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 600 })
    await app.jobs.work(RECONCILE_QUEUE, async () => {
      const result = await orders.reconcile()
      if (result.paid || result.expired) app.log.info(result, 'orders reconciled')
    })
    const interval = app.config.RECONCILE_INTERVAL_SECONDS
    if (interval > 0) app.jobs.every(RECONCILE_QUEUE, interval)
  },
  { name: 'order-service', dependencies: ['db', 'job-queue', 'mail-service', 'payments', 'report-service', 'config-service'] },
)
