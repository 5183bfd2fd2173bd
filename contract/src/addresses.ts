import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'

// The buyer's address book (personal centre) and the address a research
// order with a paper copy is sent to. A Chinese address names its province,
// city and district by GB/T 2260 code (the server checks the district is in
// the city is in the province, and stores the names it knows); an
// international one (the English edition) names a country by ISO 3166 code
// and its region, city and street lines as written.

export const MAX_ADDRESSES = 20

const text = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) })
const DivisionCode = Type.String({ pattern: '^[0-9]{6}$', description: 'A GB/T 2260 code' })

export const AddressIdField = Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'An address of the caller’s book' })

export const SaveAddressBody = Type.Object(
  {
    lang: LangField,
    id: Type.Optional(AddressIdField),
    kind: Type.Union([Type.Literal('cn'), Type.Literal('intl')], {
      description: 'cn: mainland China by division codes; intl: any country',
    }),
    recipient: text(60),
    phone: text(30, "cn: a mainland mobile or a landline, as the custom request's phone; intl: digits, spaces, + ( ) -"),
    provinceCode: Type.Optional(DivisionCode),
    cityCode: Type.Optional(DivisionCode),
    districtCode: Type.Optional(DivisionCode),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', description: 'intl: ISO 3166-1 alpha-2' })),
    region: Type.Optional(text(100, 'intl: state, province or county')),
    city: Type.Optional(text(100, 'intl: the city')),
    street: text(200, 'cn: the street address; intl: the first street line'),
    street2: Type.Optional(text(200, 'intl: a second street line')),
    postcode: Type.Optional(text(20)),
  },
  { additionalProperties: false },
)
export type SaveAddressBody = Static<typeof SaveAddressBody>

export const Address = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('cn'), Type.Literal('intl')]),
  recipient: Type.String(),
  phone: Type.String(),
  provinceCode: Type.Union([Type.String(), Type.Null()]),
  provinceName: Type.Union([Type.String(), Type.Null()]),
  cityCode: Type.Union([Type.String(), Type.Null()]),
  cityName: Type.Union([Type.String(), Type.Null()]),
  districtCode: Type.Union([Type.String(), Type.Null()]),
  districtName: Type.Union([Type.String(), Type.Null()]),
  country: Type.String({ description: 'ISO 3166-1 alpha-2 (CN for a Chinese address)' }),
  region: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  street: Type.String(),
  street2: Type.Union([Type.String(), Type.Null()]),
  postcode: Type.Union([Type.String(), Type.Null()]),
  /** The address on one line, as a parcel label and the order page show it */
  text: Type.String(),
  updatedAt: Type.String(),
})
export type Address = Static<typeof Address>

export const AddressList = Type.Object({ list: Type.Array(Address), max: Type.Integer() })
export type AddressList = Static<typeof AddressList>

export const AddressIdBody = Type.Object({ lang: LangField, id: AddressIdField }, { additionalProperties: false })
export type AddressIdBody = Static<typeof AddressIdBody>

/** What an order's shipment answers (getOrderDocuments' shipment field, shipmentOfOrder). */
export const PaperCopyShipment = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('shipped'), Type.Literal('delivered')]),
  recipient: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  carrier: Type.Union([Type.String(), Type.Null()]),
  trackingNo: Type.Union([Type.String(), Type.Null()]),
  shippedAt: Type.Union([Type.String(), Type.Null()]),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
})
export type PaperCopyShipment = Static<typeof PaperCopyShipment>
