import { Type, type Static } from 'typebox'
import { IdField, LangField } from './fields.ts'
import { PayMethodField, PayPriceField } from './website-user-order.ts'

// Research (report) orders; they answer website-user-order's OrderItem and PayData.

export const ResearchOrderSaveBody = Type.Object(
  {
    lang: LangField,
    reportId: IdField,
    edition: Type.Union([Type.Literal('standard'), Type.Literal('professional')], { description: 'Standard or Professional edition' }),
    licence: Type.Union([Type.Literal('single'), Type.Literal('multi'), Type.Literal('enterprise')], {
      description: 'Single user, multi user or enterprise licence',
    }),
    email: Type.Optional(Type.String({ maxLength: 200, description: "Delivery address; default the account's e-mail" })),
    addressId: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{0,17}$',
        description: "Where the paper copy goes (an address of the caller's book), for an edition that includes one",
      }),
    ),
  },
  { additionalProperties: false },
)
export type ResearchOrderSaveBody = Static<typeof ResearchOrderSaveBody>

export const ResearchOrderPayBody = Type.Object(
  {
    lang: LangField,
    id: Type.Optional(IdField),
    payMethod: PayMethodField,
    payPrice: PayPriceField,
  },
  { additionalProperties: false },
)
export type ResearchOrderPayBody = Static<typeof ResearchOrderPayBody>

export const ResearchOrderEmailBody = Type.Object(
  {
    lang: LangField,
    id: IdField,
    email: Type.Optional(Type.String({ maxLength: 200 })),
    confirmEmail: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "The address typed again; when sent, it must match ('The email addresses are inconsistent.')",
      }),
    ),
    addressId: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{0,17}$',
        description: "Where the paper copy goes (an address of the caller's book); kept as a copy on the order",
      }),
    ),
  },
  { additionalProperties: false },
)
export type ResearchOrderEmailBody = Static<typeof ResearchOrderEmailBody>
