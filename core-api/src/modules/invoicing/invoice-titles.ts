import type { InvoiceTitle, OrderInvoice, RequestInvoiceBody, SaveInvoiceTitleBody } from '@rpt/contract'
import { UniqueConstraintError, type Sequelize } from 'sequelize'
import type { Config } from '../../platform/config.ts'
import { AppError, type Lang } from '../../platform/errors.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { commonDeps, servicePlugin } from '../../platform/lib/service-plugin.ts'
import { buyerInvoice, invoiceOfOrder } from './invoice-rows.ts'
import { checkTitle, fitsSpecialInvoice, type TitleValues } from './title-rules.ts'

// The buyer's side: their invoice titles (each buyer sees and changes only
// their own), the request of an invoice for a paid order (one per order, for
// the amount paid, the title copied onto it), and the invoice as their order
// page shows it.

interface TitleRow extends TitleValues {
  id: string
  lang: string
  updatedAt: Date
}

const TITLE_COLUMNS = `id::text AS id, lang, kind, name, tax_no AS "taxNo", address, phone, bank, account, updated_at AS "updatedAt"`

function titleOut(row: TitleRow): InvoiceTitle {
  const optional = Object.fromEntries(
    (['taxNo', 'address', 'phone', 'bank', 'account'] as const).filter((field) => row[field] !== null).map((field) => [field, row[field]!]),
  )
  return {
    id: row.id,
    lang: row.lang,
    kind: row.kind,
    name: row.name,
    ...optional,
    special: fitsSpecialInvoice(row),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}

export class InvoiceTitles {
  constructor(private readonly deps: { sequelize: Sequelize; options: Config }) {}

  async list(userId: string, lang: Lang): Promise<InvoiceTitle[]> {
    const rows = await selectRows<TitleRow>(
      this.deps.sequelize,
      `SELECT ${TITLE_COLUMNS} FROM invoice_title WHERE user_id = $1 AND lang = $2 ORDER BY id DESC LIMIT 100`,
      [userId, lang],
    )
    return rows.map(titleOut)
  }

  async save(userId: string, lang: Lang, body: SaveInvoiceTitleBody): Promise<InvoiceTitle> {
    const values = checkTitle(lang, body)
    const bind = [userId, values.kind, values.name, values.taxNo, values.address, values.phone, values.bank, values.account]
    const [row] = body.id
      ? await selectRows<TitleRow>(
          this.deps.sequelize,
          `UPDATE invoice_title SET kind = $2, name = $3, tax_no = $4, address = $5, phone = $6, bank = $7, account = $8, updated_at = now()
            WHERE id = $9 AND user_id = $1 AND lang = $10 RETURNING ${TITLE_COLUMNS}`,
          [...bind, body.id, lang],
        )
      : await selectRows<TitleRow>(
          this.deps.sequelize,
          `INSERT INTO invoice_title (user_id, kind, name, tax_no, address, phone, bank, account, lang)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${TITLE_COLUMNS}`,
          [...bind, lang],
        )
    if (!row) throw new AppError('INVOICE_TITLE_NOT_FOUND')
    return titleOut(row)
  }

  async remove(userId: string, id: string): Promise<{ id: string }> {
    const [row] = await selectRows<{ id: string }>(
      this.deps.sequelize,
      `DELETE FROM invoice_title WHERE id = $1 AND user_id = $2 RETURNING id::text AS id`,
      [id, userId],
    )
    if (!row) throw new AppError('INVOICE_TITLE_NOT_FOUND')
    return row
  }

  /** An invoice for a paid, not refunded order of the buyer: one per order, for the amount paid, the title copied. */
  async request(userId: string, body: RequestInvoiceBody): Promise<OrderInvoice> {
    const { sequelize } = this.deps
    try {
      await sequelize.transaction(async (transaction) => {
        const [order] = await selectRows<{ id: string; lang: Lang; status: string; amount: number; currency: string }>(
          sequelize,
          `SELECT id::text AS id, lang, status, amount, currency FROM website_order WHERE order_no = $1 AND user_id = $2 FOR UPDATE`,
          [body.orderNo, userId],
          transaction,
        )
        if (!order) throw new AppError('ORDER_EMPTY')
        if (order.status !== '1') throw new AppError('ORDER_NOT_PAID')
        const [title] = await selectRows<TitleRow>(
          sequelize,
          `SELECT ${TITLE_COLUMNS} FROM invoice_title WHERE id = $1 AND user_id = $2`,
          [body.titleId, userId],
          transaction,
        )
        if (!title) throw new AppError('INVOICE_TITLE_NOT_FOUND')
        const english = order.lang === 'en-US'
        const typeFits = english ? body.type === 'commercial' : body.type === '82' || (body.type === '81' && fitsSpecialInvoice(title))
        if (!typeFits || title.lang !== order.lang) throw new AppError('INVOICE_TYPE_NOT_ALLOWED')
        const { kind, name, taxNo, address, phone, bank, account } = title
        const snapshot = { kind, name, taxNo, address, phone, bank, account }
        await sequelize.query(
          `INSERT INTO order_invoice (order_id, type, title, amount, currency, provider, request_no)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          {
            bind: [
              order.id,
              body.type,
              JSON.stringify(snapshot),
              order.amount,
              order.currency,
              english ? 'commercial' : this.deps.options.INVOICE_PROVIDER,
              `FP${body.orderNo}`,
            ],
            transaction,
          },
        )
      })
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw new AppError('INVOICE_EXISTS')
      throw error
    }
    return (await this.ofOrder(userId, body.orderNo))!
  }

  /** The buyer's order's invoice (null when none); 100004 when the order is not theirs. */
  async ofOrder(userId: string, orderNo: string): Promise<OrderInvoice | null> {
    const row = await invoiceOfOrder(this.deps.sequelize, orderNo)
    if (row && row.userId !== userId) throw new AppError('ORDER_EMPTY')
    return row ? buyerInvoice(row) : null
  }

  /** The stored file of the buyer's issued invoice (or its red-letter reversal). */
  async fileOf(userId: string, orderNo: string, which: 'invoice' | 'red'): Promise<{ key: string; name: string; format: string }> {
    const row = await invoiceOfOrder(this.deps.sequelize, orderNo)
    if (!row || row.userId !== userId) throw new AppError('ORDER_EMPTY')
    const file =
      which === 'red'
        ? row.redFileKey && { key: row.redFileKey, name: row.redFileName!, format: row.redFileFormat! }
        : row.fileKey && { key: row.fileKey, name: row.fileName!, format: row.fileFormat! }
    if (!file) throw new AppError('INVOICE_NOT_FOUND')
    return file
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    invoiceTitles: InvoiceTitles
  }
}

export default servicePlugin({ name: 'invoice-titles', decorates: 'invoiceTitles', dependencies: ['db'] }, (app) => {
  const { sequelize, options } = commonDeps(app)
  return new InvoiceTitles({ sequelize, options })
})
