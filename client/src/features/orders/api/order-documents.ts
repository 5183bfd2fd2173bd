import { invoicingCalls, orderDocumentsCalls } from '@rpt/contract/site-calls'
import type { InputOf, InvoiceTitle, OrderDocuments, OrderInvoice } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

// The documents of one of the buyer's orders (invoice, proforma, shipment),
// and what the invoice section needs to request one: the buyer's titles.

export const orderDocumentsKey = (locale: Locale, orderNo: string) => ['orderDocuments/get', locale, orderNo] as const

export function useOrderDocuments(locale: Locale, orderNo: string | undefined, enabled: boolean) {
  return useSWR(enabled && orderNo ? orderDocumentsKey(locale, orderNo) : null, (): Promise<OrderDocuments> =>
    apiCall(orderDocumentsCalls.get, { orderNo: orderNo! }),
  )
}

/** The buyer's invoice titles of this edition, to choose one from (the personal centre keeps the book). */
export function useTitlesToChoose(locale: Locale, enabled: boolean) {
  return useSWR(enabled ? ['invoiceTitle/list', locale] : null, (): Promise<InvoiceTitle[]> => apiCall(invoicingCalls.listTitles, {}))
}

export type InvoiceRequestInput = InputOf<typeof invoicingCalls.request.path>

export const requestInvoice = (input: InvoiceRequestInput): Promise<OrderInvoice> => apiCall(invoicingCalls.request, input)
