import { Type, type Static } from 'typebox'
import { Page } from './envelope.ts'
import { IdField, StaffListQuery } from './fields.ts'
import { StaffOrderListItem } from './staff-orders.ts'
import { RequestAccount, StaffRequestListItem } from './staff-requests.ts'

// The staff desk's customers: the website's accounts (website_user),
// found by login, e-mail, company or phone, with their orders, downloads and
// requests. Personal data: only sales and admin read it, and each view of a
// customer's page is audited (customer.view), as each action is.

export const CustomerIdParam = Type.Object({ id: IdField }, { additionalProperties: false })
export type CustomerIdParam = Static<typeof CustomerIdParam>

/** disabled: cannot sign in, and has no session. */
export const CustomerStatus = Type.Union([Type.Literal('active'), Type.Literal('disabled')], { description: 'disabled: no sign-in' })
export type CustomerStatus = Static<typeof CustomerStatus>

export const ListCustomersQuery = StaffListQuery({
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description: "Part of the login, the e-mail, the company, the contact's name or the phone (its digits, however it was typed)",
    }),
  ),
  status: Type.Optional(CustomerStatus),
  locked: Type.Optional(Type.Boolean({ description: 'true: only accounts whose sign-in is locked now (too many failed logins)' })),
})
export type ListCustomersQuery = Static<typeof ListCustomersQuery>

const Instant = Type.String({ format: 'date-time' })

export const StaffCustomerListItem = Type.Object({
  ...RequestAccount.properties,
  status: CustomerStatus,
  lockedUntil: Type.Union([Instant, Type.Null()], {
    description: 'While failed logins lock the sign-in (soft lock); null when not locked',
  }),
})
export type StaffCustomerListItem = Static<typeof StaffCustomerListItem>

/** Newest account first. */
export const StaffCustomerPage = Page(StaffCustomerListItem)
export type StaffCustomerPage = Static<typeof StaffCustomerPage>

/** A download of one of the account's files (download_log), with the order it was bought in. */
export const CustomerDownload = Type.Object({
  at: Instant,
  via: Type.Union([Type.Literal('session'), Type.Literal('link')], {
    description: 'session: from My downloads, signed in; link: from the delivery mail',
  }),
  orderNo: StaffOrderListItem.properties.orderNo,
  title: StaffOrderListItem.properties.title,
})
export type CustomerDownload = Static<typeof CustomerDownload>

export const StaffCustomer = Type.Object({
  ...StaffCustomerListItem.properties,
  position: Type.String(),
  lang: Type.String({ description: 'The edition the account registered in; its mails are in this language' }),
  passwordChangedAt: Instant,
  failedLogins: Type.Integer({ description: 'Failed logins in the current window (the lock counts these)' }),
  activeSessions: Type.Integer(),
  orders: Type.Array(StaffOrderListItem, { description: 'Newest first, at most 50' }),
  downloads: Type.Array(CustomerDownload, { description: 'Files downloaded, newest first, at most 50' }),
  requests: Type.Array(StaffRequestListItem, {
    description: 'Sample and custom requests sent with the same e-mail, newest first, at most 50',
  }),
})
export type StaffCustomer = Static<typeof StaffCustomer>

export const CustomerActionResult = Type.Object({
  account: StaffCustomerListItem,
  sessionsEnded: Type.Optional(Type.Integer({ description: 'disableCustomer: the sessions it ended' })),
  mailQueued: Type.Optional(Type.Boolean({ description: 'sendCustomerResetMail: the reset mail is queued' })),
})
export type CustomerActionResult = Static<typeof CustomerActionResult>
