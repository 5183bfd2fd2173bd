import { ReportEditionInput, type ValidationIssue } from '@rpt/contract'
import { Compile } from 'typebox/compile'
import { columnOf, EDITIONS, FILE_KINDS, rowToDraft, type EditionKey, type Prefix, type RowDraft } from './columns.ts'
import { MAX_ERRORS } from './limits.ts'
import { issue, schemaIssue, WORDS, type RowIssue } from './messages.ts'
import { readSheet, type SheetKind } from './sheet.ts'
import { checkEntryType, extensionOf, type ZipIndex } from './zip.ts'

// Checks a whole sheet before anything changes: each row converted and held
// to the contract's own edition schema (the compiled validator of
// ReportEditionInput, worded as the API words a refused request), its
// category in the dictionary, its slug required and unique per language in
// the file, its code unique, its files present in the zip with an extension
// that is PDF or Word and bytes that say so.

const editionCheck = Compile(ReportEditionInput)
const PREFIX_OF: Record<EditionKey, Prefix> = { 'zh-CN': 'zh', 'en-US': 'en' }

export interface SheetSource {
  file: string
  kind: SheetKind
}

export interface ValidationResult {
  total: number
  issues: RowIssue[]
  /** How many issues there were in all (only MAX_ERRORS are kept) */
  issueCount: number
  /** The media type of each zip entry the sheet names, found from its bytes */
  types: Map<string, string>
}

/** Categories allowed per edition (reports_category / reports_category_en values). */
export type Categories = Record<EditionKey, Set<string>>

/** The issues of one converted row that need no other row (schema, category, files named). */
export function checkDraft(draft: RowDraft, categories: Categories, zip: ZipIndex | undefined, issues: RowIssue[]): void {
  const { row } = draft
  if (draft.code !== undefined && !/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/.test(draft.code)) {
    issues.push(schemaIssue(row, 'code', { keyword: 'pattern', instancePath: '', params: {} }))
  }
  for (const [lang, edition] of Object.entries(draft.editions) as [EditionKey, Record<string, unknown>][]) {
    const prefix = PREFIX_OF[lang]
    const columns = new Set<string>()
    if (edition.slug === undefined) {
      columns.add(`${prefix}.slug`)
      issues.push(issue(row, `${prefix}.slug`, WORDS.required))
    }
    for (const violation of editionCheck.Errors(edition)) {
      const params = violation.params as Record<string, unknown>
      const required: unknown = params.requiredProperties
      const missing: unknown = Array.isArray(required) ? (required as unknown[])[0] : params.missingProperty
      const column = columnOf(prefix, violation.instancePath, missing)
      // A union reports each option, then itself: the first word on a column is the one to show.
      if (columns.has(column)) continue
      columns.add(column)
      const named: ValidationIssue = { keyword: violation.keyword, instancePath: violation.instancePath, params }
      issues.push(schemaIssue(row, column, named))
    }
    const category = edition.category
    if (typeof category === 'string' && !columns.has(`${prefix}.category`) && !categories[lang].has(category)) {
      issues.push(issue(row, `${prefix}.category`, WORDS.unknownCategory, category))
    }
  }
  for (const [lang, kinds] of Object.entries(draft.files) as [EditionKey, Record<string, string>][]) {
    for (const kind of FILE_KINDS) {
      const path = kinds[kind]
      if (!path) continue
      const column = `${PREFIX_OF[lang]}.file.${kind}`
      if (!extensionOf(path)) issues.push(issue(row, column, WORDS.badExtension, path))
      else if (!zip) issues.push(issue(row, column, WORDS.noZip))
      else if (!zip.entries.has(path.replace(/^\.\//, ''))) issues.push(issue(row, column, WORDS.notInZip, path))
    }
  }
}

/** The file paths a row names, as zip entry names. */
export function filesOf(draft: RowDraft): string[] {
  return Object.values(draft.files).flatMap((kinds) => Object.values(kinds ?? {}).map((path) => path.replace(/^\.\//, '')))
}

/**
 * Reads and checks every row. A zip entry whose bytes are not what its name
 * says throws (IMPORT_FILE_TYPE_MISMATCH): the whole import is refused.
 */
export async function validateSheet(source: SheetSource, categories: Categories, zip?: ZipIndex): Promise<ValidationResult> {
  const issues: RowIssue[] = []
  let issueCount = 0
  let total = 0
  const slugs: Record<EditionKey, Map<string, number>> = { 'zh-CN': new Map(), 'en-US': new Map() }
  const codes = new Map<string, number>()
  const named = new Set<string>()
  for await (const { row, cells } of readSheet(source.file, source.kind)) {
    total++
    const rowIssues: RowIssue[] = []
    const draft = rowToDraft(row, cells, rowIssues)
    checkDraft(draft, categories, zip, rowIssues)
    for (const [lang, edition] of Object.entries(draft.editions) as [EditionKey, Record<string, unknown>][]) {
      const slug = edition.slug
      if (typeof slug !== 'string') continue
      const first = slugs[lang].get(slug)
      if (first !== undefined) rowIssues.push(issue(row, `${PREFIX_OF[lang]}.slug`, WORDS.duplicateSlug, String(first)))
      else slugs[lang].set(slug, row)
    }
    if (draft.code) {
      const first = codes.get(draft.code)
      if (first !== undefined) rowIssues.push(issue(row, 'code', WORDS.duplicateCode, String(first)))
      else codes.set(draft.code, row)
    }
    if (zip && rowIssues.length === 0) for (const path of filesOf(draft)) named.add(path)
    issueCount += rowIssues.length
    for (const found of rowIssues) if (issues.length < MAX_ERRORS) issues.push(found)
  }
  // Bytes are checked once the rows are: a sheet with errors is answered without reading the zip.
  const types = new Map<string, string>()
  if (zip && issueCount === 0) for (const path of named) types.set(path, await checkEntryType(zip, path))
  return { total, issues, issueCount, types }
}

export { EDITIONS }
