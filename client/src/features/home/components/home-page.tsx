import type { ReportListItem } from '@rpt/contract'
import { LocalLink } from '../../../components/local-link'
import { CoverOf, ReportFacts } from '../../../components/report-facts'
import { SkeletonList } from '../../../components/skeleton'
import { deferredPart } from '../../../lib/deferred-part'
import { formatPrice, minPrice } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useCarousel } from '../api/get-carousel'
import { useHotReports } from '../api/get-home-reports'
import { Carousel } from './carousel'
import { HomeSection } from './home-section'
import './home.css'

// Below the hot reports: hydrated after them, its script not among the page's first loads.
const HomeMoreDeferred = deferredPart(() => import('./home-more'))

export default function HomePage() {
  const t = useT()
  const locale = useLocale()
  const carousel = useCarousel(locale)
  const hot = useHotReports(locale, 8)

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

      <HomeMoreDeferred />
    </div>
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
