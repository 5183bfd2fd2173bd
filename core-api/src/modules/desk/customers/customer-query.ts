import type { ListCustomersQuery, StaffCustomerListItem } from '@rpt/contract'
import { Conditions, escapeLike } from '../../../platform/lib/sql.ts'
import { withoutNul } from '../requests/request-query.ts'

// The SQL of the customers desk over website_user (alias u): the account's
// columns (the requests inbox shows the same account), its soft lock from
// login_throttle (alias t), and the list's search.

/** An account as the desk and a request's page show it; status is the stored flag ('0' active). */
export const ACCOUNT_COLUMNS = `u.id::text AS id, u.login_code AS "loginCode", u.name, u.company_name AS company, u.email,
  u.contact AS phone, u.status, u.created_at AS "createdAt", u.last_login_at AS "lastLoginAt"`

/** The account's sign-in lock, as login-throttle.ts keys it (the login in lower case); only a lock still on. */
export const LOCK_JOIN = `LEFT JOIN login_throttle t ON t.scope = 'account' AND t.key = lower(u.login_code)`

export const CUSTOMER_COLUMNS = `${ACCOUNT_COLUMNS}, CASE WHEN t.locked_until > now() THEN t.locked_until END AS "lockedUntil"`

export const CUSTOMER_FROM = `website_user u ${LOCK_JOIN}`

export interface AccountRow {
  id: string
  loginCode: string
  name: string
  company: string
  email: string
  phone: string
  status: string
  createdAt: Date
  lastLoginAt: Date | null
}

export type CustomerRow = AccountRow & { lockedUntil: Date | null }

export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())

/** The account's dates as the contract answers them; the status flag as the request's page has it. */
export function presentAccount(row: AccountRow) {
  return { ...row, createdAt: iso(row.createdAt)!, lastLoginAt: iso(row.lastLoginAt) }
}

export function presentCustomer(row: CustomerRow): StaffCustomerListItem {
  return { ...presentAccount(row), status: row.status === '0' ? 'active' : 'disabled', lockedUntil: iso(row.lockedUntil) }
}

/**
 * What the search compares, to the letter the expressions of the trigram
 * indexes (migration 23): the fields one text apart by line breaks, and the
 * phone's digits.
 */
const SEARCH_TEXT = `lower(u.login_code || chr(10) || u.email || chr(10) || u.company_name || chr(10) || u.name || chr(10) || u.contact)`
const PHONE_DIGITS = `regexp_replace(u.contact, '\\D', '', 'g')`

/** A phone is typed with spaces, dashes, a + or brackets: searched by its digits when the words are a number. */
const PHONE_LIKE = /^[\d\s()+-]+$/

export type CustomerFilters = Omit<ListCustomersQuery, 'pageNo' | 'pageSize'>

export function customerConditions(query: CustomerFilters): Conditions {
  const c = new Conditions()
  if (query.status) c.add(`u.status ${query.status === 'active' ? '=' : '<>'} '0'`)
  if (query.locked !== undefined) c.add(`${query.locked ? '' : 'NOT '}coalesce(t.locked_until > now(), false)`)
  const q = withoutNul(query.q ?? '')
    .trim()
    .toLowerCase()
  if (!q) return c
  const like = `%${escapeLike(q)}%`
  const digits = q.replace(/\D/g, '')
  if (PHONE_LIKE.test(q) && digits.length >= 3) c.add(`(${SEARCH_TEXT} LIKE ? OR ${PHONE_DIGITS} LIKE ?)`, like, `%${digits}%`)
  else c.add(`${SEARCH_TEXT} LIKE ?`, like)
  return c
}

/** The count needs the lock's join only to filter by it. */
export const countFrom = (query: CustomerFilters) => (query.locked === undefined ? 'website_user u' : CUSTOMER_FROM)
