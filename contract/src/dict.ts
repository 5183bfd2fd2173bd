import { Type, type Static } from 'typebox'
import { DictItem, LangField } from './fields.ts'

export const DictListBody = Type.Object(
  {
    lang: LangField,
    dictType: Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'A known dictionary type: reports_category, market_type, news_category, bulletin_type, bulletin_label, each with an _en variant for en-US',
    }),
  },
  { additionalProperties: false },
)
export type DictListBody = Static<typeof DictListBody>

export const DictList = Type.Array(DictItem)
export type DictList = Static<typeof DictList>
