import type { ListInvoicesQuery, StaffInvoice, StaffInvoicePage } from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall, staffUpload, staffUrl } from '../../../lib/staff-api-client'

// The finance desk's invoices (contract/src/routes/invoicing.ts), through the BFF's /staff-api.

const I = STAFF_CALLS.staffInvoices

export type ListInvoicesInput = Omit<ListInvoicesQuery, 'lang'>
export type InvoiceStatus = NonNullable<ListInvoicesInput['status']>
export type { StaffInvoice }

export const INVOICE_STATUSES: readonly InvoiceStatus[] = ['requested', 'issued', 'reversing', 'reversed', 'cancelled']

export const listInvoices = (input: ListInvoicesInput) =>
  staffCall<typeof I.list.path, StaffInvoicePage>(I.list, undefined, input, { silent: true })
export function useInvoiceList(input: ListInvoicesInput) {
  return useSWR<StaffInvoicePage, Error>(['staff/invoices', JSON.stringify(input)], () => listInvoices(input), { keepPreviousData: true })
}

export const issueInvoice = (orderNo: string) => staffCall<typeof I.issue.path, StaffInvoice>(I.issue, { orderNo }, {}, { silent: true })
export const reverseInvoice = (orderNo: string, reason: string) =>
  staffCall<typeof I.reverse.path, StaffInvoice>(I.reverse, { orderNo }, { reason }, { silent: true })
export const resendInvoice = (orderNo: string) => staffCall<typeof I.resend.path, StaffInvoice>(I.resend, { orderNo }, {}, { silent: true })

/** uploadInvoiceFile (manual provider): the file from the national platform as the raw body, with its number. */
export const uploadInvoiceFile = (orderNo: string, which: 'invoice' | 'red', number: string, file: File) =>
  staffUpload<StaffInvoice>(staffUrl(I.upload.path, { orderNo }), { which, number, name: file.name }, file)

/** Where the console opens an invoice's file (the staff cookie goes with it). */
export const invoiceFileUrl = (orderNo: string, which: 'invoice' | 'red') => `${staffUrl(I.file.path, { orderNo })}?which=${which}`
