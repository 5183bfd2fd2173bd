import { lazyScreen, type LazyScreen } from './lazy-screen'
import type { ScreenName } from './routes'

export interface ScreenProps {
  params: Record<string, string | undefined>
}

type Screen = LazyScreen<ScreenProps>

// Route-level code splitting: each screen is its own chunk.
export const SCREENS: Record<ScreenName, Screen> = {
  home: lazyScreen(() => import('../features/home/components/home-page')),
  reports: lazyScreen(() => import('../features/reports/components/report-list-page')),
  reportDetail: lazyScreen(() => import('../features/reports/components/report-detail-page')),
  bulletins: lazyScreen(() => import('../features/bulletins/components/bulletin-list-page')),
  bulletinDetail: lazyScreen(() => import('../features/bulletins/components/bulletin-detail-page')),
  news: lazyScreen(() => import('../features/news/components/news-list-page')),
  newsDetail: lazyScreen(() => import('../features/news/components/news-detail-page')),
  market: lazyScreen(() => import('../features/custom-request/components/market-page')),
  about: lazyScreen(() => import('../features/about/components/about-page')),
  contact: lazyScreen(() => import('../features/about/components/contact-page')),
  myInfo: lazyScreen(() => import('../features/auth/components/my-info-page')),
  updatePwd: lazyScreen(() => import('../features/auth/components/update-password-page')),
  orders: lazyScreen(() => import('../features/orders/components/orders-page')),
  downloads: lazyScreen(() => import('../features/orders/components/downloads-page')),
  payBack: lazyScreen(() => import('../features/orders/components/pay-back-page')),
  notFound: lazyScreen(() => import('../components/not-found-page')),
}
