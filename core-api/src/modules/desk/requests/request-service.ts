import type { FastifyInstance } from 'fastify'
import type { Sequelize, Transaction } from 'sequelize'
import {
  STAFF_PERMISSIONS,
  type ListRequestsQuery,
  type RequestHistoryEntry,
  type RequestNote,
  type RequestStatus,
  type StaffRequest,
  type StaffRequestListItem,
  type UpdateRequestBody,
} from '@rpt/contract'
import { AppError, invalid } from '../../../platform/errors.ts'
import { ORDER_STATUS } from '../../orders/index.ts'
import { toPlainText } from '../../../platform/lib/rich-text.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'
import { auditExport, writeAudit, type StaffActor } from '../../staff/index.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import { ACCOUNT_COLUMNS, presentAccount, type AccountRow } from '../customers/customer-query.ts'
import type { LicenceServices } from '../../licensing/index.ts'
import {
  addAfter,
  listColumns,
  listItem,
  LIST_FROM,
  NEXT_STATUS,
  requestConditions,
  requestOrder,
  sortKeyColumn,
  typeOf,
  withoutNul,
  type ListRow,
  type RequestFilters,
} from './request-query.ts'

// The requests inbox of the staff desk: the rows of customer_info
// (customerInfo/save) worked by sales. A change is one transaction: the row
// locked, its version checked (300101) and bumped, a history row, and the
// audit row (who, when, from where, before and after).

const ORDER_STATUS_NAME: Record<string, string> = Object.fromEntries(Object.entries(ORDER_STATUS).map(([name, code]) => [code, name]))

/** Who may be given requests: the roles that may work them. */
const ASSIGNABLE_ROLES = STAFF_PERMISSIONS['requests.write'] as readonly string[]

interface WorkflowRow {
  id: string
  status: RequestStatus
  assigneeId: string | null
  assignee: string | null
  lostReason: string | null
  version: number
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())
/** Visitor text shown as text: stored plain (customerInfo/save strips markup), stripped again for rows older than that rule. */
const inert = (value: string | null): string => toPlainText(value ?? '')

