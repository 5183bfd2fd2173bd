import { createHash } from 'node:crypto'
import type {
  BankTransferItem,
  BankTransferPage,
  ListBankTransfersQuery,
  MarkTransferReceivedBody,
  StatementApplied,
  StatementLine,
  StatementPreview,
  TransferReceipt,
} from '@rpt/contract'
import { UniqueConstraintError, type Sequelize } from 'sequelize'
import { AppError } from '../../../platform/errors.ts'
import { Conditions, escapeLike, selectRows } from '../../../platform/lib/sql.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'
import { writeAudit, type StaffActor } from '../../staff/index.ts'
import { ORDER_COLUMNS, type OrderRow } from '../order-rows.ts'
import type { OrderDelivery } from '../order-delivery.ts'
import { toMinorUnits } from '../order-service.ts'
import type { PaymentCases } from '../payments/payment-cases.ts'
import { matchStatement } from './statement-match.ts'
import { readStatement } from './statement-reader.ts'
import { TRANSFER_COLUMNS, type TransferRow } from './transfer-rows.ts'

// Finance's side: the transfers awaited, received and closed; a transfer
// marked received by hand (amount, day, the bank's serial), or a bank
// statement imported, previewed and its matches confirmed. Paying is one
// transaction with the order and its transfer locked: the order turns paid
// and is delivered (payment-cases.ts payByTransfer, the path every paid order
// takes), the transfer records the receipt, and the staff audit row is
// written. The serial is unique: the same serial again pays nothing twice.

/** The payment trail's actor, as npm run payments writes it. */
const paymentActor = (staff: StaffActor) => `staff:${staff.name}`
const major = (minor: number) => minor / 100
const iso = (value: Date | string) => new Date(value).toISOString()
/** Today in China, the publisher's accounting day. */
const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)

type ListRow = TransferRow & { title: string; status: string; buyer: string; company: string }

const STATE_SQL = `CASE WHEN t.received_at IS NOT NULL THEN 'received' WHEN o.status = '0' THEN 'awaiting' ELSE 'closed' END`

interface StatementRow {
  id: string
  fileName: string
  columns: Record<string, string>
  lineCount: number
  lines: StatementLine[]
  appliedAt: Date | null
}

export class TransferDesk {
  constructor(private readonly deps: { sequelize: Sequelize; cases: PaymentCases; delivery: OrderDelivery }) {}

  async list(query: ListBankTransfersQuery): Promise<BankTransferPage> {
    const pageNo = query.pageNo ?? 1
    const pageSize = query.pageSize ?? 10
    const where = new Conditions()
    if (query.state) where.add(`${STATE_SQL} = ?`, query.state)
    if (query.q) where.add(`(t.reference LIKE ? OR o.order_no LIKE ?)`, `${escapeLike(query.q.toUpperCase())}%`, `${escapeLike(query.q)}%`)
    const order = query.state === 'awaiting' ? 't.deadline ASC, t.order_id' : 't.created_at DESC, t.order_id DESC'
    const from = `FROM bank_transfer t JOIN website_order o ON o.id = t.order_id JOIN website_user u ON u.id = o.user_id ${where.where}`
    const filters = [...where.params]
    const page = `LIMIT ${where.bind(pageSize)} OFFSET ${where.bind((pageNo - 1) * pageSize)}`
    const [rows, [total]] = await Promise.all([
      selectRows<ListRow>(
        this.deps.sequelize,
        `SELECT ${TRANSFER_COLUMNS}, o.title, o.status, u.login_code AS buyer, u.company_name AS company ${from} ORDER BY ${order} ${page}`,
        where.params,
      ),
      selectRows<{ count: number }>(this.deps.sequelize, `SELECT count(*)::int AS count ${from}`, filters),
    ])
    return { list: rows.map(presentItem), count: total?.count ?? 0, pageNo, pageSize }
  }

