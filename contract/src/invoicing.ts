import { Type, type Static } from 'typebox'
import { IdField, LangField, PageNoField, PageSizeField } from './fields.ts'

// Invoices: the buyer's invoice titles (抬头), the request of an
// invoice for a paid order, and the finance desk's queue. Amounts are major
// units (yuan, dollars), as the buyer paid them. The Chinese edition issues
// 数电票 (type 82 数电普票, 81 数电专票) through the configured provider; the
// English edition a commercial invoice the product renders itself.

const Text = (maxLength: number, description: string) => Type.String({ maxLength, description })
const Optional = (maxLength: number, description: string) => Type.Optional(Text(maxLength, description))

/** personal (个人): a name; company (单位): a name and its tax number, and for a 专票 its address, phone, bank and account. */
export const InvoiceTitleKind = Type.Union([Type.Literal('personal'), Type.Literal('company')])
export type InvoiceTitleKind = Static<typeof InvoiceTitleKind>

/** 82 数电普票, 81 数电专票 (Chinese edition); commercial (English edition). */
export const InvoiceType = Type.Union([Type.Literal('82'), Type.Literal('81'), Type.Literal('commercial')])
export type InvoiceType = Static<typeof InvoiceType>

export const InvoiceStatus = Type.Union([
  Type.Literal('requested'),
  Type.Literal('issued'),
  Type.Literal('reversing'),
  Type.Literal('reversed'),
])
export type InvoiceStatus = Static<typeof InvoiceStatus>

const TitleFields = {
  kind: InvoiceTitleKind,
  name: Text(200, 'The buyer’s name as the invoice shows it: a person’s or the company’s'),
  taxNo: Optional(30, '统一社会信用代码 (18 characters, checked) in Chinese; an optional tax or VAT number in English'),
  address: Optional(300, 'Registered address (a 专票 needs it; the English edition’s company address)'),
  phone: Optional(40, 'Registered phone (a 专票 needs it)'),
  bank: Optional(200, 'Bank of the account (a 专票 needs it)'),
  account: Optional(60, 'Bank account number (a 专票 needs it)'),
}

export const InvoiceTitle = Type.Object({
  id: Type.String(),
  lang: Type.String({ description: 'The edition the title belongs to: zh-CN or en-US' }),
  ...TitleFields,
  /** Whether it carries what a 数电专票 needs */
  special: Type.Boolean({ description: 'Whether it carries what a 数电专票 (81) needs' }),
  updatedAt: Type.String(),
})
export type InvoiceTitle = Static<typeof InvoiceTitle>

export const ListInvoiceTitlesBody = Type.Object({ lang: LangField }, { additionalProperties: false })
export type ListInvoiceTitlesBody = Static<typeof ListInvoiceTitlesBody>

export const SaveInvoiceTitleBody = Type.Object(
  { lang: LangField, id: Type.Optional(IdField), ...TitleFields },
  { additionalProperties: false },
)
export type SaveInvoiceTitleBody = Static<typeof SaveInvoiceTitleBody>

export const DeleteInvoiceTitleBody = Type.Object({ lang: LangField, id: IdField }, { additionalProperties: false })
export type DeleteInvoiceTitleBody = Static<typeof DeleteInvoiceTitleBody>

export const DeletedInvoiceTitle = Type.Object({ id: Type.String() })
export type DeletedInvoiceTitle = Static<typeof DeletedInvoiceTitle>

const OrderNo = Type.String({ pattern: '^[A-Z0-9]{6,32}$', description: 'The order number' })

export const RequestInvoiceBody = Type.Object(
  { lang: LangField, orderNo: OrderNo, titleId: IdField, type: InvoiceType },
  { additionalProperties: false },
)
export type RequestInvoiceBody = Static<typeof RequestInvoiceBody>

