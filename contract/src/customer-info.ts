import { Type, type Static } from 'typebox'
import { IdField, LangField } from './fields.ts'

// Every form field is an optional string here, bounded in length: a missing
// field is answered by the form's own rule and message (core-api/src/modules/accounts/customer-validation.ts,
// product spec section 5), not by the generic schema message. Wrong types are
// refused by the schema; unknown fields are ignored, as everywhere.
const Text = (maxLength: number, description: string) => Type.Optional(Type.String({ maxLength, description }))

export const CustomerInfoSaveBody = Type.Object(
  {
    lang: LangField,
    // The legacy form sends type null from the home, market and list pages (its enquiry and contact buttons).
    type: Type.Union([Type.Literal('1'), Type.Literal('2')], {
      default: '2',
      description: "'1' sample request about a report, '2' custom research; absent, null or empty means '2'",
    }),
    version: Type.Optional(
      Type.Union([Type.Literal('0'), Type.Literal('1')], {
        description: "'0' China, '1' Global and China; required for a sample request (type '1') in zh-CN, ignored otherwise",
      }),
    ),
    companyName: Text(200, 'Company name (required)'),
    addr: Text(200, 'Position (optional)'),
    email: Text(200, 'E-mail address (required)'),
    contact: Text(40, 'Phone: a mainland mobile or a landline such as 010-12345678 (required)'),
    name: Text(100, 'Contact person (required)'),
    demand: Text(2000, 'Description of the needs (required)'),
    reportId: Type.Optional(IdField),
    reportPrice: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000_000, description: 'The price shown for the report' })),
  },
  { additionalProperties: false },
)
export type CustomerInfoSaveBody = Static<typeof CustomerInfoSaveBody>

export const CustomerInfoSaveData = Type.Object({ id: Type.String({ description: 'The stored request' }) })
export type CustomerInfoSaveData = Static<typeof CustomerInfoSaveData>
