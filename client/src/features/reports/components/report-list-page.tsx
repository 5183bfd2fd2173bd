import { useState, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import { Breadcrumb } from '../../../components/breadcrumb'
import { FacetGroup } from '../../../components/facet-group'
import { useDictIcons } from '../../../lib/menu-dict'
import { FilterPanel } from '../../../components/filter-panel'
import { SkeletonList } from '../../../components/skeleton'
import { StateMessage } from '../../../components/state-message'
import { localizePath } from '../../../lib/locale'
import { paths } from '../../../lib/paths'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { REPORT_SORTS, useReports, type ReportSort } from '../api/get-reports'
import { ReportRow } from './report-row'
import { NavAnchor } from '../../../components/nav-anchor'
import { PagedList, type Paging } from '../../../components/paged-list'
import { pageNumber } from '../../../lib/page-number'

const PAGE_SIZE = 10
const PRICE_BANDS = [8000, 12000, 15000, 15001] as const

interface Filters {
  category?: string
  keyword?: string
  price?: number
  year?: string
  sort?: ReportSort
  page: number
}

function parseFilters(params: Record<string, string | undefined>): Filters {
  const price = Number(params.price ?? params.queryPrice)
  const year = params.year ?? params.queryPublishDate
  return {
    category: params.activeIndustryType,
    keyword: params.keyword?.trim() || undefined,
    price: (PRICE_BANDS as readonly number[]).includes(price) ? price : undefined,
    year: year && /^\d{4}$/.test(year) ? year : undefined,
    page: pageNumber(params.page ?? params.pageNo),
    ...((REPORT_SORTS as readonly string[]).includes(params.sort ?? '') && params.sort !== 'latest'
      ? { sort: params.sort as ReportSort }
      : {}),
  }
}

/** Edition-neutral link for a filter state; the page resets unless given. */
function hrefOf(filters: Filters): string {
  const query = new URLSearchParams()
  if (filters.price) query.set('price', String(filters.price))
  if (filters.year) query.set('year', filters.year)
  if (filters.sort) query.set('sort', filters.sort)
  if (filters.page > 1) query.set('page', String(filters.page))
  const qs = query.toString()
  return `${paths.reports(filters.category, filters.keyword)}${qs ? `?${qs}` : ''}`
}

export default function ReportListPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const [, navigate] = useLocation()
  const filters = parseFilters(params)
  const list = useReports(locale, {
    pageNo: filters.page,
    pageSize: PAGE_SIZE,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.category ? { marketType: filters.category } : {}),
    ...(filters.price ? { queryPrice: filters.price } : {}),
    ...(filters.year ? { queryPublishDate: filters.year } : {}),
    ...(filters.sort ? { sort: filters.sort } : {}),
  })
  // The categories' icons come from their dictionary (the header's menu asks for it too).
  const icons = useDictIcons('reports_category', locale)
  // The search box shows the address's keyword, and takes a new one whenever the address changes it.
  const [keywordInput, setKeywordInput] = useState(filters.keyword ?? '')
  const [keywordShown, setKeywordShown] = useState(filters.keyword)
  if (keywordShown !== filters.keyword) {
    setKeywordShown(filters.keyword)
    setKeywordInput(filters.keyword ?? '')
  }

  const link = (next: Partial<Filters>) => localizePath(locale, hrefOf({ ...filters, page: 1, ...next }))
  const { data } = list
  const categoryName = data?.categories.find((c) => c.marketType === filters.category)?.marketTypeName
  useDocumentTitle(categoryName ? `${categoryName} - ${t('title.reports')}` : t('title.reports'))

  const onSearch = (event: FormEvent) => {
    event.preventDefault()
    navigate(link({ keyword: keywordInput.trim() || undefined }))
  }

  const total = data?.pageList.count ?? 0
  const activeChips = [
    filters.keyword && t('common.keywordFor', { keyword: filters.keyword }),
    filters.price && t(`reports.price.${filters.price as 8000 | 12000 | 15000 | 15001}`),
    filters.year,
  ].filter(Boolean) as string[]

  const paging: Paging = {
    page: filters.page,
    size: PAGE_SIZE,
    hrefFor: (page) => localizePath(locale, hrefOf({ ...filters, page })),
    onNavigate: navigate,
  }
  // Each facet narrows one filter; its "all" link drops it.
  const facet = <K extends 'category' | 'price' | 'year'>(
    key: K,
    title: string,
    allLabel: string,
    options: Array<{ value: NonNullable<Filters[K]>; label: string; count: number | undefined; icon?: string | null }>,
  ) => ({
    title,
    allLabel,
    allHref: link({ [key]: undefined }),
    selected: filters[key] === undefined ? undefined : String(filters[key]),
    options: options.map((option) => ({ ...option, value: String(option.value), href: link({ [key]: option.value }) })),
  })
  const facets = [
    facet(
      'category',
      t('reports.category'),
      t('nav.allCategories'),
      (data?.categories ?? []).map((c) => ({
        value: c.marketType,
        label: c.marketTypeName,
        count: c.marketCount,
        icon: icons.get(c.marketType),
      })),
    ),
    facet(
      'price',
      t('reports.price'),
      t('common.all'),
      PRICE_BANDS.map((band) => ({
        value: band,
        label: t(`reports.price.${band}`),
        count: data?.prices.find((p) => p.price === band)?.marketCount,
      })),
    ),
    facet(
      'year',
      t('reports.year'),
      t('common.all'),
      (data?.publishDates ?? []).map((d) => ({ value: d.publishDateValue, label: d.publishDateValue, count: d.marketCount })),
    ),
  ]

  return (
    <div className="container">
      <Breadcrumb items={[{ label: t('nav.reports'), to: '/report-industries' }, ...(categoryName ? [{ label: categoryName }] : [])]} />
      <div className="page-section">
        <h1 className="page-title">{categoryName ?? t('reports.heading')}</h1>
        <div className="list-layout">
          <FilterPanel resetKey={hrefOf(filters)}>
            {facets.map((facet) => (
              <FacetGroup key={facet.title} {...facet} onNavigate={navigate} />
            ))}
          </FilterPanel>

          <section aria-labelledby="results-count">
            <form className="inline-search" role="search" onSubmit={onSearch}>
              <label className="visually-hidden" htmlFor="report-keyword">
                {t('reports.keywordLabel')}
              </label>
              <input
                id="report-keyword"
                className="input"
                type="search"
                value={keywordInput}
                maxLength={100}
                placeholder={t('search.placeholder')}
                onChange={(e) => setKeywordInput(e.target.value)}
              />
              <button type="submit" className="button button-primary">
                {t('search.submit')}
              </button>
            </form>
            <div className="list-head">
              <p id="results-count" className="list-count num" aria-live="polite">
                {data ? t('common.results', { count: total }) : '\u00a0'}
              </p>
              <label className="list-sort small">
                <span className="muted">{t('reports.sort.label')}</span>{' '}
                <select
                  value={filters.sort ?? 'latest'}
                  onChange={(e) => navigate(link({ sort: e.target.value === 'latest' ? undefined : (e.target.value as ReportSort) }))}
                >
                  {REPORT_SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {t(`reports.sort.${sort}`)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {activeChips.length > 0 && (
              <div className="active-filters">
                {activeChips.map((chip) => (
                  <span key={chip} className="chip">
                    {chip}
                  </span>
                ))}
                <NavAnchor href={localizePath(locale, paths.reports(filters.category))} className="small" onNavigate={navigate}>
                  {t('common.clearFilters')}
                </NavAnchor>
              </div>
            )}

            <PagedList
              state={list}

              select={(d) => d.pageList}

              paging={paging}
              skeleton={<SkeletonList rows={PAGE_SIZE} variant="card" />}
              empty={<StateMessage title={t('reports.empty')} text={t('reports.emptyHint')} />}
            >
              {(rows) => (
                <ul className="item-list" aria-busy={list.isLoading}>
                  {rows.map((report) => (
                    <li key={report.id}>
                      <ReportRow report={report} />
                    </li>
                  ))}
                </ul>
              )}
            </PagedList>
          </section>
        </div>
      </div>
    </div>
  )
}
