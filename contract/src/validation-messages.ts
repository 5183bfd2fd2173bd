// One wording of each validation message, in both interface languages, for
// both tiers: the core API answers a request its schema refuses with it, and
// the BFF its own routes (the ops API) and its body parser. The words are the
// core API's, which its contract tests pin (the BFF once said 超出上限 for
// 不能大于, exceeds its limit of for must be at most).

type Lang = 'zh-CN' | 'en-US'

/** The part of a schema violation (Ajv's, as Fastify hands it on) a message is made of. */
export interface ValidationIssue {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
}

type Sentence = (field: string, params: Record<string, unknown>) => string
type Words = Record<Lang, Sentence>

const limit = (params: Record<string, unknown>) => String(params.limit)

const BAD_FORMAT: Words = {
  'zh-CN': (field) => `参数 ${field} 的格式不正确`,
  'en-US': (field) => `Parameter ${field} has an invalid format`,
}
const BAD_VALUE: Words = {
  'zh-CN': (field) => `参数 ${field} 的取值不正确`,
  'en-US': (field) => `Parameter ${field} has an invalid value`,
}
const INVALID: Words = { 'zh-CN': (field) => `参数 ${field} 不正确`, 'en-US': (field) => `Parameter ${field} is invalid` }

/** By the schema keyword that failed; a keyword not named here reads as INVALID. */
const BY_KEYWORD: Record<string, Words> = {
  required: { 'zh-CN': (field) => `缺少必填参数：${field}`, 'en-US': (field) => `Missing required parameter: ${field}` },
  additionalProperties: { 'zh-CN': (field) => `不支持的参数：${field}`, 'en-US': (field) => `Unknown parameter: ${field}` },
  type: {
    'zh-CN': (field, p) => `参数 ${field} 的类型应为 ${String(p.type)}`,
    'en-US': (field, p) => `Parameter ${field} must be of type ${String(p.type)}`,
  },
  maxLength: {
    'zh-CN': (field, p) => `参数 ${field} 不能超过 ${limit(p)} 个字符`,
    'en-US': (field, p) => `Parameter ${field} must be at most ${limit(p)} characters`,
  },
  minLength: {
    'zh-CN': (field, p) => `参数 ${field} 不能少于 ${limit(p)} 个字符`,
    'en-US': (field, p) => `Parameter ${field} must be at least ${limit(p)} characters`,
  },
  maximum: {
    'zh-CN': (field, p) => `参数 ${field} 不能大于 ${limit(p)}`,
    'en-US': (field, p) => `Parameter ${field} must be at most ${limit(p)}`,
  },
  minimum: {
    'zh-CN': (field, p) => `参数 ${field} 不能小于 ${limit(p)}`,
    'en-US': (field, p) => `Parameter ${field} must be at least ${limit(p)}`,
  },
  maxItems: {
    'zh-CN': (field, p) => `参数 ${field} 最多 ${limit(p)} 项`,
    'en-US': (field, p) => `Parameter ${field} must have at most ${limit(p)} items`,
  },
  pattern: BAD_FORMAT,
  format: BAD_FORMAT,
  enum: BAD_VALUE,
  const: BAD_VALUE,
  anyOf: BAD_VALUE,
}

/** The field at fault as a dotted path (a missing or unknown one included); the body itself when there is none. */
export function validationField(issue: ValidationIssue): string {
  const named = issue.params.missingProperty ?? issue.params.additionalProperty
  const segments = issue.instancePath.split('/').filter(Boolean)
  if (typeof named === 'string') segments.push(named)
  return segments.join('.') || 'body'
}

/** The first schema violation as a sentence naming the field and the rule, in the caller's language. */
export function describeValidation(issue: ValidationIssue, lang: Lang): string {
  const words = BY_KEYWORD[issue.keyword] ?? INVALID
  return words[lang](validationField(issue), issue.params)
}

/** A body that does not parse as the JSON its content type announces (an empty one reads as {}). */
export const MALFORMED_JSON_MESSAGE: Readonly<Record<Lang, string>> = {
  'zh-CN': '请求体不是有效的 JSON',
  'en-US': 'The request body is not valid JSON',
}
