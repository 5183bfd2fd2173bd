import type {
  CustomerActionResult,
  CustomerDownload,
  ListCustomersQuery,
  StaffCustomer,
  StaffCustomerListItem,
  StaffCustomerPage,
} from '@rpt/contract'
import type { Sequelize, Transaction } from 'sequelize'
import type { Models } from '../../../platform/db/models/index.ts'
import { AppError, isLang, DEFAULT_LANG } from '../../../platform/errors.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import { writeAudit, type StaffActor } from '../../staff/index.ts'
import type { AccountService, SessionService } from '../../accounts/index.ts'
import { countFrom, customerConditions, CUSTOMER_COLUMNS, CUSTOMER_FROM, iso, presentCustomer, type CustomerRow } from './customer-query.ts'
import { accountOrders } from '../../orders/index.ts'
import { listColumns, listItem, LIST_FROM, type ListRow } from '../requests/request-query.ts'

// The customers desk: the website's accounts for sales and admin.
// Reading one's page is audited (customer.view): it is personal data. Each
// action is one transaction with its audit row, and is the site's own code:
// the sign-in lock of login-throttle.ts, the reset mail of forgetPwd, the
// session service's revocation.

/** How many of an account's orders, downloads and requests its page shows. */
const SHOWN = 50

type Action = 'unlock' | 'reset-mail' | 'disable' | 'enable'
type Audited = Record<string, unknown> | null

