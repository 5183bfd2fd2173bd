import type { StaffOrderSeats, TraceResult, UpdateOrderSeatsBody } from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall, staffUpload, staffUrl } from '../../../lib/staff-api-client'

// Licences in the staff desk (contract/src/routes/licences.ts), through the BFF's /staff-api:
// an order's seats and stamped copies, their changes, and tracing a leaked file.

const L = STAFF_CALLS.staffLicences

export type { StaffOrderSeats, TraceResult }
export type SeatsChange = Omit<UpdateOrderSeatsBody, 'lang'>

export const getOrderSeats = (orderNo: string) =>
  staffCall<typeof L.listOrderSeats.path, StaffOrderSeats>(L.listOrderSeats, { orderNo }, undefined, { silent: true })
export const orderSeatsKey = (orderNo: string) => ['staff/order-seats', orderNo] as const
export function useOrderSeats(orderNo: string, enabled = true) {
  return useSWR<StaffOrderSeats, Error>(enabled ? orderSeatsKey(orderNo) : null, () => getOrderSeats(orderNo), { revalidateOnFocus: false })
}

/** Answers the order's seats as they are after the change (audited by the server). */
export const updateOrderSeats = (orderNo: string, change: SeatsChange) =>
  staffCall<typeof L.updateOrderSeats.path, StaffOrderSeats>(L.updateOrderSeats, { orderNo }, change, { silent: true })

/** Text copied out of a file. */
export const traceText = (text: string) =>
  staffCall<typeof L.traceFile.path, TraceResult>(L.traceFile, undefined, { text }, { silent: true })

/** The file itself as the raw body, with its own type, so the server reads it as the format it is. */
export const traceFile = (file: File, options: { signal?: AbortSignal; onProgress?: (sent: number, total: number) => void } = {}) =>
  staffUpload<TraceResult>(staffUrl(L.traceFile.path), {}, file, { ...options, method: 'POST' })
