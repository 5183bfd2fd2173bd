import type { CustomerActionResult, CustomerStatus, ListCustomersQuery, StaffCustomer, StaffCustomerPage } from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall } from '../../../lib/staff-api-client'

// The staff desk's customers (contract/src/routes/staff-customers.ts), through the BFF's /staff-api.
// Each read of a customer's page is audited on the server: fetch it when the page is shown, not ahead.

const C = STAFF_CALLS.staffCustomers

export type ListCustomersInput = Omit<ListCustomersQuery, 'lang'>
export type { CustomerActionResult, CustomerStatus, StaffCustomer, StaffCustomerPage }
export type { CustomerDownload, StaffCustomerListItem } from '@rpt/contract'

export const CUSTOMER_STATUSES: readonly CustomerStatus[] = ['active', 'disabled']

export const listCustomers = (input: ListCustomersInput) =>
  staffCall<typeof C.list.path, StaffCustomerPage>(C.list, undefined, input, { silent: true })
export const customerListKey = (input: ListCustomersInput) => ['staff/customers', JSON.stringify(input)] as const
export function useCustomerList(input: ListCustomersInput) {
  return useSWR<StaffCustomerPage, Error>(customerListKey(input), () => listCustomers(input), { keepPreviousData: true })
}

export const getCustomer = (id: string) => staffCall<typeof C.get.path, StaffCustomer>(C.get, { id }, undefined, { silent: true })
export const customerKey = (id: string) => ['staff/customer', id] as const
export function useCustomer(id: string) {
  // Not again on focus: every read is an audited view.
  return useSWR<StaffCustomer, Error>(customerKey(id), () => getCustomer(id), { revalidateOnFocus: false })
}

export const unlockCustomer = (id: string) => staffCall<typeof C.unlock.path, CustomerActionResult>(C.unlock, { id }, {}, { silent: true })
export const sendCustomerResetMail = (id: string) =>
  staffCall<typeof C.resetMail.path, CustomerActionResult>(C.resetMail, { id }, {}, { silent: true })
export const disableCustomer = (id: string) =>
  staffCall<typeof C.disable.path, CustomerActionResult>(C.disable, { id }, {}, { silent: true })
export const enableCustomer = (id: string) => staffCall<typeof C.enable.path, CustomerActionResult>(C.enable, { id }, {}, { silent: true })
