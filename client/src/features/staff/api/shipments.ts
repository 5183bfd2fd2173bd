import type { ListShipmentsQuery, ShipmentStatus, StaffShipment, StaffShipmentPage } from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall, staffUrl } from '../../../lib/staff-api-client'

// The shipping queue of paper copies (contract/src/routes/staff-shipments.ts), through the BFF's /staff-api.

const S = STAFF_CALLS.staffShipments

export type { ShipmentStatus, StaffShipment, StaffShipmentPage }
export type ListShipmentsInput = Omit<ListShipmentsQuery, 'lang'>
export const SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['pending', 'shipped', 'delivered']

export const listShipments = (input: ListShipmentsInput) =>
  staffCall<typeof S.list.path, StaffShipmentPage>(S.list, undefined, input, { silent: true })
export function useShipments(input: ListShipmentsInput) {
  return useSWR<StaffShipmentPage, Error>(['staff/shipments', JSON.stringify(input)], () => listShipments(input), {
    keepPreviousData: true,
  })
}

/** The packing slip (a PDF in the order's language), opened by the browser with the staff cookie. */
export const packingSlipUrl = (orderNo: string, lang: string) =>
  `${staffUrl(S.packingSlip.path, { orderNo })}?lang=${encodeURIComponent(lang)}`

export const shipOrder = (orderNo: string, carrier: string, trackingNo: string) =>
  staffCall<typeof S.ship.path, StaffShipment>(S.ship, { orderNo }, { carrier, trackingNo }, { silent: true })
export const deliverShipment = (orderNo: string) =>
  staffCall<typeof S.deliver.path, StaffShipment>(S.deliver, { orderNo }, {}, { silent: true })