export class StaffRequestService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly samples: Pick<LicenceServices['samples'], 'ofRequest'>,
  ) {}

  async list(
    query: ListRequestsQuery,
    me: string,
  ): Promise<{ list: StaffRequestListItem[]; count: number; pageNo: number; pageSize: number }> {
    const pageNo = query.pageNo ?? 1
    const pageSize = query.pageSize ?? 10
    const c = requestConditions(query, me)
    const [{ n }] = (await selectRows<{ n: string }>(this.sequelize, `SELECT count(*) AS n FROM ${LIST_FROM} ${c.where}`, [
      ...c.params,
    ])) as [{ n: string }]
    const rows = await selectRows<ListRow>(
      this.sequelize,
      `SELECT ${listColumns('start')} FROM ${LIST_FROM} ${c.where}
        ORDER BY ${requestOrder(query)} LIMIT ${c.bind(pageSize)} OFFSET ${c.bind((pageNo - 1) * pageSize)}`,
      c.params,
    )
    return { list: rows.map(listItem), count: Number(n), pageNo, pageSize }
  }

  /**
   * The filtered list in pages of `batch` rows, for the export (which streams them: never the whole list in memory).
   * Keyset pages (after the last row's sort key and id), so the hundredth page is as quick as the first and a request
   * arriving meanwhile is neither skipped nor repeated; each page is a query of its own.
   */
  async *rows(filters: RequestFilters, me: string, batch = 500): AsyncGenerator<StaffRequestListItem[]> {
    for (let last: { sortKey: string; id: string } | undefined; ;) {
      const c = requestConditions(filters, me)
      if (last) addAfter(c, filters, last)
      const rows = await selectRows<ListRow & { sortKey: string }>(
        this.sequelize,
        `SELECT ${listColumns('whole')}, ${sortKeyColumn(filters)} FROM ${LIST_FROM} ${c.where} ORDER BY ${requestOrder(filters)} LIMIT ${c.bind(batch)}`,
        c.params,
      )
      if (rows.length > 0) yield rows.map(({ sortKey: _key, ...row }) => listItem(row))
      if (rows.length < batch) return
      last = rows[rows.length - 1]!
    }
  }

  async get(id: string): Promise<StaffRequest> {
    const [row] = await selectRows<{
      id: string
      type: string
      status: RequestStatus
      lostReason: string | null
      assignee: string | null
      version: number
      lang: string
      createdAt: Date
      updatedAt: Date
      company: string
      position: string
      name: string
      phone: string
      email: string
      demand: string
      edition: '0' | '1' | null
      reportPrice: string | null
      clientIp: string | null
      reportId: string | null
    }>(
      this.sequelize,
      `SELECT c.id::text AS id, c.type, c.workflow_status AS status, c.lost_reason AS "lostReason", s.name AS assignee,
              c.row_version AS version, c.lang, c.created_at AS "createdAt", c.updated_at AS "updatedAt",
              c.company_name AS company, c.addr AS position, c.name, c.contact AS phone, c.email, c.demand,
              c.version AS edition, c.report_price AS "reportPrice", c.client_ip AS "clientIp", c.report_id::text AS "reportId"
         FROM customer_info c LEFT JOIN staff_account s ON s.id = c.assignee_id WHERE c.id = $1`,
      [id],
    )
    if (!row) throw new AppError('REQUEST_NOT_FOUND')
    const [report] = row.reportId
      ? await selectRows<StaffRequest['report'] & object>(
          this.sequelize,
          `SELECT id::text AS id, report_code AS code, title, web_title AS slug, lang FROM research_report WHERE id = $1`,
          [row.reportId],
        )
      : []
    const account = await this.account(row.email)
    return {
      id: row.id,
      type: typeOf(row.type),
      status: row.status,
      lostReason: row.lostReason,
      assignee: row.assignee,
      version: row.version,
      lang: row.lang,
      createdAt: iso(row.createdAt)!,
      updatedAt: iso(row.updatedAt)!,
      sent: {
        company: inert(row.company),
        position: inert(row.position),
        name: inert(row.name),
        phone: inert(row.phone),
        email: inert(row.email),
        demand: inert(row.demand),
        edition: row.edition,
        reportPrice: row.reportPrice === null ? null : Number(row.reportPrice),
        clientIp: row.clientIp,
      },
      report: report ?? null,
      account: account?.account ?? null,
      orders: account ? await this.orders(account.account.id) : [],
      notes: await this.notes(id),
      history: await this.history(row.id, row.createdAt),
      sample: await this.samples.ofRequest(id),
    }
  }

  /** The website account of the request's e-mail (website_user.email is unique, case-insensitively). */
  private async account(email: string): Promise<{ account: NonNullable<StaffRequest['account']> } | undefined> {
    const [account] = await selectRows<AccountRow>(
      this.sequelize,
      `SELECT ${ACCOUNT_COLUMNS} FROM website_user u WHERE lower(u.email) = lower($1)`,
      [email.trim()],
    )
    return account ? { account: presentAccount(account) } : undefined
  }

  private async orders(userId: string): Promise<StaffRequest['orders']> {
    const rows = await selectRows<
      Omit<StaffRequest['orders'][number], 'createdAt' | 'paidAt' | 'amount'> & { amount: number; createdAt: Date; paidAt: Date | null }
    >(
      this.sequelize,
      `SELECT order_no AS "orderNo", kind, title, amount, currency, pay_method AS "payMethod", status, created_at AS "createdAt", paid_at AS "paidAt"
         FROM website_order WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50`,
      [userId],
    )
    return rows.map((order) => ({
      ...order,
      // Stored in cents, as the order pages answer it.
      amount: Number(order.amount) / 100,
      status: ORDER_STATUS_NAME[order.status] ?? order.status,
      createdAt: iso(order.createdAt)!,
      paidAt: iso(order.paidAt),
    }))
  }

  private async notes(id: string): Promise<RequestNote[]> {
    const rows = await selectRows<RequestNote & { at: Date }>(
      this.sequelize,
      `SELECT id::text AS id, author, body, at FROM customer_info_note WHERE request_id = $1 ORDER BY customer_info_note.id`,
      [id],
    )
    return rows.map((note) => ({ ...note, at: iso(note.at)! }))
  }

  private async history(id: string, sentAt: Date): Promise<RequestHistoryEntry[]> {
    const rows = await selectRows<RequestHistoryEntry & { at: Date }>(
      this.sequelize,
      `SELECT workflow_status AS status, assignee, lost_reason AS "lostReason", row_version AS version, actor, at
         FROM customer_info_history WHERE request_id = $1 ORDER BY customer_info_history.id`,
      [id],
    )
    const sent: RequestHistoryEntry = { status: 'new', assignee: null, lostReason: null, version: 1, actor: null, at: iso(sentAt)! }
    return [sent, ...rows.map((entry) => ({ ...entry, at: iso(entry.at)! }))]
  }

  /** Moves a request through its workflow, (un)assigns it, or changes its lost reason, at the version the caller read. */
  async update(id: string, body: UpdateRequestBody, actor: StaffActor): Promise<StaffRequest> {
    await this.sequelize.transaction(async (transaction) => {
      const before = await this.lockWorkflow(id, transaction)
      if (before.version !== body.version) throw new AppError('STAFF_VERSION_CONFLICT')
      const status = body.status ?? before.status
      if (status !== before.status && !NEXT_STATUS[before.status].includes(status)) throw new AppError('REQUEST_STATUS_NOT_ALLOWED')
      if (status !== 'lost' && body.lostReason !== undefined) throw new AppError('REQUEST_LOST_REASON')
      const reason = status === 'lost' ? (body.lostReason !== undefined ? withoutNul(body.lostReason).trim() : before.lostReason) : null
      if (status === 'lost' && !reason) throw new AppError('REQUEST_LOST_REASON')
      const assignee = body.assignee === undefined ? before : await this.assignable(body.assignee, transaction)
      if (status === before.status && reason === before.lostReason && assignee.assigneeId === before.assigneeId) return
      const version = before.version + 1
      await this.sequelize.query(
        `UPDATE customer_info SET workflow_status = $2, assignee_id = $3, lost_reason = $4, row_version = $5, updated_at = now() WHERE id = $1`,
        { bind: [id, status, assignee.assigneeId, reason, version], transaction },
      )
      await this.sequelize.query(
        `INSERT INTO customer_info_history (request_id, actor, workflow_status, assignee, lost_reason, row_version) VALUES ($1, $2, $3, $4, $5, $6)`,
        { bind: [id, actor.name, status, assignee.assignee, reason, version], transaction },
      )
      const state = (s: { status: string; assignee: string | null; lostReason: string | null; version: number }) => ({
        status: s.status,
        assignee: s.assignee,
        lostReason: s.lostReason,
        version: s.version,
      })
      await writeAudit(
        this.sequelize,
        {
          actor: actor.name,
          action: 'request.update',
          target: id,
          ip: actor.ip ?? undefined,
          before: state(before),
          after: state({ status, assignee: assignee.assignee, lostReason: reason, version }),
        },
        transaction,
      )
    })
    // Read after the commit: the embedded database's one connection is the transaction's until then.
    return this.get(id)
  }

  async addNote(id: string, text: string, actor: StaffActor): Promise<RequestNote> {
    const body = withoutNul(text).trim()
    if (!body) throw invalid('备注不能为空', 'A note cannot be empty')
    const note = await this.sequelize.transaction(async (transaction) => {
      await this.lockWorkflow(id, transaction)
      const [row] = await selectRows<RequestNote & { at: Date }>(
        this.sequelize,
        `INSERT INTO customer_info_note (request_id, author_id, author, body) VALUES ($1, $2, $3, $4) RETURNING id::text AS id, author, body, at`,
        [id, actor.id, actor.name, body],
        transaction,
      )
      await this.sequelize.query(`UPDATE customer_info SET updated_at = now() WHERE id = $1`, { bind: [id], transaction })
      await writeAudit(
        this.sequelize,
        { actor: actor.name, action: 'request.note', target: id, ip: actor.ip ?? undefined, before: null, after: { note: row!.id, body } },
        transaction,
      )
      return row!
    })
    return { ...note, at: iso(note.at)! }
  }

  /** An export leaves an audit row too: it takes visitors' personal data out of the system. */
  auditExport(filters: RequestFilters & { format: string }, actor: StaffActor): Promise<void> {
    return auditExport(this.sequelize, 'request.export', filters, actor)
  }

  private async lockWorkflow(id: string, transaction: Transaction): Promise<WorkflowRow> {
    const [row] = await selectRows<WorkflowRow>(
      this.sequelize,
      `SELECT c.id::text AS id, c.workflow_status AS status, c.assignee_id::text AS "assigneeId", s.name AS assignee,
              c.lost_reason AS "lostReason", c.row_version AS version
         FROM customer_info c LEFT JOIN staff_account s ON s.id = c.assignee_id WHERE c.id = $1 FOR UPDATE OF c`,
      [id],
      transaction,
    )
    if (!row) throw new AppError('REQUEST_NOT_FOUND')
    return row
  }

  /** The account a request is given to: active, and of a role that works requests; null unassigns. */
  private async assignable(name: string | null, transaction: Transaction): Promise<{ assigneeId: string | null; assignee: string | null }> {
    if (name === null) return { assigneeId: null, assignee: null }
    const [account] = await selectRows<{ id: string; name: string }>(
      this.sequelize,
      `SELECT id::text AS id, name FROM staff_account WHERE lower(name) = lower($1) AND status = 'active' AND role = ANY($2::varchar[])`,
      [name, ASSIGNABLE_ROLES],
      transaction,
    )
    if (!account) throw new AppError('REQUEST_ASSIGNEE_UNKNOWN')
    return { assigneeId: account.id, assignee: account.name }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    staffRequests: StaffRequestService
  }
}

export default servicePlugin(
  { name: 'staff-requests', decorates: 'staffRequests', dependencies: ['db', 'staff-service', 'licences'] },
  (app: FastifyInstance) => new StaffRequestService(app.db.sequelize, app.licences.samples),
)
