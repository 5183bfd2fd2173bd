import type { BankTransferPage, StatementApplied, StatementPreview, TransferReceipt, TransferState } from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall, staffUpload, staffUrl, type UploadOptions } from '../../../lib/staff-api-client'

// Bank transfers (contract/src/routes/bank-transfer.ts), through the BFF's /staff-api.

const T = STAFF_CALLS.staffTransfers

export type { BankTransferPage, StatementApplied, StatementPreview, TransferReceipt, TransferState }
export type BankTransferItem = BankTransferPage['list'][number]
export type StatementLine = StatementPreview['matches'][number]

export const TRANSFER_STATES: readonly TransferState[] = ['awaiting', 'received', 'closed']

export interface TransferListInput {
  state: TransferState
  q?: string | undefined
  pageNo: number
}

export const listTransfers = ({ state, q, pageNo }: TransferListInput) =>
  staffCall<typeof T.list.path, BankTransferPage>(T.list, undefined, { state, pageNo, pageSize: 20, ...(q ? { q } : {}) }, { silent: true })
export function useTransferList(input: TransferListInput) {
  return useSWR<BankTransferPage, Error>(['staff/transfers', JSON.stringify(input)], () => listTransfers(input), { keepPreviousData: true })
}

export const markTransferReceived = (orderNo: string, input: { amount: number; date: string; serial: string }) =>
  staffCall<typeof T.markReceived.path, TransferReceipt>(T.markReceived, { orderNo }, input, { silent: true })

/** importBankStatement: the file as the raw body (POST); answers the preview, nothing paid yet. */
export const importBankStatement = (file: File, options: UploadOptions = {}) =>
  staffUpload<StatementPreview>(staffUrl(T.importStatement.path), { name: file.name }, file, { ...options, method: 'POST' })

export const confirmBankStatement = (id: string, lines: number[]) =>
  staffCall<typeof T.confirmStatement.path, StatementApplied>(T.confirmStatement, { id }, { lines }, { silent: true })

/** The proforma as the buyer has it, opened in a new tab. */
export const transferProformaUrl = (orderNo: string, lang: string) =>
  `${staffUrl(T.proforma.path, { orderNo })}?lang=${encodeURIComponent(lang)}`
