import { Type } from 'typebox'
import { IdField, LangField } from '../../http/schemas.ts'
import { PayMethodField, PayPriceField } from '../website-user-order/schemas.ts'

export const SaveBody = Type.Object({
  lang: LangField,
  reportId: IdField,
  edition: Type.Union([Type.Literal('standard'), Type.Literal('professional')], { description: 'Standard or Professional edition' }),
  licence: Type.Union([Type.Literal('single'), Type.Literal('multi'), Type.Literal('enterprise')], { description: 'Single user, multi user or enterprise licence' }),
  email: Type.Optional(Type.String({ maxLength: 200, description: "Delivery address; default the account's e-mail" })),
}, { additionalProperties: false })

export const PayBody = Type.Object({
  lang: LangField,
  id: Type.Optional(IdField),
  payMethod: PayMethodField,
  payPrice: PayPriceField,
}, { additionalProperties: false })

export const UpdateEmailBody = Type.Object({
  lang: LangField,
  id: IdField,
  email: Type.Optional(Type.String({ maxLength: 200 })),
  confirmEmail: Type.Optional(Type.String({ maxLength: 200, description: "The address typed again; when sent, it must match ('The email addresses are inconsistent.')" })),
}, { additionalProperties: false })
