import type { ReactNode } from 'react'
import type { ArticleKind } from '../api/articles'
import type { Language } from '../api/reports'
import { compareRecords, type FieldChange, type FieldPath, type FileFacts, type TextPart } from '../kit/diff'
import { formatBytes, formatDateTime } from '../kit/format'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'
import type { StaffMessageId } from '../messages'
import { CURRENCY, LICENCES, RICH_FIELDS } from './report-form'

// A revision against the current save, as an editor reads it: each field by
// its name in the console's language, a rich text's words added and
// removed, files by name and size ("unchanged" when the same bytes).

export type RecordKind = 'report' | ArticleKind

/** Each field's name, by its key in the contract's record (a report's language, or an article). */
const FIELD_WORDS: Record<string, StaffMessageId> = {
  code: 'staff.field.code',
  status: 'staff.list.status',
  publishAt: 'staff.revisions.field.publishAt',
  edition: 'staff.articles.language',
  title: 'staff.field.title',
  slug: 'staff.field.slug',
  oldSlugs: 'staff.revisions.field.oldSlugs',
  category: 'staff.field.category',
  region: 'staff.field.region',
  summary: 'staff.field.summary',
  contents: 'staff.field.contents',
  scope: 'staff.field.scope',
  context: 'staff.field.context',
  chartsHtml: 'staff.field.chartsList',
  publishDate: 'staff.field.publishDate',
  pages: 'staff.field.pages',
  charts: 'staff.field.charts',
  hot: 'staff.field.hot',
  hotSort: 'staff.field.hotSort',
  recommended: 'staff.field.recommended',
  seoTitle: 'staff.field.seoTitle',
  seoDescription: 'staff.field.seoDescription',
  topLabelId: 'staff.field.topLabel',
  marketCategory: 'staff.field.newsCategory',
  keyword: 'staff.field.keyword',
  choiceness: 'staff.field.choiceness',
  file: 'staff.articles.file',
  cover: 'staff.cover.label',
}

/** Where an article names a field otherwise than a report does. */
const ARTICLE_WORDS: Record<ArticleKind, Record<string, StaffMessageId>> = {
  bulletins: { category: 'staff.field.subType', summary: 'staff.field.outline' },
  news: { category: 'staff.field.marketType', summary: 'staff.field.outline', publishDate: 'staff.field.publishTime' },
}

const isLanguage = (value: unknown): value is Language => value === 'zh-CN' || value === 'en-US'

function useFieldWords(kind: RecordKind, articleLanguage: Language) {
  const t = useStaffT()
  const { locale } = useStaff()
  const named = (path: FieldPath, language: Language): string => {
    const [key = '', sub] = path
    if (key === 'prices' && sub && (LICENCES as readonly string[]).includes(sub))
      return `${t(`staff.licence.${sub as (typeof LICENCES)[number]}`)} (${CURRENCY[language]})`
    if (key === 'files' && (sub === 'sample' || sub === 'full')) return t(`staff.file.${sub}`)
    if (key === 'price') return t('staff.field.price', { currency: CURRENCY[language] })
    const id = (kind !== 'report' ? ARTICLE_WORDS[kind][key] : undefined) ?? FIELD_WORDS[key]
    // A field this console does not know yet keeps its name in the record.
    return id ? t(id) : path.join('.')
  }
  const label = (path: FieldPath): string => {
    const [top, language] = path
    if (top === 'editions' && isLanguage(language) && path.length > 2)
      return `${t(`staff.language.${language}`)} · ${named(path.slice(2), language)}`
    return named(path, articleLanguage)
  }
  const value = (path: FieldPath, raw: unknown): string => {
    if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) return '—'
    const key = path.at(-1)
    if (key === 'status' && path.length === 1) return t(`staff.status.${raw as 'draft'}`)
    if (key === 'publishAt' && typeof raw === 'string') return formatDateTime(raw, locale)
    if (key === 'edition' && isLanguage(raw)) return t(`staff.language.${raw}`)
    if (key === 'region' && (raw === '0' || raw === '1')) return t(`staff.region.${raw}`)
    if (typeof raw === 'boolean') return t(raw ? 'staff.revisions.yes' : 'staff.revisions.no')
    if (Array.isArray(raw)) return raw.join(', ')
    return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : JSON.stringify(raw)
  }
  return { label, value }
}

