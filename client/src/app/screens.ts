import type { ComponentType } from 'react'
import { withOnDemandMessages } from '../lib/intl'
import { lazyScreen, type LazyScreen } from './lazy-screen'
import type { ScreenName } from './routes'

export interface ScreenProps {
  params: Record<string, string | undefined>
}

type Words = 'page' | 'on-demand'
type Screen = LazyScreen<ScreenProps> & { words: Words }

// Route-level code splitting: each screen is its own chunk. The modules are
// taken by path (root-relative, as Vite's build manifest names them), so the
// server can find a screen's chunk, stylesheets and imports in the manifest
// and send them with the page; a new screen gets them by being listed here.
const MODULES = import.meta.glob<{ default: ComponentType<ScreenProps> }>([
  '/src/features/*/components/*-page.tsx',
  '/src/features/staff/shell/staff-gate-page.tsx',
  '/src/components/not-found-page.tsx',
])

/** words: 'on-demand' for a screen that shows words of the on-demand catalogue (lib/intl.ts); its chunk is handed over once they have loaded. */
function screen(path: string, words: Words = 'page'): Screen {
  const load = MODULES[path]
  if (!load) throw new Error(`no screen module ${path}`)
  return Object.assign(lazyScreen(words === 'on-demand' ? withOnDemandMessages(load) : load, path.slice(1)), { words })
}

export const SCREENS: Record<ScreenName, Screen> = {
  home: screen('/src/features/home/components/home-page.tsx'),
  reports: screen('/src/features/reports/components/report-list-page.tsx'),
  reportDetail: screen('/src/features/reports/components/report-detail-page.tsx'),
  bulletins: screen('/src/features/bulletins/components/bulletin-list-page.tsx'),
  bulletinDetail: screen('/src/features/bulletins/components/bulletin-detail-page.tsx'),
  news: screen('/src/features/news/components/news-list-page.tsx'),
  newsDetail: screen('/src/features/news/components/news-detail-page.tsx'),
  market: screen('/src/features/custom-request/components/market-page.tsx', 'on-demand'),
  about: screen('/src/features/about/components/about-page.tsx'),
  contact: screen('/src/features/about/components/contact-page.tsx'),
  myInfo: screen('/src/features/auth/components/my-info-page.tsx', 'on-demand'),
  updatePwd: screen('/src/features/auth/components/update-password-page.tsx', 'on-demand'),
  orders: screen('/src/features/orders/components/orders-page.tsx', 'on-demand'),
  downloads: screen('/src/features/orders/components/downloads-page.tsx', 'on-demand'),
  addresses: screen('/src/features/addresses/components/addresses-page.tsx', 'on-demand'),
  payBack: screen('/src/features/orders/components/pay-back-page.tsx', 'on-demand'),
  orderDetail: screen('/src/features/orders/components/order-page.tsx', 'on-demand'),
  invoiceTitles: screen('/src/features/invoicing/components/invoice-titles-page.tsx', 'on-demand'),
  acceptSeat: screen('/src/features/orders/components/accept-seat-page.tsx', 'on-demand'),
  verifyEmail: screen('/src/features/auth/components/verify-email-page.tsx', 'on-demand'),
  notFound: screen('/src/components/not-found-page.tsx'),
  ops: screen('/src/features/ops/components/ops-page.tsx'),
  staff: screen('/src/features/staff/shell/staff-gate-page.tsx'),
}