export class StaffCustomers {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      models: Pick<Models, 'WebsiteUser'>
      accounts: AccountService
      sessions: SessionService
    },
  ) {}

  private select<T extends object>(sql: string, bind: unknown[], transaction?: Transaction): Promise<T[]> {
    return selectRows<T>(this.deps.sequelize, sql, bind, transaction)
  }

  async list(query: ListCustomersQuery): Promise<StaffCustomerPage> {
    const pageNo = query.pageNo ?? 1
    const pageSize = query.pageSize ?? 10
    const where = customerConditions(query)
    const page = where.clone()
    const [rows, [counted]] = await Promise.all([
      this.select<CustomerRow>(
        `SELECT ${CUSTOMER_COLUMNS} FROM ${CUSTOMER_FROM} ${page.where}
          ORDER BY u.created_at DESC, u.id DESC LIMIT ${page.bind(pageSize)} OFFSET ${page.bind((pageNo - 1) * pageSize)}`,
        page.params,
      ),
      this.select<{ count: number }>(`SELECT count(*)::int AS count FROM ${countFrom(query)} ${where.where}`, where.params),
    ])
    return { list: rows.map(presentCustomer), count: counted?.count ?? 0, pageNo, pageSize }
  }

  /** The account as the list shows it; not found is 300401. In a transaction (an action) its row is locked. */
  private async account(id: string, transaction?: Transaction): Promise<StaffCustomerListItem> {
    const [row] = await this.select<CustomerRow>(
      `SELECT ${CUSTOMER_COLUMNS} FROM ${CUSTOMER_FROM} WHERE u.id = $1${transaction ? ' FOR UPDATE OF u' : ''}`,
      [id],
      transaction,
    )
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND')
    return presentCustomer(row)
  }

  /** One account's page; the view is audited once the page is read (a failed read shows nothing). */
  async get(id: string, actor: StaffActor): Promise<StaffCustomer> {
    const account = await this.account(id)
    const [[details], orders, downloads, requests] = await Promise.all([
      this.select<{ position: string; lang: string; passwordChangedAt: Date; failedLogins: number; activeSessions: number }>(
        `SELECT u.addr AS position, u.lang, u.password_changed_at AS "passwordChangedAt",
                coalesce((SELECT t.failures FROM login_throttle t WHERE t.scope = 'account' AND t.key = lower(u.login_code)), 0) AS "failedLogins",
                (SELECT count(*)::int FROM website_user_session s
                  WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now()) AS "activeSessions"
           FROM website_user u WHERE u.id = $1`,
        [id],
      ),
      accountOrders(this.deps.sequelize, id, SHOWN),
      this.select<CustomerDownload & { at: Date }>(
        `SELECT o.order_no AS "orderNo", o.title, l.via, l.created_at AS at
           FROM download_log l JOIN website_order o ON o.id = l.order_id
          WHERE o.user_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT ${SHOWN}`,
        [id],
      ),
      this.select<ListRow>(
        `SELECT ${listColumns('start')} FROM ${LIST_FROM} WHERE lower(c.email) = lower($1) ORDER BY c.created_at DESC, c.id DESC LIMIT ${SHOWN}`,
        [account.email.trim()],
      ),
    ])
    await this.audit(actor, 'view', id, null, null)
    return {
      ...account,
      position: details!.position,
      lang: details!.lang,
      passwordChangedAt: iso(details!.passwordChangedAt)!,
      failedLogins: details!.failedLogins,
      activeSessions: details!.activeSessions,
      orders,
      downloads: downloads.map((download) => ({ ...download, at: iso(download.at)! })),
      requests: requests.map(listItem),
    }
  }

  private audit(actor: StaffActor, action: Action | 'view', id: string, before: Audited, after: Audited, transaction?: Transaction) {
    const entry = { actor: actor.name, action: `customer.${action}`, target: id, ip: actor.ip ?? undefined, before, after }
    return writeAudit(this.deps.sequelize, entry, transaction)
  }

  /**
   * An action on the account's row, locked: `act` does the work in the
   * transaction and answers what to add to the result; the audit row has the
   * account's status and lock before and after.
   */
  private async act(
    id: string,
    action: Action,
    actor: StaffActor,
    act: (account: StaffCustomerListItem, transaction: Transaction) => Promise<Omit<CustomerActionResult, 'account'>>,
  ): Promise<CustomerActionResult> {
    return this.deps.sequelize.transaction(async (transaction) => {
      const before = await this.account(id, transaction)
      const extra = await act(before, transaction)
      const after = await this.account(id, transaction)
      const state = (a: StaffCustomerListItem) => ({ status: a.status, lockedUntil: a.lockedUntil })
      await this.audit(actor, action, id, state(before), { ...state(after), ...extra }, transaction)
      return { account: after, ...extra }
    })
  }

  /** Lifts the soft lock of failed logins (the account's scope; an address's lock is not the account's). */
  unlock(id: string, actor: StaffActor): Promise<CustomerActionResult> {
    return this.act(id, 'unlock', actor, async (account, transaction) => {
      await this.deps.accounts.clearLoginLock(account.loginCode, transaction)
      return {}
    })
  }

  /** forgetPwd's mail and link, in the account's language, queued with the audit row. */
  async sendResetMail(id: string, actor: StaffActor): Promise<CustomerActionResult> {
    const account = await this.account(id)
    if (account.status === 'disabled') throw new AppError('CUSTOMER_DISABLED')
    const user = (await this.deps.models.WebsiteUser.findByPk(id))!
    await this.deps.accounts.mailResetLink(user, isLang(user.lang) ? user.lang : DEFAULT_LANG, (transaction) =>
      this.audit(actor, 'reset-mail', id, null, { to: user.email, lang: user.lang }, transaction),
    )
    return { account, mailQueued: true }
  }

  /** Sign-in refused (200008), every session ended, unused reset links spent. */
  disable(id: string, actor: StaffActor): Promise<CustomerActionResult> {
    return this.act(id, 'disable', actor, async (account, transaction) => {
      await this.deps.sequelize.query(`UPDATE website_user SET status = '1', updated_at = now() WHERE id = $1`, { bind: [id], transaction })
      await this.deps.accounts.voidResetLinks(account.id, transaction)
      return { sessionsEnded: await this.deps.sessions.revokeAll(account.id, undefined, transaction) }
    })
  }

  enable(id: string, actor: StaffActor): Promise<CustomerActionResult> {
    return this.act(id, 'enable', actor, async (_account, transaction) => {
      await this.deps.sequelize.query(`UPDATE website_user SET status = '0', updated_at = now() WHERE id = $1`, { bind: [id], transaction })
      return {}
    })
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    staffCustomers: StaffCustomers
  }
}

export default servicePlugin(
  { name: 'staff-customers', decorates: 'staffCustomers', dependencies: ['db', 'account-service', 'session-service'] },
  (app) => new StaffCustomers({ sequelize: app.db.sequelize, models: app.db.models, accounts: app.accounts, sessions: app.sessions }),
)
