import type { ReactNode } from 'react'
import type { ReportListItem } from '@rpt/contract'
import { LocalLink } from '../../../components/local-link'
import { CoverOf, ReportFacts } from '../../../components/report-facts'
import { Skeleton, SkeletonList } from '../../../components/skeleton'
import { formatDate, formatPrice, minPrice } from '../../../lib/format'
import { openModal } from '../../../lib/modal-store'
import { paths } from '../../../lib/paths'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useCarousel } from '../api/get-carousel'
import { useChoiceBulletins, useLatestNews } from '../api/get-home-articles'
import { useHotReports, useReportCategories } from '../api/get-home-reports'
import { DictIcon } from '../../../components/dict-icon'
import { useDictIcons } from '../../../lib/menu-dict'
import { useMapData } from '../api/get-map-data'
import { Carousel } from './carousel'
import { RegionChart } from './region-chart'
import './home.css'

export default function HomePage() {
  const t = useT()
  const locale = useLocale()
  const chinese = locale === 'zh-CN'
  const carousel = useCarousel(locale)
  const hot = useHotReports(locale, 8)
  const categories = useReportCategories(locale)
  const icons = useDictIcons('reports_category', locale)
  const map = useMapData(locale)
  const news = useLatestNews(locale, 6)
  // Bulletins are a Chinese-edition section; the English site hides them.
  const bulletins = useChoiceBulletins(locale, 6, chinese)

  return (
    <div className="home">
      <div className="container home-hero">
        <Carousel slides={carousel.error ? [] : carousel.data} />
      </div>

      <HomeSection
        className="container home-section"
        id="hot-title"
        title={t('home.hot')}
        more={{ to: '/report-industries', label: t('common.viewAll') }}
      >
        {hot.data ? (
          <ul className="hot-grid">
            {hot.data.map((r) => (
              <li key={r.id}>
                <HotCard report={r} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="hot-grid">
            <SkeletonList rows={4} variant="card" />
            <SkeletonList rows={4} variant="card" />
          </div>
        )}
      </HomeSection>

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
    </div>
  )
}

/** A home page section under its heading, with a link to the whole list when there is one. */
function HomeSection({
  id,
  title,
  more,
  className,
  children,
}: {
  id: string
  title: string
  more?: { to: string; label: string }
  className?: string
  children: ReactNode
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {more && <LocalLink to={more.to}>{more.label} →</LocalLink>}
      </div>
      {children}
    </section>
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

function HotCard({ report }: { report: ReportListItem }) {
  const t = useT()
  const locale = useLocale()
  const from = minPrice([report.price, report.multiPrice, report.enterprisePrice])
  return (
    <article className="hot-card">
      <CoverOf report={report} />
      <div className="hot-body">
        <h3 className="hot-title clamp-2">
          <LocalLink to={paths.report(report.webTitle)}>{report.title}</LocalLink>
        </h3>
        <p className="meta">
          <ReportFacts report={report} />
        </p>
        <p className="hot-price">
          <span className="price-label">{t('common.from')}</span>{' '}
          <span className="price num">{formatPrice(from, report.currency, locale)}</span>
        </p>
      </div>
    </article>
  )
}
