import { invoicingCalls } from '@rpt/contract/site-calls'
import type { InputOf, InvoiceTitle } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

// The buyer's invoice titles (抬头), per edition.

export type TitleInput = InputOf<typeof invoicingCalls.saveTitle.path>

export const invoiceTitlesKey = (locale: Locale) => ['invoiceTitle/list', locale] as const

export function useInvoiceTitles(locale: Locale, enabled: boolean) {
  return useSWR(enabled ? invoiceTitlesKey(locale) : null, (): Promise<InvoiceTitle[]> => apiCall(invoicingCalls.listTitles, {}))
}

export const saveInvoiceTitle = (input: TitleInput): Promise<InvoiceTitle> => apiCall(invoicingCalls.saveTitle, input)

export const deleteInvoiceTitle = (id: string): Promise<{ id: string }> => apiCall(invoicingCalls.deleteTitle, { id })
