import { Type } from 'typebox'
import { DictItem, LangField } from '../../http/schemas.ts'

export const ListDataBody = Type.Object(
  {
    lang: LangField,
    dictType: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'A known dictionary type: reports_category, market_type, news_category, bulletin_type, bulletin_label, each with an _en variant for en-US',
    }),
  },
  { additionalProperties: false },
)

export const DictList = Type.Array(DictItem)
