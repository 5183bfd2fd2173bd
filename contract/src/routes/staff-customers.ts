import { LangOnlyBody, LangOnlyQuery } from '../fields.ts'
import { CustomerActionResult, CustomerIdParam, ListCustomersQuery, StaffCustomer, StaffCustomerPage } from '../staff-customers.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

// The customers of the staff desk: roles sales and admin.
const audited = 'Audited (listAudit). A customer that does not exist answers 300401.'
const action = { params: CustomerIdParam, body: LangOnlyBody, data: CustomerActionResult }

export const staffCustomerRoutes = defineRoutes(CALLS.staffCustomers, ['Staff: customers'], {
  list: {
    operationId: 'listCustomers',
    permission: 'customers.read',
    summary: 'Website accounts, newest first, paged on the server, found by login, e-mail, company or phone',
    querystring: ListCustomersQuery,
    data: StaffCustomerPage,
  },
  get: {
    operationId: 'getCustomer',
    permission: 'customers.read',
    summary: 'One account: its fields, its sign-in state, its orders, downloads and requests',
    description: `Every view is written to the audit log (customer.view): the page is personal data. ${audited}`,
    params: CustomerIdParam,
    querystring: LangOnlyQuery,
    data: StaffCustomer,
  },
  unlock: {
    operationId: 'unlockCustomer',
    permission: 'customers.write',
    summary: "Lifts the soft lock failed logins put on the account's sign-in, and forgets those failures",
    description: `A lock of the visitor's address (too many failures from it) stays. ${audited}`,
    ...action,
  },
  resetMail: {
    operationId: 'sendCustomerResetMail',
    permission: 'customers.write',
    summary: "Mails the account a password-reset link, the same mail and link as the site's forgotten password",
    description: `In the account's language; a new link replaces the ones before it. A disabled account answers 300402. ${audited}`,
    ...action,
  },
  disable: {
    operationId: 'disableCustomer',
    permission: 'customers.write',
    summary: 'Disables the account: it can no longer sign in, and its sessions and unused reset links end',
    description: `Signing in then answers 200008 (after the right password only). ${audited}`,
    ...action,
  },
  enable: {
    operationId: 'enableCustomer',
    permission: 'customers.write',
    summary: 'Enables a disabled account again',
    description: audited,
    ...action,
  },
})
