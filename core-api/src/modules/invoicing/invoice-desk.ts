import type { ListInvoicesQuery, StaffInvoice, StaffInvoicePage } from '@rpt/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Sequelize, Transaction } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import { AppError } from '../../platform/errors.ts'
import type { FileStore } from '../../platform/files/file-store.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import type { MailService } from '../mail/index.ts'
import { writeAudit, type StaffActor } from '../staff/index.ts'
import { renderCommercialInvoice } from './commercial-invoice.ts'
import { invoiceIssuedMail, INVOICE_TYPE_NAMES } from './invoice-mails.ts'
import { INVOICE_SELECT, invoiceOfOrder, staffInvoice, type InvoiceRow } from './invoice-rows.ts'
import { InvoiceProviderError, ManualProvider, type InvoiceProvider, type ProviderAnswer } from './providers/index.ts'

// The finance desk's invoices: the queue, issuing through the configured
// provider (idempotent: the provider issues once per request serial, and an
// issued invoice answers as it stands), the manual provider's uploads,
// reversal (红冲), and the mail again. Each write holds the order's row lock
// (as a refund does) from the provider's call to the recorded answer, and is
// audited in the same transaction.

export interface UploadedInvoiceFile {
  bytes: Buffer
  format: 'pdf' | 'ofd' | 'xml'
}

type SiteNames = Record<'zh-CN' | 'en-US', string>

export interface DeskDeps {
  sequelize: Sequelize
  files: FileStore
  mails: MailService
  provider: InvoiceProvider
  siteNames: () => Promise<SiteNames>
  log: FastifyBaseLogger
  options: Config
}

const MIME = { pdf: 'application/pdf', ofd: 'application/ofd', xml: 'application/xml' } as const
export const mimeOf = (format: string) => MIME[format as keyof typeof MIME] ?? 'application/octet-stream'

export class InvoiceDesk {
  private readonly manual = new ManualProvider()

  constructor(private readonly deps: DeskDeps) {}

  async list(query: ListInvoicesQuery): Promise<StaffInvoicePage> {
    const pageNo = query.pageNo ?? 1
    const pageSize = query.pageSize ?? 10
    const where: string[] = []
    const bind: unknown[] = []
    if (query.status) where.push(`i.status = $${bind.push(query.status)}`)
    if (query.orderNo) where.push(`o.order_no LIKE $${bind.push(`${query.orderNo.toUpperCase()}%`)}`)
    const filter = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
    const [{ count }] = (await selectRows<{ count: number }>(
      this.deps.sequelize,
      `SELECT count(*)::int AS count FROM order_invoice i JOIN website_order o ON o.id = i.order_id${filter}`,
      bind,
    )) as [{ count: number }]
    const rows = await selectRows<InvoiceRow>(
      this.deps.sequelize,
      `${INVOICE_SELECT}${filter} ORDER BY i.created_at, i.id LIMIT $${bind.length + 1} OFFSET $${bind.length + 2}`,
      [...bind, pageSize, (pageNo - 1) * pageSize],
    )
    return { list: rows.map(staffInvoice), count, pageNo, pageSize }
  }

  /** A file of the order's invoice, for the desk. */
  async fileOf(orderNo: string, which: 'invoice' | 'red'): Promise<{ key: string; name: string; format: string }> {
    const row = await this.find(orderNo)
    const file =
      which === 'red'
        ? row.redFileKey && { key: row.redFileKey, name: row.redFileName!, format: row.redFileFormat! }
        : row.fileKey && { key: row.fileKey, name: row.fileName!, format: row.fileFormat! }
    if (!file) throw new AppError('INVOICE_NOT_FOUND')
    return file
  }

  private async find(orderNo: string, transaction?: Transaction): Promise<InvoiceRow> {
    const row = await invoiceOfOrder(this.deps.sequelize, orderNo, transaction)
    if (!row) throw new AppError('INVOICE_NOT_FOUND')
    return row
  }

