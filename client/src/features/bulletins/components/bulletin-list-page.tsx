import { useLocation } from 'wouter'
import { Breadcrumb } from '../../../components/breadcrumb'
import { FacetGroup } from '../../../components/facet-group'
import { FilterPanel } from '../../../components/filter-panel'
import { ItemBody } from '../../../components/item-body'
import { formatDate, formatPrice } from '../../../lib/format'
import { localizePath } from '../../../lib/locale'
import { paths } from '../../../lib/paths'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useBulletinLabels } from '../api/get-bulletin-labels'
import { useBulletinTypes } from '../api/get-bulletin-types'
import { useBulletins } from '../api/get-bulletins'
import './bulletins.css'
import { SearchResults, type Paging } from '../../../components/paged-list'
import { TypeTabs } from '../../../components/type-tabs'
import { pageNumber } from '../../../lib/page-number'

const PAGE_SIZE = 10

export default function BulletinListPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const [, navigate] = useLocation()
  const marketType = params.marketType
  const topLabelId = params.topLabelId
  const keyword = params.keyword?.trim() || undefined
  const page = pageNumber(params.page)

  const types = useBulletinTypes(locale)
  const labels = useBulletinLabels(locale, { ...(marketType ? { marketType } : {}), ...(keyword ? { keyword } : {}) })
  const list = useBulletins(locale, {
    pageNo: page,
    pageSize: PAGE_SIZE,
    ...(marketType ? { marketType } : {}),
    ...(topLabelId ? { topLabelId } : {}),
    ...(keyword ? { keyword } : {}),
  })
  const typeName = types.data?.find((x) => x.marketType === marketType)?.marketTypeName
  useDocumentTitle(typeName ? `${typeName} - ${t('title.bulletin')}` : t('title.bulletin'))

  const hrefFor = (mt: string | undefined, label: string | undefined, p = 1) => {
    const base = paths.bulletins(mt, label, keyword)
    return localizePath(locale, p > 1 ? `${base}?page=${p}` : base)
  }
  const allCount = types.data?.reduce((sum, x) => sum + x.marketCount, 0)

  const paging: Paging = { page: page, size: PAGE_SIZE, hrefFor: (p) => hrefFor(marketType, topLabelId, p), onNavigate: navigate }
  return (
    <div className="container">
      <Breadcrumb items={[{ label: t('nav.bulletin'), to: '/bulletin' }, ...(typeName ? [{ label: typeName }] : [])]} />
      <div className="page-section">
        <h1 className="page-title">{typeName ?? t('bulletin.heading')}</h1>
        <TypeTabs
          label={t('bulletin.type')}
          onNavigate={navigate}
          tabs={[
            { marketType: undefined as string | undefined, marketTypeName: t('common.all'), marketCount: allCount },
            ...(types.data ?? []),
          ].map((x) => ({
            key: x.marketType ?? 'all',
            label: (
              <>
                {x.marketTypeName}
                {x.marketCount !== undefined && <span className="facet-count">{x.marketCount}</span>}
              </>
            ),
            href: hrefFor(x.marketType, undefined),
            active: x.marketType === marketType,
          }))}
        />
        <div className="list-layout">
          <FilterPanel resetKey={`${marketType}/${topLabelId}/${keyword}`}>
            <FacetGroup
              title={t('bulletin.label')}
              allLabel={t('common.all')}
              allHref={hrefFor(marketType, undefined)}
              selected={topLabelId}
              onNavigate={navigate}
              options={(labels.data ?? []).map((l) => ({
                value: l.topLabelId,
                label: l.topLabelName,
                count: l.marketCount,
                href: hrefFor(marketType, l.topLabelId),
              }))}
            />
          </FilterPanel>
          <SearchResults state={list} paging={paging} keyword={keyword} emptyTitle={t('bulletin.empty')}>
            {(b) => (
              <li className="item item-side">
                <ItemBody
                  to={paths.bulletin(b.webTitle)}
                  title={b.title}
                  outline={b.outline}
                  tag={b.marketTypeName}
                  facts={
                    <>
                      <span>{b.topLabelName}</span>
                      <span className="num">{formatDate(b.publishDate)}</span>
                      {b.pageNum ? <span className="num">{t('common.pages', { count: b.pageNum })}</span> : null}
                    </>
                  }
                />
                <span className="price num bulletin-price">{formatPrice(b.price, b.currency, locale)}</span>
              </li>
            )}
          </SearchResults>
        </div>
      </div>
    </div>
  )
}
