import { describeValidation, type ValidationIssue } from '@rpt/contract'
import type { Lang } from '../../../platform/errors.ts'

// A row error names its row and column and says what is wrong in both
// languages; the answer picks the caller's (the record keeps both, so a later
// getImport in the other language reads as well).

export interface RowIssue {
  row: number
  column: string
  message: Record<Lang, string>
}

type Words = Record<Lang, (column: string, value?: string) => string>

export const WORDS = {
  required: { 'zh-CN': (c) => `缺少必填参数：${c}`, 'en-US': (c) => `Missing required parameter: ${c}` },
  notNumber: { 'zh-CN': (c) => `参数 ${c} 应为数字`, 'en-US': (c) => `Parameter ${c} must be a number` },
  notInteger: { 'zh-CN': (c) => `参数 ${c} 应为整数`, 'en-US': (c) => `Parameter ${c} must be a whole number` },
  notBoolean: {
    'zh-CN': (c) => `参数 ${c} 应为 true/false、1/0 或 是/否`,
    'en-US': (c) => `Parameter ${c} must be true/false, 1/0 or yes/no`,
  },
  notDate: { 'zh-CN': (c) => `参数 ${c} 应为日期 YYYY-MM-DD`, 'en-US': (c) => `Parameter ${c} must be a date, YYYY-MM-DD` },
  badStatus: { 'zh-CN': (c) => `参数 ${c} 应为 draft 或 published`, 'en-US': (c) => `Parameter ${c} must be draft or published` },
  unknownCategory: {
    'zh-CN': (c, v) => `参数 ${c} 的分类「${v}」不在分类字典中`,
    'en-US': (c, v) => `Parameter ${c}: the category "${v}" is not in the category dictionary`,
  },
  duplicateSlug: {
    'zh-CN': (c, v) => `参数 ${c} 与第 ${v} 行重复（同一语言的 slug 必须唯一）`,
    'en-US': (c, v) => `Parameter ${c} repeats row ${v} (a slug is unique within its language)`,
  },
  duplicateCode: {
    'zh-CN': (c, v) => `参数 ${c} 与第 ${v} 行重复`,
    'en-US': (c, v) => `Parameter ${c} repeats row ${v}`,
  },
  noEdition: {
    'zh-CN': () => '该行没有任何语言版本（zh.* 或 en.* 列均为空）',
    'en-US': () => 'The row has no edition (every zh.* and en.* column is empty)',
  },
  noZip: {
    'zh-CN': (c) => `参数 ${c} 指向文件包中的文件，但未上传文件包（files）`,
    'en-US': (c) => `Parameter ${c} names a file in the archive, but no archive (files) was sent`,
  },
  notInZip: {
    'zh-CN': (c, v) => `参数 ${c}：文件包中没有「${v}」`,
    'en-US': (c, v) => `Parameter ${c}: the archive has no "${v}"`,
  },
  badExtension: {
    'zh-CN': (c, v) => `参数 ${c}：「${v}」不是 .pdf、.doc 或 .docx 文件`,
    'en-US': (c, v) => `Parameter ${c}: "${v}" is not a .pdf, .doc or .docx file`,
  },
} satisfies Record<string, Words>

export function issue(row: number, column: string, words: Words, value?: string): RowIssue {
  return { row, column, message: { 'zh-CN': words['zh-CN'](column, value), 'en-US': words['en-US'](column, value) } }
}

/** A schema violation of a row's value, in the contract's words, naming the column instead of the field. */
export function schemaIssue(row: number, column: string, violation: ValidationIssue): RowIssue {
  const named: ValidationIssue = { keyword: violation.keyword, instancePath: `/${column}`, params: { ...violation.params } }
  delete named.params.missingProperty
  delete named.params.additionalProperty
  return { row, column, message: { 'zh-CN': describeValidation(named, 'zh-CN'), 'en-US': describeValidation(named, 'en-US') } }
}

/** Per-file messages that are not a row's (a zip refused, a type not matching), with what they name. */
export function localized(message: Record<Lang, string>, lang: Lang): string {
  return message[lang]
}
