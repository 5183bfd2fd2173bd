import { Type } from 'typebox'
import { ErrorEnvelope } from '../envelope.ts'
import { LangOnlyBody } from '../fields.ts'
import { OrderNoParam } from '../staff-orders.ts'
import { ListShipmentsQuery, PackingSlipQuery, ShipOrderBody, StaffShipment, StaffShipmentPage } from '../staff-shipments.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

const audited = 'Audited (listAudit).'

export const staffShipmentRoutes = defineRoutes(CALLS.staffShipments, ['Staff: shipments'], {
  list: {
    operationId: 'listShipments',
    permission: 'shipments.read',
    summary: 'Paper copies of paid research orders: not yet shipped first, oldest paid first; filtered by status',
    querystring: ListShipmentsQuery,
    data: StaffShipmentPage,
  },
  packingSlip: {
    operationId: 'getPackingSlip',
    permission: 'shipments.read',
    summary:
      "A printable packing slip (PDF, A4) in the order's language: order number, date, recipient, phone, address, the report and edition",
    params: OrderNoParam,
    querystring: PackingSlipQuery,
    response: {
      200: { description: 'The packing slip', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } },
      '4xx': ErrorEnvelope,
      '5xx': ErrorEnvelope,
    },
  },
  ship: {
    operationId: 'shipOrder',
    permission: 'shipments.act',
    summary: 'Marks a paper copy shipped with its courier and tracking number; the buyer is mailed them',
    description: `The same carrier and number again answers the shipment as it is (no second mail). Refused unless the order is paid and not refunded (300612), or once delivered (300613). ${audited}`,
    params: OrderNoParam,
    body: ShipOrderBody,
    data: StaffShipment,
  },
  deliver: {
    operationId: 'deliverShipment',
    permission: 'shipments.act',
    summary: 'Marks a shipped paper copy delivered, which closes it',
    description: `Twice answers it as it is. Refused before it is shipped (300614). ${audited}`,
    params: OrderNoParam,
    body: LangOnlyBody,
    data: StaffShipment,
  },
})
