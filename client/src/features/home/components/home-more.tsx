import type { ReactNode } from 'react'
import { DictIcon } from '../../../components/dict-icon'
import { LocalLink } from '../../../components/local-link'
import { Skeleton, SkeletonList } from '../../../components/skeleton'
import { formatDate, formatPrice } from '../../../lib/format'
import { useDictIcons } from '../../../lib/menu-dict'
import { openModal } from '../../../lib/modal-store'
import { paths } from '../../../lib/paths'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useChoiceBulletins, useLatestNews } from '../api/get-home-articles'
import { useReportCategories } from '../api/get-home-reports'
import { useMapData } from '../api/get-map-data'
import { HomeSection } from './home-section'
import { RegionChart } from './region-chart'

/**
 * Home below its hot reports: the categories and the regions, the news and
 * bulletins, the custom research band. Deferred (home-page.tsx): its script
 * hydrates after the rest of the page; its data comes with the page.
 */
export default function HomeMore() {
  const t = useT()
  const locale = useLocale()
  const chinese = locale === 'zh-CN'
  const categories = useReportCategories(locale)
  const icons = useDictIcons('reports_category', locale)
  const map = useMapData(locale)
  const news = useLatestNews(locale, 6)
  // Bulletins are a Chinese-edition section; the English site hides them.
  const bulletins = useChoiceBulletins(locale, 6, chinese)

  return (
    <>
      <div className="container home-two">
        <HomeSection id="cat-title" title={t('home.categories')}>
          {categories.data ? (
            <ul className="category-grid">
              {categories.data.map((c) => (
                <li key={c.marketType}>
                  <LocalLink to={paths.reports(c.marketType)} className="category-tile">
                    <DictIcon icon={icons.get(c.marketType)} className="category-icon" />
                    <span className="category-name">{c.marketTypeName}</span>
                    <span className="category-count num">{t('home.categoryCount', { count: c.marketCount })}</span>
                  </LocalLink>
                </li>
              ))}
            </ul>
          ) : (
            <div className="category-grid">
              {Array.from({ length: 12 }, (_, i) => (
                <Skeleton key={i} height={56} />
              ))}
            </div>
          )}
        </HomeSection>
        <HomeSection id="map-title" title={t('home.map')}>
          {map.data ? <RegionChart regions={map.data} locale={locale} /> : <Skeleton height={300} />}
        </HomeSection>
      </div>

      <div className={`container home-two${chinese ? '' : ' home-two-cta'}`}>
        <HomeSection id="news-title" title={t('home.news')} more={{ to: '/news-categories', label: t('common.more') }}>
          <LineList items={news.data}>
            {(n) => (
              <>
                <LocalLink to={paths.newsDetail(n.webTitle)} className="line-title">
                  {n.title}
                </LocalLink>
                <span className="line-meta num">{formatDate(n.publishDate)}</span>
              </>
            )}
          </LineList>
        </HomeSection>
        {chinese ? (
          <HomeSection id="bulletin-title" title={t('home.bulletins')} more={{ to: '/bulletin', label: t('common.more') }}>
            <LineList items={bulletins.data}>
              {(b) => (
                <>
                  <LocalLink to={paths.bulletin(b.webTitle)} className="line-title">
                    <span className="line-tag">{b.topLabelName}</span>
                    {b.title}
                  </LocalLink>
                  <span className="line-meta num">{formatPrice(b.price, b.currency, locale)}</span>
                </>
              )}
            </LineList>
          </HomeSection>
        ) : (
          <CustomCta />
        )}
      </div>

      {chinese && (
        <div className="container home-section">
          <CustomCta />
        </div>
      )}
    </>
  )
}

/** A short list of titles, one line each; placeholders until it has loaded. */
function LineList<T extends { id: string }>({ items, children }: { items: T[] | undefined; children: (item: T) => ReactNode }) {
  if (!items) return <SkeletonList rows={3} />
  return (
    <ul className="line-list">
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  )
}

function CustomCta() {
  const t = useT()
  return (
    <section className="cta-band">
      <div>
        <h2 className="cta-title">{t('home.customTitle')}</h2>
        <p className="cta-text">{t('home.customText')}</p>
      </div>
      <button type="button" className="button button-primary button-large" onClick={() => openModal({ mode: 'custom', type: '2' })}>
        {t('home.customAction')}
      </button>
    </section>
  )
}
