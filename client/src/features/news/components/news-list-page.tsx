import { useLocation } from 'wouter'
import { Breadcrumb } from '../../../components/breadcrumb'
import { FilterPanel } from '../../../components/filter-panel'
import { ItemBody } from '../../../components/item-body'
import { localizePath } from '../../../lib/locale'
import { paths } from '../../../lib/paths'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useNewsCategories } from '../api/get-news-categories'
import { useNewsList } from '../api/get-news-list'
import { DateBlock } from './date-block'
import { NavAnchor } from '../../../components/nav-anchor'
import { SearchResults, type Paging } from '../../../components/paged-list'
import { pageNumber } from '../../../lib/page-number'

const PAGE_SIZE = 10

export default function NewsListPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const [, navigate] = useLocation()
  const marketType = params.marketType
  const marketCategory = params.marketCategory
  const keyword = params.keyword?.trim() || undefined
  const page = pageNumber(params.page)

  const categories = useNewsCategories(locale)
  const list = useNewsList(locale, {
    pageNo: page,
    pageSize: PAGE_SIZE,
    ...(marketType ? { marketType } : {}),
    ...(marketCategory ? { marketCategory } : {}),
    ...(keyword ? { keyword } : {}),
  })

  const market = categories.data?.find((m) => m.marketType === marketType)
  const categoryName = market?.categories.find((c) => c.marketCategory === marketCategory)?.marketCategoryName
  useDocumentTitle(market ? `${market.marketTypeName} - ${t('title.news')}` : t('title.news'))

  const hrefFor = (mt?: string, mc?: string, p = 1) => {
    const base = paths.news(mt, mc, keyword)
    return localizePath(locale, p > 1 ? `${base}?page=${p}` : base)
  }
  const total = categories.data?.reduce((sum, m) => sum + m.marketCount, 0)

  const paging: Paging = { page: page, size: PAGE_SIZE, hrefFor: (p) => hrefFor(marketType, marketCategory, p), onNavigate: navigate }
  return (
    <div className="container">
      <Breadcrumb items={[{ label: t('nav.news'), to: '/news-categories' }, ...(market ? [{ label: market.marketTypeName }] : [])]} />
      <div className="page-section">
        <h1 className="page-title">
          {market?.marketTypeName ?? t('news.heading')}
          {categoryName ? ` · ${categoryName}` : ''}
        </h1>
        <div className="list-layout">
          <FilterPanel resetKey={`${marketType}/${marketCategory}/${keyword}`}>
            <section className="facet" aria-labelledby="news-market-facet">
              <h3 id="news-market-facet" className="facet-title">
                {t('news.marketType')}
              </h3>
              <ul className="facet-list">
                <li>
                  <NavAnchor
                    href={hrefFor()}
                    onNavigate={navigate}
                    className={`facet-link${!marketType ? ' is-active' : ''}`}
                    aria-current={!marketType ? 'true' : undefined}
                  >
                    <span>{t('common.all')}</span>
                    {total !== undefined && <span className="facet-count">{total}</span>}
                  </NavAnchor>
                </li>
                {(categories.data ?? []).map((m) => (
                  <li key={m.marketType}>
                    <NavAnchor
                      href={hrefFor(m.marketType)}
                      onNavigate={navigate}
                      className={`facet-link${marketType === m.marketType && !marketCategory ? ' is-active' : ''}`}
                      aria-current={marketType === m.marketType && !marketCategory ? 'true' : undefined}
                    >
                      <span>{m.marketTypeName}</span>
                      <span className="facet-count">{m.marketCount}</span>
                    </NavAnchor>
                    {marketType === m.marketType && (
                      <ul className="facet-sub" aria-label={t('news.category')}>
                        {m.categories
                          .filter((c) => c.marketCount > 0)
                          .map((c) => (
                            <li key={c.marketCategory}>
                              <NavAnchor
                                href={hrefFor(m.marketType, c.marketCategory)}
                                onNavigate={navigate}
                                className={`facet-link${marketCategory === c.marketCategory ? ' is-active' : ''}`}
                                aria-current={marketCategory === c.marketCategory ? 'true' : undefined}
                              >
                                <span>{c.marketCategoryName}</span>
                                <span className="facet-count">{c.marketCount}</span>
                              </NavAnchor>
                            </li>
                          ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          </FilterPanel>

          <SearchResults state={list} paging={paging} keyword={keyword} emptyTitle={t('news.empty')}>
            {(item) => (
              <li className="item item-side news-item">
                <DateBlock value={item.publishDate} />
                <ItemBody
                  to={paths.newsDetail(item.webTitle)}
                  title={item.title}
                  outline={item.outline}
                  tag={item.marketTypeName}
                  facts={<span>{item.marketCategoryName}</span>}
                />
              </li>
            )}
          </SearchResults>
        </div>
      </div>
    </div>
  )
}
