import type { Sequelize, Transaction } from 'sequelize'
import { articleIdTag, articleTag, type EditionLang } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { contentStatusOf, recordContentChange, type ContentStatus } from '../core/content-status.ts'
import { sanitizeRichText, toPlainText } from '../../../platform/lib/rich-text.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import { writeAudit, type StaffActor } from '../../staff/index.ts'
import { articleFiles, fileColumns } from './article-files.ts'
import type { ArticleKind } from './article-kinds.ts'
import { slugFromTitle } from '../reports/report-store.ts'

// Reading and writing an article's row (a bulletin or a news item) for the
// staff API. Every save is one transaction, as a report's is: the row
// (locked), the version check (300101), the change, the version bump, a
// revision with its author, the audit row and the outbox row of cache tags.

/** An article as the staff API answers it: the record's fields and the editor's (by the kind's keys). */
export interface StaffArticle {
  id: string
  edition: EditionLang
  status: ContentStatus
  version: number
  publishAt: string | null
  updatedAt: string
  updatedBy: string | null
  slug: string
  oldSlugs: string[]
  [field: string]: unknown
}

export type StaffArticleRecord = StaffArticle & { everPublished: boolean }

/** What an editor writes: the kind's fields by key. */
export type ArticleInput = Record<string, unknown> & { title: string; slug?: string | undefined }

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)

export function selectColumns(spec: ArticleKind): string {
  const fields = spec.fields.map((f) => `${f.read ?? f.column} AS "${f.key}"`).join(', ')
  return `id::text AS id, lang AS edition, status, version, publish_at AS "publishAt", updated_at AS "updatedAt",
    updated_by AS "updatedBy", ever_published AS "everPublished", ${fields}, ${fileColumns(spec)}`
}

/** One article; undefined when there is none. `lock` holds its row for this transaction's write. */
export async function loadArticle(
  sequelize: Sequelize,
  spec: ArticleKind,
  id: string,
  transaction?: Transaction,
  lock = false,
): Promise<StaffArticleRecord | undefined> {
  const [row] = await selectRows<Record<string, unknown>>(
    sequelize,
    `SELECT ${selectColumns(spec)} FROM ${spec.table} WHERE id = $1::bigint${lock ? ' FOR UPDATE' : ''}`,
    [id],
    transaction,
  )
  if (!row) return undefined
  const redirects = await selectRows<{ slug: string }>(
    sequelize,
    `SELECT old_slug AS slug FROM content_slug_redirect WHERE kind = $1 AND code = $2 ORDER BY at, old_slug`,
    [spec.kind, id],
    transaction,
  )
  return {
    ...articleFiles(spec, row),
    id: row.id as string,
    edition: row.edition === 'en-US' ? 'en-US' : 'zh-CN',
    status: contentStatusOf(String(row.status)),
    version: Number(row.version),
    publishAt: iso(row.publishAt),
    updatedAt: iso(row.updatedAt)!,
    updatedBy: (row.updatedBy as string | null) ?? null,
    slug: row.slug as string,
    everPublished: Boolean(row.everPublished),
    oldSlugs: redirects.map((r) => r.slug),
  }
}

/** What the staff API answers: the record without what is internal to it. */
export function articleView(record: StaffArticleRecord): StaffArticle {
  const { everPublished: _ignored, ...rest } = record
  return rest
}

/** The editor's fields with rich text sanitized, plain text stripped of markup, and left-out optional fields at their fallback. */
export function sanitizedInput(spec: ArticleKind, input: ArticleInput): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of spec.fields) {
    if (field.key === 'slug') continue
    const value = input[field.key] === undefined ? field.fallback : input[field.key]
    out[field.key] = field.rich ? sanitizeRichText(value as string) : field.plain ? toPlainText(value as string) : value
  }
  return out
}