/** Which fields hold HTML: a report's rich texts, an article's body. */
const richOf = (kind: RecordKind) => (path: FieldPath) =>
  kind === 'report'
    ? path[0] === 'editions' && path.length === 3 && (RICH_FIELDS as readonly string[]).includes(path[2]!)
    : path.length === 1 && path[0] === 'context'

/** Unchanged text this long keeps only its ends beside a change, so the change shows. */
const KEPT = 60

function Words({ parts }: { parts: TextPart[] }) {
  const t = useStaffT()
  if (!parts.some((part) => part.added || part.removed)) return <p className="muted">{t('staff.revisions.markupOnly')}</p>
  return (
    <p className="staff-diff-text">
      {parts.map((part, index) => {
        if (part.added || part.removed) {
          // Marked for the eye by <ins>/<del>, and in words for a screen reader.
          const Mark = part.added ? 'ins' : 'del'
          return (
            <Mark key={index}>
              <span className="visually-hidden">{t(part.added ? 'staff.revisions.added' : 'staff.revisions.removed')} </span>
              {part.text}
            </Mark>
          )
        }
        const first = index === 0
        const last = index === parts.length - 1
        const text = part.text
        if (text.length <= KEPT * 2 + 20) return <span key={index}>{text}</span>
        const head = first ? '' : text.slice(0, KEPT)
        const tail = last ? '' : text.slice(-KEPT)
        return <span key={index}>{`${head} … ${tail}`}</span>
      })}
    </p>
  )
}

function FileText({ file }: { file: FileFacts | null }) {
  const t = useStaffT()
  if (!file) return <>{t('staff.file.none')}</>
  return (
    <>
      {file.name}
      {file.size !== null && <span className="muted staff-num"> ({formatBytes(file.size)})</span>}
    </>
  )
}

interface Props {
  kind: RecordKind
  revision: number
  /** The revision's saved record and the current one */
  before: unknown
  after: unknown
}

/** The fields of a revision against the current save, in words. */
export function RevisionCompare({ kind, revision, before, after }: Props) {
  const t = useStaffT()
  const edition = (after as { edition?: unknown } | undefined)?.edition
  const articleLanguage: Language = isLanguage(edition) ? edition : 'zh-CN'
  const words = useFieldWords(kind, articleLanguage)
  const changes = compareRecords(before, after, {
    isRich: richOf(kind),
    languageOf: (path) => (path[0] === 'editions' && isLanguage(path[1]) ? path[1] : articleLanguage),
  })
  const differs = changes.some((change) => change.kind !== 'file' || !change.same)
  const row = (change: FieldChange): ReactNode => {
    const label = (
      <th scope="row" key="label">
        {words.label(change.path)}
      </th>
    )
    if (change.kind === 'text')
      return [
        label,
        <td key="words" colSpan={2}>
          <Words parts={change.parts} />
        </td>,
      ]
    if (change.kind === 'file' && change.same)
      return [
        label,
        <td key="file" colSpan={2}>
          <FileText file={change.after} /> · <span className="staff-diff-same">{t('staff.revisions.unchanged')}</span>
        </td>,
      ]
    const [then, now] =
      change.kind === 'file'
        ? [<FileText key="then" file={change.before} />, <FileText key="now" file={change.after} />]
        : [words.value(change.path, change.before), words.value(change.path, change.after)]
    return [
      label,
      <td key="then">
        <del>{then}</del>
      </td>,
      <td key="now">
        <ins>{now}</ins>
      </td>,
    ]
  }
  return (
    <>
      {!differs && <p>{t('staff.revisions.same')}</p>}
      {changes.length > 0 && (
        <div className="staff-table-wrap">
          <table className="staff-table staff-diff-table">
            <caption className="visually-hidden">{t('staff.revisions.diffTitle', { revision })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.revisions.field')}</th>
                <th scope="col">{t('staff.revisions.then', { revision })}</th>
                <th scope="col">{t('staff.revisions.now')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.path.join('.')}>{row(change)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