  /** markTransferReceived, and each confirmed line of a statement. */
  async markReceived(
    orderNo: string,
    body: Pick<MarkTransferReceivedBody, 'amount' | 'date' | 'serial'>,
    staff: StaffActor,
    statementId?: string,
  ): Promise<TransferReceipt> {
    const { sequelize } = this.deps
    const amount = toMinorUnits(body.amount)
    const siteNames = await this.deps.delivery.siteNames()
    try {
      return await sequelize.transaction(async (transaction) => {
        const [order] = await selectRows<OrderRow>(
          sequelize,
          `SELECT ${ORDER_COLUMNS} FROM website_order o WHERE o.order_no = $1 FOR UPDATE`,
          [orderNo],
          transaction,
        )
        if (!order) throw new AppError('STAFF_ORDER_NOT_FOUND')
        const [transfer] = await selectRows<TransferRow>(
          sequelize,
          `SELECT ${TRANSFER_COLUMNS} FROM bank_transfer t JOIN website_order o ON o.id = t.order_id WHERE t.order_id = $1 FOR UPDATE OF t`,
          [order.id],
          transaction,
        )
        if (!transfer) throw new AppError('TRANSFER_NOT_FOUND')
        const answer = { orderNo, reference: transfer.reference, state: 'received' as const }
        // The same receipt again (a double click, a statement imported twice): nothing more happens.
        if (transfer.bankSerial === body.serial) return { ...answer, applied: false }
        if (transfer.receivedAt !== null || order.status !== '0') throw new AppError('TRANSFER_NOT_AWAITING')
        if (amount !== transfer.amount) throw amountDiffers(body.amount, transfer.amount, transfer.currency)
        const [used] = await selectRows(sequelize, `SELECT 1 FROM bank_transfer WHERE bank_serial = $1`, [body.serial], transaction)
        if (used) throw new AppError('TRANSFER_SERIAL_USED')
        await sequelize.query(
          `UPDATE bank_transfer SET received_amount = $2, received_on = $3, bank_serial = $4, received_by = $5, received_at = now(), statement_id = $6
            WHERE order_id = $1`,
          { bind: [order.id, amount, body.date, body.serial, staff.name, statementId ?? null], transaction },
        )
        await this.deps.cases.payByTransfer(order, body.serial, paymentActor(staff), siteNames, transaction)
        const after = {
          reference: transfer.reference,
          amount: body.amount,
          date: body.date,
          serial: body.serial,
          statementId: statementId ?? null,
        }
        await writeAudit(
          sequelize,
          { actor: staff.name, action: 'transfer.receive', target: orderNo, ip: staff.ip ?? undefined, after },
          transaction,
        )
        return { ...answer, applied: true }
      })
    } catch (error) {
      // Two receipts with one serial at once: the constraint lets one in.
      if (error instanceof UniqueConstraintError) throw new AppError('TRANSFER_SERIAL_USED')
      throw error
    }
  }

