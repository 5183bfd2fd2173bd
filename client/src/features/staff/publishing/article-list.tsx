import { STATUSES } from '../api/reports'
import {
  deleteArticle,
  publishArticle,
  unpublishArticle,
  useArticleList,
  type ArticleKind,
  type ArticleSort,
  type ContentStatus,
  type Language,
} from '../api/articles'
import { useDict } from '../api/categories'
import { KIND_DICTS } from './article-form'
import { useBulkActions } from './bulk-actions'
import { useContentColumns } from './content-columns'
import { CategoryFilter, statusFilter } from './content-filters'
import { choice } from '../kit/filter-bar'
import { oneOf, text, useAddressList, type ListSpec } from '../kit/list-address'
import { ConsoleLink } from '../kit/list-controls'
import { ListFrame } from '../kit/list-frame'
import { LANGUAGES } from '../api/reports'
import { useMay, useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

// `edition` is the article's language as the list's address and the contract's query name it.
const ARTICLES: ListSpec<ArticleSort, { status: ContentStatus; edition: Language; category: string; q: string }> = {
  words: 'staff.articles.bulletins',
  sorts: ['updatedAt', 'publishDate', 'title', 'id'],
  ascendingFirst: ['title'],
  filters: { status: oneOf(STATUSES), edition: oneOf(LANGUAGES), category: text(64), q: text(100) },
  bar: {
    label: 'staff.articles.filters',
    fields: [
      { key: 'q', kind: 'search', label: 'staff.articles.q' },
      statusFilter,
      choice('edition', 'staff.articles.language', LANGUAGES, (language) => `staff.language.${language as Language}`),
    ],
  },
}

type Row = NonNullable<ReturnType<typeof useArticleList>['data']>['list'][number]

/** listBulletins / listNews: every status and language, paged, filtered and sorted on the server. */
export function ArticleList({ kind }: { kind: ArticleKind }) {
  const t = useStaffT()
  const { locale } = useStaff()
  const may = useMay()
  const base = `/staff/${kind}`
  const list = useAddressList({ ...ARTICLES, words: `staff.articles.${kind}` }, base)
  const { state: input, go, sortable } = list
  const result = useArticleList(kind, input)
  const { data: categories } = useDict(KIND_DICTS[kind].category[0], input.edition ?? locale)
  const categoryLabel = t(KIND_DICTS[kind].category[1])
  const bulk = useBulkActions<Row>({
    rows: result.data?.list,
    keyOf: (item) => item.id,
    listKey: 'staff/articles',
    area: 'articles',
    ops: {
      publish: (item) => publishArticle(kind, item.id, item.version),
      unpublish: (item) => unpublishArticle(kind, item.id, item.version),
      remove: (item) => deleteArticle(kind, item.id, item.version),
    },
  })
  const columns = useContentColumns<Row>({
    select: bulk.column,
    sortable,
    pathOf: (item) => `${base}/${item.id}`,
    categoryLabel,
    categories,
    covers: true,
    own: {
      key: { label: t('staff.field.id'), sort: sortable('id'), className: 'staff-mono', cell: (item) => item.id },
      languages: { label: t('staff.articles.language'), cell: (item) => t(`staff.language.${item.edition}`) },
    },
  })

  return (
    <ListFrame
      list={list}
      result={result}
      columns={columns}
      rowKey={(item) => item.id}
      summary={bulk.bar}
      actions={
        may('articles.write') && (
          <ConsoleLink path={`${base}/new`} className="button button-primary">
            {t(`staff.articles.${kind}.new`)}
          </ConsoleLink>
        )
      }
      filters={list.filterBar(
        <CategoryFilter label={categoryLabel} value={input.category} categories={categories} onChange={(category) => go({ category })} />,
      )}
    />
  )
}
