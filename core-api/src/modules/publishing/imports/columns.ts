import type { ReportEditionInput } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { issue, WORDS, type RowIssue } from './messages.ts'

// One row is one report; its columns are the report's code and status, then
// each edition's fields under the edition's prefix (zh. for zh-CN, en. for
// en-US), named as in the contract (ReportEditionInput), with the prices as
// price.single / price.multi / price.enterprise and the files as file.sample /
// file.full (a path inside the zip). docs/staff.md "Bulk import" lists them.

export const EDITIONS = { zh: 'zh-CN', en: 'en-US' } as const
export type Prefix = keyof typeof EDITIONS
export type EditionKey = (typeof EDITIONS)[Prefix]
export type FileKind = 'sample' | 'full'

type Kind = 'text' | 'integer' | 'boolean' | 'date' | 'region'

/** The edition's fields with how a cell converts to each. */
const EDITION_FIELDS: Record<string, Kind> = {
  title: 'text',
  slug: 'text',
  category: 'text',
  region: 'region',
  summary: 'text',
  context: 'text',
  contents: 'text',
  scope: 'text',
  chartsHtml: 'text',
  publishDate: 'date',
  pages: 'integer',
  charts: 'integer',
  hot: 'boolean',
  hotSort: 'integer',
  recommended: 'boolean',
  seoTitle: 'text',
  seoDescription: 'text',
}
const PRICES = ['single', 'multi', 'enterprise'] as const
export const FILE_KINDS: readonly FileKind[] = ['sample', 'full']

/** Every column a sheet may have, in the documented order. */
export const COLUMNS: readonly string[] = [
  'code',
  'status',
  ...(Object.keys(EDITIONS) as Prefix[]).flatMap((p) => [
    ...Object.keys(EDITION_FIELDS).map((f) => `${p}.${f}`),
    ...PRICES.map((k) => `${p}.price.${k}`),
    ...FILE_KINDS.map((k) => `${p}.file.${k}`),
  ]),
]
const KNOWN = new Set(COLUMNS)

/** The header row, checked: known columns, each once, and a title in some edition. */
export function checkHeader(header: string[]): string[] {
  const names = header.map((name) => name.trim())
  const seen = new Set<string>()
  for (const name of names) {
    if (name === '') continue
    if (!KNOWN.has(name)) throw badHeader(`未知的列：${name}`, `Unknown column: ${name}`)
    if (seen.has(name)) throw badHeader(`重复的列：${name}`, `Column repeated: ${name}`)
    seen.add(name)
  }
  if (!seen.has('zh.title') && !seen.has('en.title')) throw badHeader('缺少 zh.title 或 en.title 列', 'No zh.title or en.title column')
  return names
}

function badHeader(zh: string, en: string): AppError {
  const { message } = { message: { 'zh-CN': `报告表的表头不正确：${zh}`, 'en-US': `The report sheet's header row is not valid: ${en}` } }
  return new AppError('IMPORT_BAD_HEADER', message)
}

export type FileRefs = Partial<Record<EditionKey, Partial<Record<FileKind, string>>>>

/** A row converted to what importBatch takes, before the schema check; files are still paths in the zip. */
export interface RowDraft {
  row: number
  code?: string
  status?: 'draft' | 'published'
  editions: Partial<Record<EditionKey, Record<string, unknown>>>
  files: FileRefs
}

const TRUE = new Set(['true', '1', 'yes', 'y', '是'])
const FALSE = new Set(['false', '0', 'no', 'n', '否'])

function convert(kind: Kind, value: string, row: number, column: string, issues: RowIssue[]): unknown {
  switch (kind) {
    case 'text':
      return value
    case 'region':
      return value
    case 'integer': {
      if (!/^-?\d+$/.test(value)) issues.push(issue(row, column, WORDS.notInteger))
      return Number(value)
    }
    case 'boolean': {
      const lower = value.toLowerCase()
      if (TRUE.has(lower)) return true
      if (FALSE.has(lower)) return false
      issues.push(issue(row, column, WORDS.notBoolean))
      return undefined
    }
    case 'date': {
      const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value)
      if (!match) {
        issues.push(issue(row, column, WORDS.notDate))
        return value
      }
      const [, y, m, d] = match
      const date = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`
      if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) issues.push(issue(row, column, WORDS.notDate))
      return date
    }
  }
}

function price(value: string, row: number, column: string, issues: RowIssue[]): number | null {
  if (value === '') return null
  const number = Number(value.replace(/,/g, ''))
  if (!Number.isFinite(number)) {
    issues.push(issue(row, column, WORDS.notNumber))
    return null
  }
  // The contract asks for cents: a price typed as 9.999 is refused by the schema, not rounded here.
  return number
}

/** A sheet row (its cells by column) as a draft report, with what could not be converted. */
export function rowToDraft(row: number, cells: Map<string, string>, issues: RowIssue[]): RowDraft {
  const draft: RowDraft = { row, editions: {}, files: {} }
  const code = cells.get('code')
  if (code) draft.code = code
  const status = cells.get('status')
  if (status) {
    if (status === 'draft' || status === 'published') draft.status = status
    else issues.push(issue(row, 'status', WORDS.badStatus))
  }
  for (const [prefix, lang] of Object.entries(EDITIONS) as [Prefix, EditionKey][]) {
    const filled = [...cells].some(([column, value]) => column.startsWith(`${prefix}.`) && value !== '')
    if (!filled) continue
    const edition: Record<string, unknown> = {}
    for (const [field, kind] of Object.entries(EDITION_FIELDS)) {
      const value = cells.get(`${prefix}.${field}`) ?? ''
      if (value === '') continue
      const converted = convert(kind, value, row, `${prefix}.${field}`, issues)
      if (converted !== undefined) edition[field] = converted
    }
    edition.prices = Object.fromEntries(
      PRICES.map((k) => [k, price(cells.get(`${prefix}.price.${k}`) ?? '', row, `${prefix}.price.${k}`, issues)]),
    )
    draft.editions[lang] = edition
    for (const kind of FILE_KINDS) {
      const path = cells.get(`${prefix}.file.${kind}`)
      if (path) (draft.files[lang] ??= {})[kind] = path
    }
  }
  if (Object.keys(draft.editions).length === 0) issues.push(issue(row, '', WORDS.noEdition))
  return draft
}

/** The column of a schema violation's path inside an edition (/prices/single → zh.price.single). */
export function columnOf(prefix: Prefix, instancePath: string, missing?: unknown): string {
  const segments = instancePath.split('/').filter(Boolean)
  if (typeof missing === 'string') segments.push(missing)
  if (segments[0] === 'prices') return segments[1] ? `${prefix}.price.${segments[1]}` : `${prefix}.price.single`
  return segments[0] ? `${prefix}.${segments[0]}` : prefix
}

export type EditionDraft = ReportEditionInput
