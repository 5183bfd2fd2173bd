import type { ReportListItem } from '@rpt/contract'
import { LocalLink } from '../../../components/local-link'
import { ReportCover } from '../../../components/report-cover'
import { Skeleton, SkeletonList } from '../../../components/skeleton'
import { formatDate, formatPrice, minPrice } from '../../../lib/format'
import { openModal } from '../../../lib/modal-store'
import { paths } from '../../../lib/paths'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useCarousel } from '../api/get-carousel'
import { useChoiceBulletins, useLatestNews } from '../api/get-home-articles'
import { useHotReports, useReportCategories } from '../api/get-home-reports'
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
  const map = useMapData(locale)
  const news = useLatestNews(locale, 6)
  // Bulletins are a Chinese-edition section; the English site hides them.
  const bulletins = useChoiceBulletins(locale, 6, chinese)

  return (
    <div className="home">
      <div className="container home-hero">
        <Carousel slides={carousel.error ? [] : carousel.data} />
      </div>

      <section className="container home-section" aria-labelledby="hot-title">
        <div className="section-head">
          <h2 id="hot-title" className="section-title">
            {t('home.hot')}
          </h2>
          <LocalLink to="/report-industries">{t('common.viewAll')} →</LocalLink>
        </div>
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
      </section>

      <div className="container home-two">
        <section aria-labelledby="cat-title">
          <div className="section-head">
            <h2 id="cat-title" className="section-title">
              {t('home.categories')}
            </h2>
          </div>
          {categories.data ? (
            <ul className="category-grid">
              {categories.data.map((c) => (
                <li key={c.marketType}>
                  <LocalLink to={paths.reports(c.marketType)} className="category-tile">
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
        </section>
        <section aria-labelledby="map-title">
          <div className="section-head">
            <h2 id="map-title" className="section-title">
              {t('home.map')}
            </h2>
          </div>
          {map.data ? <RegionChart regions={map.data} locale={locale} /> : <Skeleton height={300} />}
        </section>
      </div>

      <div className={`container home-two${chinese ? '' : ' home-two-cta'}`}>
        <section aria-labelledby="news-title">
          <div className="section-head">
            <h2 id="news-title" className="section-title">
              {t('home.news')}
            </h2>
            <LocalLink to="/news-categories">{t('common.more')} →</LocalLink>
          </div>
          {news.data ? (
            <ul className="line-list">
              {news.data.map((n) => (
                <li key={n.id}>
                  <LocalLink to={paths.newsDetail(n.webTitle)} className="line-title">
                    {n.title}
                  </LocalLink>
                  <span className="line-meta num">{formatDate(n.publishDate)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <SkeletonList rows={3} />
          )}
        </section>
        {chinese ? (
          <section aria-labelledby="bulletin-title">
            <div className="section-head">
              <h2 id="bulletin-title" className="section-title">
                {t('home.bulletins')}
              </h2>
              <LocalLink to="/bulletin">{t('common.more')} →</LocalLink>
            </div>
            {bulletins.data ? (
              <ul className="line-list">
                {bulletins.data.map((b) => (
                  <li key={b.id}>
                    <LocalLink to={paths.bulletin(b.webTitle)} className="line-title">
                      <span className="line-tag">{b.topLabelName}</span>
                      {b.title}
                    </LocalLink>
                    <span className="line-meta num">{formatPrice(b.price, b.currency, locale)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <SkeletonList rows={3} />
            )}
          </section>
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
      <ReportCover title={report.title} category={report.marketTypeName} categoryKey={report.marketType} mark={t('site.name')} />
      <div className="hot-body">
        <h3 className="hot-title clamp-2">
          <LocalLink to={paths.report(report.webTitle)}>{report.title}</LocalLink>
        </h3>
        <p className="meta">
          <span className="tag">{report.marketTypeName}</span>
          <span className="num">{formatDate(report.publishDate)}</span>
          {report.pageNum ? <span className="num">{t('common.pages', { count: report.pageNum })}</span> : null}
        </p>
        <p className="hot-price">
          <span className="price-label">{t('common.from')}</span>{' '}
          <span className="price num">{formatPrice(from, report.currency, locale)}</span>
        </p>
      </div>
    </article>
  )
}
