import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'

// The staff desk's shipping queue: paper copies of paid research orders.

export const ShipmentStatus = Type.Union([Type.Literal('pending'), Type.Literal('shipped'), Type.Literal('delivered')])
export type ShipmentStatus = Static<typeof ShipmentStatus>

export const ListShipmentsQuery = Type.Object(
  {
    lang: LangField,
    status: Type.Optional(ShipmentStatus),
    pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
)
export type ListShipmentsQuery = Static<typeof ListShipmentsQuery>

export const StaffShipment = Type.Object({
  orderNo: Type.String(),
  lang: Type.String(),
  title: Type.String(),
  edition: Type.Union([Type.String(), Type.Null()]),
  licence: Type.Union([Type.String(), Type.Null()]),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  refunded: Type.Boolean({ description: 'Refunded (or being refunded): not to be shipped' }),
  status: ShipmentStatus,
  recipient: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  postcode: Type.Union([Type.String(), Type.Null()]),
  carrier: Type.Union([Type.String(), Type.Null()]),
  trackingNo: Type.Union([Type.String(), Type.Null()]),
  shippedAt: Type.Union([Type.String(), Type.Null()]),
  shippedBy: Type.Union([Type.String(), Type.Null()]),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
})
export type StaffShipment = Static<typeof StaffShipment>

export const StaffShipmentPage = Type.Object({
  list: Type.Array(StaffShipment),
  count: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
})
export type StaffShipmentPage = Static<typeof StaffShipmentPage>

export const ShipOrderBody = Type.Object(
  {
    lang: LangField,
    carrier: Type.String({ minLength: 1, maxLength: 60, description: 'The courier, as the buyer should read it (SF Express, 顺丰速运…)' }),
    trackingNo: Type.String({ minLength: 4, maxLength: 40, pattern: '^[A-Za-z0-9-]+$', description: "The courier's tracking number" }),
  },
  { additionalProperties: false },
)
export type ShipOrderBody = Static<typeof ShipOrderBody>

export const PackingSlipQuery = Type.Object({ lang: LangField }, { additionalProperties: false })
