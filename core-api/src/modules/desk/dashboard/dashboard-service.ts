import {
  staffMay,
  type DashboardJobs,
  type DashboardMails,
  type DashboardMethod,
  type DashboardOrderFigures,
  type DashboardOrderPeriod,
  type DashboardOrders,
  type DashboardOrdersFilter,
  type DashboardRequests,
  type OpenRequestStatus,
  type OrderState,
  type StaffDashboard,
  type StaffRole,
} from '@rpt/contract'
import type { Sequelize } from 'sequelize'
import { commonDeps, servicePlugin } from '../../../platform/lib/service-plugin.ts'
import { shortError } from '../../../platform/lib/short-error.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import type { JobQueue } from '../../../platform/jobs/job-queue.ts'
import type { MailService } from '../../mail/index.ts'
import type { LicenceServices } from '../../licensing/index.ts'
import { countOpenCases, ACCOUNTING_TIME_ZONE, dayStartSql, METHOD_SQL, STATE_SQL } from '../../orders/index.ts'

// The staff desk's dashboard: a few aggregate queries, each only
// for a role that may read the list it counts. Orders are counted as the
// orders desk lists them (its state, its method, its China days), so a
// figure and the list it links to show the same orders.

const METHODS: readonly DashboardMethod[] = ['alipay', 'wechatpay', 'none']
const OPEN_STATUSES: readonly OpenRequestStatus[] = ['new', 'contacted', 'quoted']
/** The failures shown by name: enough to see what is wrong, few enough to read at a glance. */
const RECENT = 5

interface OrderRow {
  today: boolean
  method: DashboardMethod
  currency: string
  state: OrderState
  count: number
  /** The sum in minor units, as text (a bigint) */
  amount: string
}

/** The China day of `at` (YYYY-MM-DD), as the orders desk's from and to read it. */
function accountingDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ACCOUNTING_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

function money(rows: OrderRow[], filter: DashboardOrdersFilter) {
  const minor = new Map<string, number>()
  for (const row of rows) minor.set(row.currency, (minor.get(row.currency) ?? 0) + Number(row.amount))
  const amounts = [...minor].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sum]) => ({ currency, amount: sum / 100 }))
  return { count: rows.reduce((sum, row) => sum + row.count, 0), amounts, filter }
}

function figures(rows: OrderRow[], filter: DashboardOrdersFilter): DashboardOrderFigures {
  return {
    made: { count: rows.reduce((sum, row) => sum + row.count, 0), filter },
    paid: money(
      rows.filter((row) => row.state === 'paid'),
      { ...filter, state: 'paid' },
    ),
    refunded: money(
      rows.filter((row) => row.state === 'refunded'),
      { ...filter, state: 'refunded' },
    ),
  }
}

function period(rows: OrderRow[], from: string, to: string): DashboardOrderPeriod {
  return {
    from,
    to,
    total: figures(rows, { from, to }),
    byMethod: METHODS.map((method) => ({
      method,
      // The list cannot select orders never started at a gateway: their link shows the period's orders.
      ...figures(
        rows.filter((row) => row.method === method),
        method === 'none' ? { from, to } : { from, to, method },
      ),
    })),
  }
}

export class StaffDashboardService {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      jobs: JobQueue
      mails: MailService
      licences: Pick<LicenceServices['desk'], 'dashboard'>
    },
  ) {}

  /** The sections `role` may read, at `now`. */
  async get(role: StaffRole, now = new Date()): Promise<StaffDashboard> {
    const when = <T>(allowed: boolean, read: () => Promise<T>) => (allowed ? read() : Promise.resolve(undefined))
    const [orders, paymentCases, requests, jobs, mails, licences] = await Promise.all([
      when(staffMay(role, 'orders.read'), () => this.orders(now)),
      when(staffMay(role, 'orders.read'), () => this.paymentCases()),
      when(staffMay(role, 'requests.read'), () => this.requests()),
      when(staffMay(role, 'operations.read'), () => this.jobs()),
      when(staffMay(role, 'operations.read'), () => this.mails()),
      when(staffMay(role, 'licences.act'), () => this.deps.licences.dashboard()),
    ])
    const sections = { orders, paymentCases, requests, jobs, mails, licences }
    return {
      at: now.toISOString(),
      timeZone: ACCOUNTING_TIME_ZONE,
      ...Object.fromEntries(Object.entries(sections).filter(([, section]) => section !== undefined)),
    }
  }

  /** One pass over this month's orders (website_order_created), split into today and the month. */
  private async orders(now: Date): Promise<DashboardOrders> {
    const today = accountingDay(now)
    const monthStart = `${today.slice(0, 8)}01`
    const rows = await selectRows<OrderRow>(
      this.deps.sequelize,
      `SELECT o.created_at >= ${dayStartSql('$2')} AS today, COALESCE(${METHOD_SQL}, 'none') AS method, o.currency,
              ${STATE_SQL} AS state, count(*)::int AS count, sum(o.amount)::text AS amount
         FROM website_order o WHERE o.created_at >= ${dayStartSql('$1')} GROUP BY 1, 2, 3, 4`,
      [monthStart, today],
    )
    return {
      today: period(
        rows.filter((row) => row.today),
        today,
        today,
      ),
      month: period(rows, monthStart, today),
    }
  }

  private async paymentCases() {
    const { refundRequired, closing } = await countOpenCases(this.deps.sequelize)
    return {
      refundRequired: { count: refundRequired, filter: { state: 'refund-required' as const } },
      closing: { count: closing, filter: { state: 'closing' as const } },
    }
  }

  /** Counted on customer_info_workflow (workflow_status, created_at). */
  private async requests(): Promise<DashboardRequests> {
    const rows = await selectRows<{ status: OpenRequestStatus; count: number }>(
      this.deps.sequelize,
      `SELECT workflow_status AS status, count(*)::int AS count FROM customer_info WHERE workflow_status = ANY($1::varchar[]) GROUP BY 1`,
      [OPEN_STATUSES],
    )
    const byStatus = OPEN_STATUSES.map((status) => ({
      status,
      count: rows.find((row) => row.status === status)?.count ?? 0,
      filter: { status },
    }))
    return { open: byStatus.reduce((sum, entry) => sum + entry.count, 0), byStatus }
  }

  private async jobs(): Promise<DashboardJobs> {
    const { byQueue, recent } = await this.deps.jobs.failures(RECENT)
    return {
      failed: byQueue.reduce((sum, queue) => sum + queue.failed, 0),
      retrying: byQueue.reduce((sum, queue) => sum + queue.retrying, 0),
      byQueue,
      recent: recent.map(({ message, ...job }) => ({ ...job, failedAt: new Date(job.failedAt).toISOString(), error: shortError(message) })),
    }
  }

  private async mails(): Promise<DashboardMails> {
    const [backlog, recent] = await Promise.all([this.deps.mails.backlog(), this.deps.mails.failures(RECENT)])
    return {
      ...backlog,
      recent: recent.map((mail) => ({ ...mail, queuedAt: new Date(mail.queuedAt).toISOString(), error: shortError(mail.error) })),
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    staffDashboard: StaffDashboardService
  }
}

export default servicePlugin(
  { name: 'staff-dashboard', decorates: 'staffDashboard', dependencies: ['db', 'job-queue', 'mail-service', 'licences'] },
  (app) =>
    new StaffDashboardService({ sequelize: commonDeps(app).sequelize, jobs: app.jobs, mails: app.mails, licences: app.licences.desk }),
)
