import { Type, type Static } from 'typebox'
import { Page } from './envelope.ts'
import { TransferDetails } from './bank-transfer.ts'
import { IdField, LangField, PageNoField, PageSizeField } from './fields.ts'

// Orders: bulletin orders, and what both kinds of order answer.

// Pay fields are loose strings and numbers here: a missing or unknown pay
// method and a wrong amount are answered with the contract's own codes
// (100006, 100007, 100008), not with a schema message.
export const PayMethodField = Type.Optional(
  Type.String({
    maxLength: 20,
    description:
      "zfb, zfb_h5 (Alipay), wx (WeChat Native QR), wx_h5 (WeChat H5); bank (bank transfer, the product's own client only: under the earlier backend's prefix it is 100007)",
  }),
)
export const PayPriceField = Type.Optional(
  Type.Union([Type.Number({ minimum: 0, maximum: 100_000_000 }), Type.String({ maxLength: 20 })], {
    description: 'The amount shown to the buyer, in major units (yuan or dollars); it must equal the server price',
  }),
)

export const PayOrderBody = Type.Object(
  {
    lang: LangField,
    researchBriefReportId: Type.Optional(IdField),
    id: Type.Optional(IdField),
    payMethod: PayMethodField,
    payPrice: PayPriceField,
  },
  { additionalProperties: false },
)
export type PayOrderBody = Static<typeof PayOrderBody>

export const PayData = Type.Object({
  payMethod: Type.String(),
  orderPayUrl: Type.String({
    description:
      'Alipay: the cashier URL to open; WeChat: code_url for the QR code (wx) or h5_url (wx_h5). In sandbox mode, the sandbox cashier page. Bank transfer: the proforma invoice.',
  }),
  id: Type.String({ description: 'The order' }),
  orderNo: Type.String(),
  transfer: Type.Optional(TransferDetails),
})
export type PayData = Static<typeof PayData>

export const OrderItem = Type.Object({
  id: Type.String(),
  orderNo: Type.String(),
  kind: Type.String({ description: "'brief' (bulletin) or 'research' (report)" }),
  title: Type.String({ description: "The product's title" }),
  productId: Type.String(),
  createDate: Type.String(),
  payMethod: Type.Union([Type.String(), Type.Null()]),
  status: Type.String({ description: '0 waiting for payment, 1 paid, 2 cancelled, 3 failed' }),
  payPrice: Type.Number({ description: 'Major units' }),
  currency: Type.String(),
  edition: Type.Union([Type.String(), Type.Null()]),
  licence: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  expireDate: Type.String({ description: 'When an unpaid order is cancelled' }),
  paidDate: Type.Union([Type.String(), Type.Null()]),
  hasFile: Type.Boolean(),
  refund: Type.Union(
    [
      Type.Object({
        state: Type.Union([Type.Literal('refunding'), Type.Literal('refunded')]),
        amount: Type.Number({ description: 'Major units, all refunds of the order together' }),
      }),
      Type.Null(),
    ],
    {
      description:
        'Money returned to the buyer: a payment that arrived after the order closed, a second payment, or a refund by staff; null when none',
    },
  ),
})
export type OrderItem = Static<typeof OrderItem>

export const OrderListBody = Type.Object(
  {
    lang: LangField,
    pageNo: PageNoField,
    pageSize: PageSizeField,
    status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2'), Type.Literal('3')])),
  },
  { additionalProperties: false },
)
export type OrderListBody = Static<typeof OrderListBody>

export const OrderPage = Page(OrderItem)
export type OrderPage = Static<typeof OrderPage>

export const DownloadItem = Type.Intersect([
  OrderItem,
  Type.Object({
    fileName: Type.String(),
    downloads: Type.Integer({ description: "The caller's downloads of it" }),
    access: Type.Optional(
      Type.Union([Type.Literal('buyer'), Type.Literal('seat'), Type.Literal('domain')], {
        description:
          "buyer: the caller's order; seat: a colleague's order, a seat of which the caller accepted; domain: an enterprise licence of the caller's company",
      }),
    ),
  }),
])
export type DownloadItem = Static<typeof DownloadItem>
export const DownloadPage = Page(DownloadItem)
export type DownloadPage = Static<typeof DownloadPage>
export const DownListBody = Type.Object({ lang: LangField, pageNo: PageNoField, pageSize: PageSizeField }, { additionalProperties: false })
export type DownListBody = Static<typeof DownListBody>

export const OrderIdBody = Type.Object({ lang: LangField, id: Type.Optional(IdField) }, { additionalProperties: false })
export type OrderIdBody = Static<typeof OrderIdBody>

export const OrderNoBody = Type.Object(
  {
    lang: LangField,
    orderNo: Type.String({ pattern: '^[A-Z0-9]{6,32}$', description: 'The order number, as in the payment return address' }),
  },
  { additionalProperties: false },
)
export type OrderNoBody = Static<typeof OrderNoBody>
