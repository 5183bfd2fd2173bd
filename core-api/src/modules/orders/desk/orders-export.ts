import type { Sequelize } from 'sequelize'
import type { Lang } from '../../../platform/errors.ts'
import type { ExportSheet } from '../../staff/index.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import COLUMN_FILE from './orders-export-columns.json' with { type: 'json' }
import { ACCOUNTING_TIME_ZONE, FROM, METHOD_SQL, orderConditions, STATE_SQL, type OrderFilters } from './order-reads.ts'

// The orders export for accounting: every order the list's
// filters select, oldest first, read in keyset pages of `batch` rows (by id:
// each page an index range, however deep, and no row skipped or repeated
// when orders arrive meanwhile) and written by the staff desk's streaming
// export (staff/spreadsheet-export.ts). Each page is a query of its own, so no
// cursor or transaction holds a connection for the length of the download:
// the embedded database (PGlite) has one, and the site goes on using it.

/** A wall-clock time of the accounting zone, as an accountant reads it. */
const chinaTime = (column: string) => `to_char(${column} AT TIME ZONE '${ACCOUNTING_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS')`

/** The money returned: succeeded refunds only; a refund still at the gateway (or refused) shows as refunding with none. */
const REFUNDS = `LEFT JOIN LATERAL (
  SELECT CASE WHEN bool_and(r.state = 'succeeded') THEN 'refunded' ELSE 'refunding' END AS state,
         sum(r.amount) FILTER (WHERE r.state = 'succeeded') AS amount, max(r.refunded_at) FILTER (WHERE r.state = 'succeeded') AS at
    FROM payment_refund r WHERE r.order_id = o.id HAVING count(*) > 0) rf ON true`

/** Stored minor units as the major ones the buyer paid (float8: a number to the driver, exact for cents). */
const major = (column: string) => `(${column} / 100.0)::float8`

// Named as the column file's fields; the id is the keyset's, not a column.
const COLUMNS = `o.id::text AS id, o.order_no AS "orderNo", ${chinaTime('o.created_at')} AS "createdAt", ${chinaTime('o.paid_at')} AS "paidAt",
  u.login_code AS buyer, u.email AS "buyerEmail", u.company_name AS company, o.kind, o.title, o.edition, o.licence,
  ${major('o.amount')} AS amount, o.currency, ${METHOD_SQL} AS method, o.provider_trade_no AS "tradeNo", ${STATE_SQL} AS state,
  rf.state AS "refundState", ${major('rf.amount')} AS refunded, ${chinaTime('rf.at')} AS "refundedAt"`

/** A row as the file writes it: text, wall-clock times, amounts in major units. */
export type OrderExportRow = { id: string } & Record<string, string | number | null>

/**
 * An accountant reads the coded columns in words of the export's language, as
 * the console shows them (its staff messages); the codes themselves follow
 * in the last columns, unchanged, for an import that matches on them.
 */
const WORDS: Record<string, Record<string, Record<Lang, string>>> = {
  kind: { brief: { 'en-US': 'Bulletin', 'zh-CN': '简报' }, research: { 'en-US': 'Research report', 'zh-CN': '研究报告' } },
  edition: {
    standard: { 'en-US': 'Standard edition', 'zh-CN': '标准版' },
    professional: { 'en-US': 'Professional edition', 'zh-CN': '专业版' },
  },
  licence: {
    single: { 'en-US': 'Single user', 'zh-CN': '单用户版' },
    multi: { 'en-US': 'Multi user', 'zh-CN': '多用户版' },
    enterprise: { 'en-US': 'Enterprise', 'zh-CN': '企业版' },
  },
  method: {
    alipay: { 'en-US': 'Alipay', 'zh-CN': '支付宝' },
    wechatpay: { 'en-US': 'WeChat Pay', 'zh-CN': '微信支付' },
    bank: { 'en-US': 'Bank transfer', 'zh-CN': '银行转账' },
  },
  state: {
    unpaid: { 'en-US': 'Unpaid', 'zh-CN': '待支付' },
    paid: { 'en-US': 'Paid', 'zh-CN': '已支付' },
    cancelled: { 'en-US': 'Cancelled', 'zh-CN': '已取消' },
    expired: { 'en-US': 'Expired', 'zh-CN': '已过期' },
    failed: { 'en-US': 'Failed', 'zh-CN': '支付失败' },
    refunded: { 'en-US': 'Refunded', 'zh-CN': '已退款' },
  },
  refundState: { refunding: { 'en-US': 'Refunding', 'zh-CN': '退款中' }, refunded: { 'en-US': 'Refunded', 'zh-CN': '已退款' } },
}

/** A coded value in words; one without words (an unknown code) as it is. */
const inWords = (field: string, value: string | number | null, lang: Lang) =>
  typeof value === 'string' ? (WORDS[field]?.[value]?.[lang] ?? value) : value

/** The sheet, its headers in the caller's language (staff-orders-export-columns.json: the fields in order, widths, kinds). */
export function ordersSheet(lang: Lang): ExportSheet<OrderExportRow> {
  return {
    name: lang === 'zh-CN' ? '订单' : 'Orders',
    columns: COLUMN_FILE.map((column) => ({
      header: column[lang],
      width: column.width,
      value: (row: OrderExportRow) => {
        const value = row[column.field] ?? null
        return 'words' in column ? inWords(column.field, value, lang) : value
      },
      ...('kind' in column ? { kind: column.kind as 'money' | 'time' } : {}),
    })),
  }
}

/** The orders the filters select, oldest first, `batch` rows a read. Check the filters first (orderConditions) to refuse before a file starts. */
export async function* exportBatches(sequelize: Sequelize, filters: OrderFilters, batch = 1000): AsyncGenerator<OrderExportRow[]> {
  for (let after = '0'; ;) {
    const page = orderConditions(filters).add(`o.id > ?::bigint`, after)
    const rows = await selectRows<OrderExportRow>(
      sequelize,
      `SELECT ${COLUMNS} ${FROM} ${REFUNDS} ${page.where} ORDER BY o.id LIMIT ${page.bind(batch)}`,
      page.params,
    )
    if (rows.length > 0) yield rows
    if (rows.length < batch) return
    after = rows[rows.length - 1]!.id
  }
}

/** orders-<day> (today, China time), or the range of days the filters name: orders-<from>-to-<to>. */
export function exportFileName(filters: OrderFilters, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ACCOUNTING_TIME_ZONE }).format(now)
  if (!filters.from && !filters.to) return `orders-${today}`
  if (!filters.from) return `orders-to-${filters.to}`
  const to = filters.to ?? today
  return to === filters.from ? `orders-${to}` : `orders-${filters.from}-to-${to}`
}