/** The order's invoice as its buyer sees it (getOrderDocuments' invoice). */
export const OrderInvoice = Type.Object({
  status: InvoiceStatus,
  type: Type.String({ description: '82, 81 or commercial' }),
  title: Type.String({ description: 'The title’s name, as snapshotted on the request' }),
  number: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Number({ description: 'Major units' }),
  currency: Type.Union([Type.Literal('CNY'), Type.Literal('USD')]),
  issuedAt: Type.Union([Type.String(), Type.Null()]),
  downloadUrl: Type.Union([Type.String(), Type.Null()], {
    description: 'The issued file, for the signed-in buyer (a GET through the site)',
  }),
})
export type OrderInvoice = Static<typeof OrderInvoice>

export const InvoiceFileQuery = Type.Object(
  {
    lang: LangField,
    orderNo: OrderNo,
    which: Type.Optional(Type.Union([Type.Literal('invoice'), Type.Literal('red')], { default: 'invoice' })),
  },
  { additionalProperties: false },
)
export type InvoiceFileQuery = Static<typeof InvoiceFileQuery>

// ---- the finance desk ----

export const StaffInvoiceStatus = Type.Union([...InvoiceStatus.anyOf, Type.Literal('cancelled')])

export const ListInvoicesQuery = Type.Object(
  {
    lang: LangField,
    status: Type.Optional(StaffInvoiceStatus),
    orderNo: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,32}$' })),
    pageNo: PageNoField,
    pageSize: PageSizeField,
  },
  { additionalProperties: false },
)
export type ListInvoicesQuery = Static<typeof ListInvoicesQuery>

const Nullable = (description: string) => Type.Union([Type.String({ description }), Type.Null()])

export const StaffInvoice = Type.Object({
  orderNo: Type.String(),
  orderTitle: Type.String({ description: 'What was bought' }),
  orderState: Type.String({ description: 'paid, or refunded once the refund has gone through' }),
  buyer: Type.String({ description: "The account's login" }),
  buyerEmail: Type.String(),
  lang: Type.String(),
  type: Type.String({ description: '82, 81 or commercial' }),
  status: StaffInvoiceStatus,
  provider: Type.String({ description: 'manual, sandbox, or commercial (rendered here)' }),
  title: Type.Object(TitleFields, { description: 'The title as snapshotted on the request' }),
  amount: Type.Number(),
  currency: Type.String(),
  number: Nullable('The invoice number once issued'),
  redNumber: Nullable('The red-letter invoice’s number once reversed'),
  files: Type.Array(Type.Object({ which: Type.String({ description: 'invoice or red' }), name: Type.String(), format: Type.String() })),
  requestedAt: Type.String(),
  issuedAt: Nullable('When issued'),
  reversedAt: Nullable('When reversed'),
})
export type StaffInvoice = Static<typeof StaffInvoice>

export const StaffInvoicePage = Type.Object({
  list: Type.Array(StaffInvoice),
  count: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
})
export type StaffInvoicePage = Static<typeof StaffInvoicePage>

export const InvoiceOrderParam = Type.Object(
  { orderNo: Type.String({ pattern: '^[A-Za-z0-9]{6,32}$', description: 'The order number' }) },
  { additionalProperties: false },
)

export const ReverseInvoiceBody = Type.Object(
  { lang: LangField, reason: Type.String({ minLength: 1, maxLength: 200, description: '冲红原因: why the invoice is reversed' }) },
  { additionalProperties: false },
)
export type ReverseInvoiceBody = Static<typeof ReverseInvoiceBody>

export const UploadInvoiceFileQuery = Type.Object(
  {
    lang: LangField,
    which: Type.Union([Type.Literal('invoice'), Type.Literal('red')], { description: 'The invoice, or its red-letter reversal' }),
    number: Type.String({ pattern: '^[0-9A-Za-z-]{8,40}$', description: 'The number the national platform gave it' }),
    name: Type.String({ minLength: 1, maxLength: 200, description: 'The file’s name (PDF, OFD or XML)' }),
  },
  { additionalProperties: false },
)
export type UploadInvoiceFileQuery = Static<typeof UploadInvoiceFileQuery>