/** The slug a save uses: the one given (300103 when another article of the language has it) or one made from the title. */
export async function articleSlug(
  sequelize: Sequelize,
  spec: ArticleKind,
  lang: string,
  input: ArticleInput,
  id: string | undefined,
  transaction: Transaction,
): Promise<string> {
  const others = `${spec.table} WHERE lang = $1 AND ($3::bigint IS NULL OR id <> $3::bigint)`
  if (input.slug) {
    const clash = await selectRows(sequelize, `SELECT 1 FROM ${others} AND web_title = $2`, [lang, input.slug, id ?? null], transaction)
    if (clash.length > 0) throw new AppError('STAFF_SLUG_IN_USE')
    return input.slug
  }
  const base = slugFromTitle(input.title) || spec.kind
  const taken = new Set(
    (
      await selectRows<{ slug: string }>(
        sequelize,
        `SELECT web_title AS slug FROM ${others} AND (web_title = $2 OR web_title LIKE $4)`,
        [lang, base, id ?? null, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`],
        transaction,
      )
    ).map((r) => r.slug),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/** 300105 unless each dictionary field's value is one of its dictionaries' values. */
export async function assertDictValues(
  sequelize: Sequelize,
  spec: ArticleKind,
  input: Record<string, unknown>,
  transaction?: Transaction,
): Promise<void> {
  for (const { key, types } of spec.dicts) {
    const found = await selectRows(
      sequelize,
      `SELECT 1 FROM sys_dict_data WHERE dict_type = ANY($1::text[]) AND dict_value = $2 LIMIT 1`,
      [types, typeof input[key] === 'string' ? input[key] : ''],
      transaction,
    )
    if (found.length === 0) throw new AppError('STAFF_CATEGORY_UNKNOWN')
  }
}

/** Writes the editor's fields (slug included) onto the row; inserts it (a draft, never published) when id is undefined. */
export async function writeFields(
  sequelize: Sequelize,
  spec: ArticleKind,
  target: { id: string } | { lang: EditionLang; actor: string },
  fields: Record<string, unknown>,
  slug: string,
  transaction: Transaction,
): Promise<string> {
  const values = spec.fields.map((f) => (f.key === 'slug' ? slug : fields[f.key]))
  const placeholders = spec.fields.map((f, i) => `$${i + 1}${f.cast ?? ''}`)
  if ('id' in target) {
    const set = spec.fields.map((f, i) => `${f.column} = ${placeholders[i]}`).join(', ')
    await sequelize.query(`UPDATE ${spec.table} SET ${set} WHERE id = $${values.length + 1}::bigint`, {
      bind: [...values, target.id],
      transaction,
    })
    return target.id
  }
  const n = values.length
  const [row] = await selectRows<{ id: string }>(
    sequelize,
    `INSERT INTO ${spec.table} (${spec.fields.map((f) => f.column).join(', ')}, lang, status, version, updated_by, ever_published)
     VALUES (${placeholders.join(', ')}, $${n + 1}, '9', 1, $${n + 2}, false) RETURNING id::text AS id`,
    [...values, target.lang, target.actor],
    transaction,
  )
  return row!.id
}

/** The cache tags a change touches: the kind's collection (which the BFF tags its list and detail pages with), and the slugs and ids. */
export function articleChangeTags(spec: ArticleKind, ...records: (StaffArticle | undefined)[]): string[] {
  const tags = [spec.collection]
  for (const record of records) if (record) tags.push(articleTag(spec.kind, record.slug), articleIdTag(spec.kind, record.id))
  return [...new Set(tags)]
}

/** The fields that differ, for the audit's before and after. */
function auditDiff(before: StaffArticle | undefined, after: StaffArticle | undefined) {
  const a: Record<string, unknown> = before ? { ...before } : {}
  const b: Record<string, unknown> = after ? { ...after } : {}
  const changedBefore: Record<string, unknown> = {}
  const changedAfter: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (['version', 'updatedAt', 'updatedBy', 'oldSlugs', 'everPublished'].includes(key)) continue
    if (JSON.stringify(a[key]) === JSON.stringify(b[key])) continue
    if (key in a) changedBefore[key] = a[key]
    if (key in b) changedAfter[key] = b[key]
  }
  return { before: before ? changedBefore : null, after: after ? changedAfter : null }
}

export interface ArticleSave {
  action: string
  actor: StaffActor
  /** undefined for a new article */
  id: string | undefined
  /** The version the caller read (undefined for a new article) */
  expected: number | undefined
}

/**
 * Runs one staff save of an article: locks its row, checks the version
 * (300101) and its existence, applies `change` (which answers the row's id,
 * a new one for a create), bumps the version, and records the revision, the
 * audit row and the outbox row.
 */
export async function saveArticle(
  sequelize: Sequelize,
  spec: ArticleKind,
  options: ArticleSave,
  change: (transaction: Transaction, before: StaffArticleRecord | undefined) => Promise<string | void>,
  transactionIn?: Transaction,
): Promise<StaffArticleRecord> {
  const run = async (transaction: Transaction) => {
    const before = options.id === undefined ? undefined : await loadArticle(sequelize, spec, options.id, transaction, true)
    if (options.id !== undefined && !before) throw new AppError('STAFF_CONTENT_NOT_FOUND')
    if (before && before.version !== options.expected) throw new AppError('STAFF_VERSION_CONFLICT')
    const id = (await change(transaction, before)) ?? options.id!
    const version = (before?.version ?? 0) + 1
    await sequelize.query(`UPDATE ${spec.table} SET version = $2, updated_by = $3, updated_at = now() WHERE id = $1::bigint`, {
      bind: [id, version, options.actor.name],
      transaction,
    })
    const after = await loadArticle(sequelize, spec, id, transaction)
    if (after) {
      await sequelize.query(
        `INSERT INTO content_revision (kind, code, revision, version, action, author, snapshot)
         SELECT $1::text, $2::text, coalesce(max(revision), 0) + 1, $3, $4, $5, $6::jsonb FROM content_revision WHERE kind = $1::text AND code = $2::text`,
        { bind: [spec.kind, id, after.version, options.action, options.actor.name, JSON.stringify(articleView(after))], transaction },
      )
    }
    await writeAudit(
      sequelize,
      {
        actor: options.actor.name,
        action: `${spec.kind}.${options.action}`,
        target: id,
        ip: options.actor.ip ?? undefined,
        ...auditDiff(before && articleView(before), after && articleView(after)),
      },
      transaction,
    )
    await recordContentChange(sequelize, articleChangeTags(spec, before, after), transaction)
    return after
  }
  try {
    const saved = transactionIn ? await run(transactionIn) : await sequelize.transaction(run)
    // Only a delete leaves no row behind; its callers answer nothing.
    return saved as StaffArticleRecord
  } catch (error) {
    const cause = error as { name?: string; parent?: { code?: string } }
    // The same slug taken by a concurrent save between the check and the write.
    if (cause?.name === 'SequelizeUniqueConstraintError' || cause?.parent?.code === '23505') throw new AppError('STAFF_SLUG_IN_USE')
    throw error
  }
}
