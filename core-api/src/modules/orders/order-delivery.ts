import type { FastifyBaseLogger } from 'fastify'
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import type { Lang } from '../../platform/errors.ts'
import { orderPaidMail } from './order-mails.ts'
import type { OrderRow } from './order-rows.ts'
import { randomToken, sha256Hex } from '../../platform/lib/secrets.ts'
import type { ConfigService } from '../settings/index.ts'
import type { MailService, OutgoingMail } from '../mail/index.ts'
import type { LicenceServices } from '../licensing/index.ts'
import { commonDeps, servicePlugin } from '../../platform/lib/service-plugin.ts'

// What happens to an order once it is paid, whoever paid it (a notification,
// a reconciliation query, a close that found the trade paid, a late payment
// revived): its file is attached, a signed link made, and the buyer's mail
// queued, all on the caller's transaction.

export type SiteNames = Record<Lang, string>

export class OrderDelivery {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      mails: MailService
      configs: ConfigService
      licences: Pick<LicenceServices, 'onPaid'>
      log: FastifyBaseLogger
      options: Pick<Config, 'SITE_URL' | 'DOWNLOAD_LINK_DAYS' | 'DOWNLOAD_LINK_MAX'>
    },
  ) {}

  /**
   * The publisher's names for mails. Read before a transaction: on the
   * embedded database the pool has one connection, which the transaction holds.
   */
  async siteNames(): Promise<SiteNames> {
    const [zh, en] = await Promise.all([this.deps.configs.siteName('zh-CN'), this.deps.configs.siteName('en-US')])
    return { 'zh-CN': zh, 'en-US': en }
  }

  /** Where the order's mails go: the address given for it, else the account's. */
  async recipientOf(order: Pick<OrderRow, 'email' | 'userId'>, transaction: Transaction): Promise<string> {
    if (order.email) return order.email
    const [user] = await this.deps.sequelize.query<{ email: string }>(`SELECT email FROM website_user WHERE id = $1`, {
      bind: [order.userId],
      type: QueryTypes.SELECT,
      transaction,
    })
    return user?.email ?? ''
  }

  /** A signed download link for a paid order, for mail. */
  async createDownloadLink(orderId: string, transaction?: Transaction): Promise<string> {
    const token = randomToken()
    await this.deps.sequelize.query(
      `INSERT INTO download_link (token_hash, order_id, expires_at, max_downloads) VALUES ($1, $2, now() + make_interval(days => $3), $4)`,
      {
        bind: [sha256Hex(token), orderId, this.deps.options.DOWNLOAD_LINK_DAYS, this.deps.options.DOWNLOAD_LINK_MAX],
        ...(transaction ? { transaction } : {}),
      },
    )
    return `${this.deps.options.SITE_URL}/api/download/${token}`
  }

  /** Runs once per order, in the transaction that made it paid: attach the file and queue the buyer's mail. */
  async deliverPaid(order: OrderRow, siteNames: SiteNames, transaction: Transaction): Promise<void> {
    const table = order.kind === 'brief' ? 'research_brief_report' : 'research_report'
    const [product] = await this.deps.sequelize.query<{ attachmentKey: string | null; attachmentName: string | null }>(
      `SELECT attachment_key AS "attachmentKey", attachment_name AS "attachmentName" FROM ${table} WHERE id = $1`,
      { bind: [order.productId], type: QueryTypes.SELECT, transaction },
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
    // The buyer's stamped copy is started by a job, so the first download finds it ready.
    await this.deps.licences.onPaid(order.id, order.userId, transaction)
    await this.queuePaidMail('order-paid', order, link, siteNames[order.lang], transaction)
  }

  /** The buyer's stamped copy of a file staff attached after payment. */
  prepareCopy(order: OrderRow, transaction: Transaction): Promise<void> {
    return this.deps.licences.onPaid(order.id, order.userId, transaction)
  }

  /** The receipt (and the file's link) for the buyer, queued with the change that paid or delivered the order. */
  async queuePaidMail(
    kind: OutgoingMail['kind'],
    order: OrderRow,
    link: string | undefined,
    siteName: string,
    transaction: Transaction,
  ): Promise<string | undefined> {
    const to = await this.recipientOf(order, transaction)
    if (!to) {
      this.deps.log.warn({ orderNo: order.orderNo }, 'a paid order has no e-mail address; no confirmation sent')
      return undefined
    }
    const edition = order.lang === 'en-US' ? '/en' : ''
    const content = orderPaidMail(order.lang, {
      siteName,
      orderNo: order.orderNo,
      title: order.title,
      amount: order.amount,
      currency: order.currency,
      kind: order.kind,
      downloadLink: link,
      downloadsPage: `${this.deps.options.SITE_URL}${edition}/personalCenter/myDownload`,
      hasFile: order.attachmentKey !== null,
    })
    return this.deps.mails.enqueue({ kind, reference: order.orderNo, to, content, secret: link !== undefined }, transaction)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    orderDelivery: OrderDelivery
  }
}

export default servicePlugin(
  { name: 'order-delivery', decorates: 'orderDelivery', dependencies: ['db', 'mail-service', 'config-service', 'licences'] },
  (app) => new OrderDelivery({ ...commonDeps(app), mails: app.mails, configs: app.configs, licences: app.licences }),
)
