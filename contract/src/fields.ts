import { Type, type Static, type TProperties } from 'typebox'

// Building blocks every route schema shares, so a field means the same thing
// (and is bounded the same way) on every endpoint.

export const LangField = Type.Optional(
  Type.Union([Type.Literal('zh-CN'), Type.Literal('en-US')], { description: 'Interface language; default zh-CN' }),
)

export const PageNoField = Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }))
export const PageSizeField = Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 }))

/** Record ids are bigint: accepted as a digit string or a number, answered as a string. */
export const IdField = Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'Record id' })

export const KeywordField = Type.Optional(Type.String({ maxLength: 100 }))
export const CodeField = Type.Optional(Type.String({ maxLength: 64 }))

/** What every searchable list takes first: the language, the page, and the keyword under both legacy spellings. */
export const SearchFields = {
  lang: LangField,
  pageNo: PageNoField,
  pageSize: PageSizeField,
  keyword: KeywordField,
  queryKeyword: KeywordField,
}

/** A staff list's query: the language and the page, then the list's own filters; nothing else is taken. */
export const StaffListQuery = <P extends TProperties>(filters: P) =>
  Type.Object({ lang: LangField, pageNo: PageNoField, pageSize: PageSizeField, ...filters }, { additionalProperties: false })

/** The input of a call for one record, by id or by webTitle (a slug, which may end in -{id}). */
export const RecordQuery = Type.Object(
  { lang: LangField, id: Type.Optional(IdField), webTitle: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false },
)
export type RecordQuery = Static<typeof RecordQuery>

/** The input of a short list of the newest or chosen records: at most 20, `fallback` unless asked. */
export function LimitQuery(fallback: number) {
  return Type.Object(
    { lang: LangField, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: fallback })) },
    { additionalProperties: false },
  )
}

/** The input of a call that takes nothing but the language: as a query string (GET) and as a body (POST). */
export const LangOnlyQuery = Type.Object({ lang: LangField }, { additionalProperties: false })
export const LangOnlyBody = Type.Object({ lang: LangField }, { additionalProperties: false })
export type LangOnlyQuery = Static<typeof LangOnlyQuery>

/** The version a write was read at, in a query (a DELETE has no body): a positive whole number. */
export const VersionQueryField = Type.String({ pattern: '^[1-9][0-9]{0,9}$' })

/** A DELETE's query: the language, and the version the record was read at (300101 when it moved on). */
export const LangVersionQuery = Type.Object({ lang: LangField, version: VersionQueryField }, { additionalProperties: false })
export type LangOnlyBody = Static<typeof LangOnlyBody>

export const DictItem = Type.Object({
  dictCode: Type.String(),
  dictLabel: Type.String(),
  dictLabelRaw: Type.String(),
  dictValue: Type.String(),
  dictType: Type.String(),
  isSys: Type.String(),
  cssClass: Type.Union([Type.String(), Type.Null()]),
  dictIcon: Type.Union([Type.String(), Type.Null()], {
    description: "CSS classes of the item's icon (report categories: the earlier clients' iconfont, e.g. iconfont icon-qiche)",
  }),
  cssStyle: Type.Union([Type.String(), Type.Null()]),
  treeSort: Type.Integer(),
  sort: Type.Integer(),
})
export type DictItem = Static<typeof DictItem>