  /** importBankStatement: the statement read and matched, kept as read, and its preview answered; nothing paid yet. */
  async importStatement(fileName: string, bytes: Buffer, staff: StaffActor): Promise<StatementPreview> {
    const statement = await readStatement(bytes)
    const lines = await matchStatement(this.deps.sequelize, statement.lines)
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const id = await this.deps.sequelize.transaction(async (transaction) => {
      const [row] = await selectRows<{ id: string }>(
        this.deps.sequelize,
        `INSERT INTO bank_statement (file_name, sha256, columns, line_count, lines, imported_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
        [fileName.slice(0, 200), sha256, JSON.stringify(statement.columns), lines.length, JSON.stringify(lines), staff.name],
        transaction,
      )
      const matches = lines.filter((line) => line.issue === null).length
      const after = { fileName, sha256, lines: lines.length, matches, others: lines.length - matches }
      await writeAudit(
        this.deps.sequelize,
        { actor: staff.name, action: 'transfer.statement.import', target: row!.id, ip: staff.ip ?? undefined, after },
        transaction,
      )
      return row!.id
    })
    return preview({ id, fileName, columns: statement.columns, lineCount: lines.length, lines, appliedAt: null })
  }

  async getStatement(id: string): Promise<StatementPreview> {
    return preview(await this.statement(id))
  }

  private async statement(id: string): Promise<StatementRow> {
    const [row] = await selectRows<StatementRow>(
      this.deps.sequelize,
      `SELECT id::text AS id, file_name AS "fileName", columns, line_count AS "lineCount", lines, applied_at AS "appliedAt" FROM bank_statement WHERE id = $1`,
      [id],
    )
    if (!row) throw new AppError('STATEMENT_NOT_FOUND')
    return row
  }

  /** confirmBankStatement: each confirmed match of the preview paid in its own transaction, checked again there. */
  async confirm(id: string, lineNumbers: readonly number[], staff: StaffActor): Promise<StatementApplied> {
    const statement = await this.statement(id)
    const matches = new Map(statement.lines.filter((line) => line.issue === null).map((line) => [line.line, line]))
    const applied: StatementApplied['applied'] = []
    const skipped: StatementApplied['skipped'] = []
    for (const number of [...new Set(lineNumbers)].sort((a, b) => a - b)) {
      const line = matches.get(number)
      if (!line?.orderNo || line.amount === null) {
        skipped.push({ line: number, reason: 'not-a-match' })
        continue
      }
      // A statement without serials: the line's place in this statement stands in, so a second confirm pays nothing.
      const serial = line.serial || `S${id}L${line.line}`
      try {
        const receipt = await this.markReceived(line.orderNo, { amount: line.amount, date: line.date || chinaToday(), serial }, staff, id)
        if (receipt.applied) applied.push({ line: number, orderNo: line.orderNo })
        else skipped.push({ line: number, reason: 'already-paid' })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        skipped.push({ line: number, reason: error.key === 'TRANSFER_NOT_AWAITING' ? 'already-paid' : error.message })
      }
    }
    await this.deps.sequelize.transaction(async (transaction) => {
      if (applied.length > 0)
        await this.deps.sequelize.query(`UPDATE bank_statement SET applied_at = now() WHERE id = $1`, { bind: [id], transaction })
      const after = { applied: applied.map((entry) => entry.orderNo), skipped: skipped.length }
      await writeAudit(
        this.deps.sequelize,
        { actor: staff.name, action: 'transfer.statement.confirm', target: id, ip: staff.ip ?? undefined, after },
        transaction,
      )
    })
    return { statementId: id, applied, skipped }
  }
}

function amountDiffers(got: number, expected: number, currency: string): AppError {
  const want = (expected / 100).toFixed(2)
  return new AppError('TRANSFER_AMOUNT_DIFFERS', {
    'zh-CN': `到账金额 ${got.toFixed(2)} 与订单金额 ${want} ${currency} 不一致，未入账`,
    'en-US': `The amount received, ${got.toFixed(2)}, differs from the order's ${want} ${currency}; nothing was recorded.`,
  })
}

function presentItem(row: ListRow): BankTransferItem {
  const state = row.receivedAt !== null ? 'received' : row.status === '0' ? 'awaiting' : 'closed'
  return {
    orderNo: row.orderNo,
    reference: row.reference,
    state,
    title: row.title,
    buyer: row.buyer,
    company: row.company || null,
    amount: major(row.amount),
    currency: row.currency,
    chosenAt: iso(row.createdAt),
    deadline: iso(row.deadline),
    received:
      row.receivedAt !== null
        ? {
            amount: major(row.receivedAmount ?? 0),
            date: row.receivedOn ?? '',
            serial: row.bankSerial ?? '',
            by: row.receivedBy ?? '',
            at: iso(row.receivedAt),
          }
        : null,
  }
}

function preview(row: StatementRow): StatementPreview {
  return {
    statementId: row.id,
    fileName: row.fileName,
    columns: row.columns,
    lines: row.lineCount,
    matches: row.lines.filter((line) => line.issue === null),
    others: row.lines.filter((line) => line.issue !== null),
    appliedAt: row.appliedAt ? iso(row.appliedAt) : null,
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    transferDesk: TransferDesk
  }
}

export default servicePlugin(
  { name: 'transfer-desk', decorates: 'transferDesk', dependencies: ['db', 'payment-cases', 'order-delivery'] },
  (app) => new TransferDesk({ sequelize: app.db.sequelize, cases: app.paymentCases, delivery: app.orderDelivery }),
)