  private audit(staff: StaffActor, action: string, row: InvoiceRow, after: Record<string, unknown>, transaction: Transaction) {
    const entry = {
      actor: staff.name,
      action: `invoice.${action}`,
      target: row.orderNo,
      ip: staff.ip ?? undefined,
      before: { status: row.status },
      after,
    }
    return writeAudit(this.deps.sequelize, entry, transaction)
  }

  /** The provider that issued an invoice, when it is still the configured one; else finance uploads (manual). */
  private providerOf(row: InvoiceRow): InvoiceProvider {
    return row.provider === this.deps.provider.name ? this.deps.provider : this.manual
  }

  private async callProvider(call: () => Promise<ProviderAnswer>, row: InvoiceRow): Promise<ProviderAnswer> {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof InvoiceProviderError)) throw error
      this.deps.log.warn({ orderNo: row.orderNo, reason: error.message }, 'the invoicing provider failed')
      throw new AppError('INVOICE_PROVIDER_FAILED', {
        'zh-CN': `开票服务未能完成请求：${error.message}`,
        'en-US': `The invoicing provider did not complete the request: ${error.message}`,
      })
    }
  }

  /** Issues a requested invoice: rendered here (commercial) or through the provider. An issued one answers as it stands. */
  async issue(orderNo: string, staff: StaffActor): Promise<StaffInvoice> {
    const siteNames = await this.deps.siteNames()
    const issued = await this.deps.sequelize.transaction(async (transaction) => {
      const row = await this.find(orderNo, transaction)
      if (row.status === 'issued' || row.status === 'reversing' || row.status === 'reversed') return false
      if (row.status !== 'requested' || row.orderStatus !== '1') throw new AppError('INVOICE_STATUS_CONFLICT')
      let answer: ProviderAnswer
      if (row.type === 'commercial') {
        answer = await this.commercial(row, transaction)
      } else {
        const { seller, buyer } = this.parties(row)
        const item = `*现代服务*${row.orderTitle}`.slice(0, 100)
        const request = { requestNo: row.requestNo, type: row.type, seller, buyer, item, amount: row.amount, note: `订单号 ${row.orderNo}` }
        answer = await this.callProvider(() => this.providerOf(row).issue(request), row)
      }
      if (answer.status === 'awaiting-upload') throw new AppError('INVOICE_AWAITING_UPLOAD')
      const file = answer.files[0]!
      await this.recordIssued(row, { number: answer.number, ...file, issuedAt: answer.issuedAt }, siteNames, transaction)
      await this.audit(staff, 'issue', row, { status: 'issued', number: answer.number, provider: row.provider }, transaction)
      return true
    })
    const row = await this.find(orderNo)
    if (issued) this.deps.log.info({ orderNo, number: row.number }, 'invoice issued')
    return staffInvoice(row)
  }

  /** The English edition's invoice, numbered from the sequence and rendered here. */
  private async commercial(
    row: InvoiceRow,
    transaction: Transaction,
    reverses?: { number: string; reason: string },
  ): Promise<ProviderAnswer> {
    const [{ next }] = (await selectRows<{ next: string }>(
      this.deps.sequelize,
      `SELECT nextval('commercial_invoice_no')::text AS next`,
      [],
      transaction,
    )) as [{ next: string }]
    const issuedAt = new Date()
    const number = `${reverses ? 'CN' : 'INV'}-${issuedAt.getUTCFullYear()}-${next.padStart(6, '0')}`
    const { options } = this.deps
    const bytes = await renderCommercialInvoice({
      number,
      ...(reverses ? { reverses } : {}),
      issuedAt,
      seller: { name: options.INVOICE_SELLER_NAME_EN, address: options.INVOICE_SELLER_ADDRESS, taxNo: options.INVOICE_SELLER_TAX_NO },
      buyer: { name: row.title.name, address: row.title.address, taxNo: row.title.taxNo },
      orderNo: row.orderNo,
      line: [row.orderTitle, row.edition, row.licence].filter(Boolean).join(' — '),
      amount: row.amount,
      currency: row.currency,
      paidAt: row.paidAt ? new Date(row.paidAt) : issuedAt,
    })
    return { status: 'issued', number, files: [{ format: 'pdf', bytes }], issuedAt }
  }

  private parties(row: InvoiceRow) {
    const { options } = this.deps
    const seller = {
      name: options.INVOICE_SELLER_NAME_ZH,
      taxNo: options.INVOICE_SELLER_TAX_NO,
      address: null,
      phone: null,
      bank: null,
      account: null,
    }
    const { name, taxNo, address, phone, bank, account } = row.title
    const special = row.type === '81'
    const buyer = {
      name,
      taxNo,
      address: special ? address : null,
      phone: special ? phone : null,
      bank: special ? bank : null,
      account: special ? account : null,
    }
    return { seller, buyer }
  }

  /** Stores the file, marks the invoice issued and mails the buyer: on the caller's transaction. */
  private async recordIssued(
    row: InvoiceRow,
    issued: { number: string; format: string; bytes: Buffer; issuedAt: Date },
    siteNames: SiteNames,
    transaction: Transaction,
  ): Promise<void> {
    const name = `${row.orderNo}-${issued.number}.${issued.format}`
    const key = `invoices/${row.orderNo}/${issued.number}.${issued.format}`
    await this.deps.files.put(key, issued.bytes)
    await this.deps.sequelize.query(
      `UPDATE order_invoice SET status = 'issued', number = $2, file_key = $3, file_name = $4, file_format = $5, issued_at = $6, updated_at = now()
        WHERE id = $1`,
      { bind: [row.id, issued.number, key, name, issued.format, issued.issuedAt], transaction },
    )
    await this.queueMail({ ...row, number: issued.number }, siteNames, transaction)
  }

  private async queueMail(row: InvoiceRow & { number: string }, siteNames: SiteNames, transaction: Transaction): Promise<boolean> {
    if (!row.recipient) return false
    const base = this.deps.options.SITE_URL.replace(/\/+$/, '')
    const link = `${base}${row.lang === 'en-US' ? '/en' : ''}/personalCenter/order?orderNo=${encodeURIComponent(row.orderNo)}`
    const content = invoiceIssuedMail(row.lang, {
      siteName: siteNames[row.lang],
      orderNo: row.orderNo,
      orderTitle: row.orderTitle,
      number: row.number,
      typeName: INVOICE_TYPE_NAMES[row.lang][row.type]!,
      link,
    })
    await this.deps.mails.enqueue(
      { kind: 'invoice-issued', reference: row.orderNo, to: row.recipient, content, secret: false },
      transaction,
    )
    return true
  }

  /** The manual provider's file: which=invoice issues a requested invoice; which=red completes a reversal. */
  async upload(
    orderNo: string,
    input: { which: 'invoice' | 'red'; number: string; file: UploadedInvoiceFile },
    staff: StaffActor,
  ): Promise<StaffInvoice> {
    const siteNames = await this.deps.siteNames()
    await this.deps.sequelize.transaction(async (transaction) => {
      const row = await this.find(orderNo, transaction)
      if (input.which === 'invoice') {
        if (row.status !== 'requested' || row.orderStatus !== '1') throw new AppError('INVOICE_STATUS_CONFLICT')
        await this.deps.sequelize.query(`UPDATE order_invoice SET provider = 'manual' WHERE id = $1`, { bind: [row.id], transaction })
        await this.recordIssued(row, { number: input.number, ...input.file, issuedAt: new Date() }, siteNames, transaction)
      } else {
        if (row.status !== 'reversing' && row.status !== 'issued') throw new AppError('INVOICE_STATUS_CONFLICT')
        await this.recordReversed(row, { number: input.number, ...input.file }, row.status === 'issued' ? 'uploaded' : null, transaction)
      }
      await this.audit(staff, 'upload', row, { which: input.which, number: input.number, format: input.file.format }, transaction)
    })
    return staffInvoice(await this.find(orderNo))
  }

  private async recordReversed(
    row: InvoiceRow,
    red: { number: string; format: string; bytes: Buffer },
    reason: string | null,
    transaction: Transaction,
  ): Promise<void> {
    const key = `invoices/${row.orderNo}/${red.number}.red.${red.format}`
    await this.deps.files.put(key, red.bytes)
    await this.deps.sequelize.query(
      `UPDATE order_invoice SET status = 'reversed', red_number = $2, red_file_key = $3, red_file_name = $4, red_file_format = $5,
              reverse_reason = COALESCE(reverse_reason, $6), reversed_at = now(), updated_at = now() WHERE id = $1`,
      { bind: [row.id, red.number, key, `${row.orderNo}-${red.number}-red.${red.format}`, red.format, reason], transaction },
    )
  }

  /**
   * Reverses an issued invoice (红冲): the commercial one with a credit note
   * rendered here, the sandbox's (or a real provider's) with its red-letter
   * invoice at once; the manual one is marked reversing until finance uploads
   * the red-letter file. Reversing or reversed answers as it stands.
   */
  async reverse(orderNo: string, reason: string, staff: StaffActor): Promise<StaffInvoice> {
    await this.deps.sequelize.transaction(async (transaction) => {
      const row = await this.find(orderNo, transaction)
      if (row.status === 'reversing' || row.status === 'reversed') return
      if (row.status !== 'issued') throw new AppError('INVOICE_STATUS_CONFLICT')
      const answer =
        row.type === 'commercial'
          ? await this.commercial(row, transaction, { number: row.number!, reason })
          : await this.callProvider(
              () => this.providerOf(row).reverse({ requestNo: `${row.requestNo}R`, originalNumber: row.number!, reason }),
              row,
            )
      if (answer.status === 'awaiting-upload') {
        await this.deps.sequelize.query(
          `UPDATE order_invoice SET status = 'reversing', reverse_reason = $2, updated_at = now() WHERE id = $1`,
          { bind: [row.id, reason], transaction },
        )
      } else {
        await this.recordReversed(row, { number: answer.number, ...answer.files[0]! }, reason, transaction)
      }
      const status = answer.status === 'issued' ? 'reversed' : 'reversing'
      await this.audit(
        staff,
        'reverse',
        row,
        { status, reason, ...(answer.status === 'issued' ? { redNumber: answer.number } : {}) },
        transaction,
      )
    })
    return staffInvoice(await this.find(orderNo))
  }

  /** The buyer's mail about the issued invoice, again. */
  async resend(orderNo: string, staff: StaffActor): Promise<StaffInvoice> {
    const siteNames = await this.deps.siteNames()
    await this.deps.sequelize.transaction(async (transaction) => {
      const row = await this.find(orderNo, transaction)
      if (row.status !== 'issued' || !row.number) throw new AppError('INVOICE_STATUS_CONFLICT')
      const queued = await this.queueMail({ ...row, number: row.number }, siteNames, transaction)
      await this.audit(staff, 'resend', row, { mailQueued: queued }, transaction)
    })
    return staffInvoice(await this.find(orderNo))
  }

  /**
   * The step a staff refund takes first (registered with the orders' desk):
   * an issued invoice is reversed; one still waiting for its red-letter file
   * stops the refund with a message saying so. The refund itself refuses,
   * on the order's lock, while an invoice stands (orders' payment-cases.ts).
   */
  async beforeRefund(orderNo: string, reason: string, staff: StaffActor): Promise<void> {
    const row = await invoiceOfOrder(this.deps.sequelize, orderNo)
    if (!row) return
    if (row.status === 'issued') await this.reverse(orderNo, `退款 / refund: ${reason.trim()}`.slice(0, 200), staff)
    const after = await invoiceOfOrder(this.deps.sequelize, orderNo)
    if (after?.status === 'reversing') throw new AppError('INVOICE_REVERSAL_PENDING')
  }
}
