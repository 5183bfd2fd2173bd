import { Type, type TObject } from 'typebox'

// The inputs of the cached calls, as the core API accepts them: the cache key
// is built from these fields alone (others are dropped before validation), so
// nothing unvalidated can mint entries.

export const LangField = Type.Optional(Type.Union([Type.Literal('zh-CN'), Type.Literal('en-US')]))
const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 20 }))
const Code = Type.Optional(Type.String({ maxLength: 64 }))
const Keyword = Type.Optional(Type.String({ maxLength: 100 }))

const strict = { additionalProperties: false }

export const LangOnly = Type.Object({ lang: LangField }, strict)
export const DictBody = Type.Object({ lang: LangField, dictType: Type.String({ minLength: 1, maxLength: 64 }) }, strict)
export const ConfigQuery = Type.Object({ lang: LangField, keys: Type.String({ minLength: 1, maxLength: 50 * 121 }) }, strict)
export const ConfigFormQuery = Type.Object({ lang: LangField, configKey: Type.String({ minLength: 1, maxLength: 120 }) }, strict)
export const LimitQuery = Type.Object({ lang: LangField, limit: Limit }, strict)
export const CategoryPageBody = Type.Object({ lang: LangField, marketType: Code, keyword: Keyword, queryKeyword: Keyword }, strict)

/** The input schema of each cached path: a querystring for GET, a body for POST. */
export const CACHED_INPUTS: Record<string, TObject> = {
  'POST /basedata/dict/listData': DictBody,
  'GET /basedata/config/findListByKeys': ConfigQuery,
  'GET /basedata/config/form': ConfigFormQuery,
  'GET /basedata/carousel/listData': LangOnly,
  'GET /basedata/home/mapData': LangOnly,
  'GET /report/researchReport/hotReports': LimitQuery,
  'POST /report/researchReport/categoryList': LangOnly,
  'POST /report/researchReport/marketTypeList': LangOnly,
  'GET /report/researchBriefReport/choicenessReports': LimitQuery,
  'POST /report/researchBriefReport/categoryList': LangOnly,
  'POST /report/researchBriefReport/categoryPage': CategoryPageBody,
  'POST /report/marketInfo/categoryList': LangOnly,
  'GET /report/marketInfo/topList': LimitQuery,
  'GET /report/marketInfo/marketInfoTopSixList': LangOnly,
}

/** The core API's answers pass through as they are; their data is its contract, not ours. */
export const AnyData = Type.Unknown()
