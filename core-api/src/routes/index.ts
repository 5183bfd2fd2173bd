import type { FastifyInstance } from 'fastify'
import carouselRoutes from './carousel/index.ts'
import configRoutes from './config/index.ts'
import customerInfoRoutes from './customer-info/index.ts'
import dictRoutes from './dict/index.ts'
import healthRoutes from './health/index.ts'
import metricsRoutes from './metrics/index.ts'
import homeRoutes from './home/index.ts'
import marketInfoRoutes from './market-info/index.ts'
import researchBriefReportRoutes from './research-brief-report/index.ts'
import researchReportRoutes from './research-report/index.ts'
import downloadRoutes from './download/index.ts'
import legacyFilesRoutes from './legacy-files/index.ts'
import staffRoutes from './staff/index.ts'
import staffImportRoutes from './staff-imports/index.ts'
import staffReportRoutes from './staff-reports/index.ts'
import staffRequestRoutes from './staff-requests/index.ts'
import staffAuditRoutes from './staff-audit/index.ts'
import staffBulletinRoutes from './staff-bulletins/index.ts'
import staffNewsRoutes from './staff-news/index.ts'
import contentRoutes from './content/index.ts'
import websiteUserRoutes from './website-user/index.ts'
import websiteUserOrderRoutes from './website-user-order/index.ts'
import websiteUserResearchOrderRoutes from './website-user-research-order/index.ts'
import staffFilesRoutes from './staff-files/index.ts'
import staffArticleFilesRoutes from './staff-article-files/index.ts'
import staffMediaRoutes from './staff-media/index.ts'
import staffSiteRoutes from './staff-site/index.ts'
import staffOrderRoutes from './staff-orders/index.ts'
import staffDashboardRoutes from './staff-dashboard/index.ts'
import staffCustomerRoutes from './staff-customers/index.ts'

// The contract's routes (product spec section 7) carry their own paths
// (@rpt/contract, contract/src/routes); each folder holds the handlers of one
// resource.
export default async function routes(app: FastifyInstance) {
  await app.register(healthRoutes)
  await app.register(metricsRoutes)
  for (const resource of [
    dictRoutes,
    configRoutes,
    carouselRoutes,
    homeRoutes,
    customerInfoRoutes,
    researchReportRoutes,
    researchBriefReportRoutes,
    marketInfoRoutes,
    websiteUserRoutes,
    websiteUserOrderRoutes,
    websiteUserResearchOrderRoutes,
    downloadRoutes,
    staffRoutes,
    staffFilesRoutes,
    staffArticleFilesRoutes,
    staffMediaRoutes,
    staffImportRoutes,
    staffReportRoutes,
    staffRequestRoutes,
    staffBulletinRoutes,
    staffNewsRoutes,
    staffAuditRoutes,
    staffSiteRoutes,
    staffOrderRoutes,
    staffDashboardRoutes,
    staffCustomerRoutes,
    contentRoutes,
  ]) {
    await app.register(resource)
  }
  // The earlier backend's image folder, for its clients (docs/other-clients.md).
  if (app.config.LEGACY_FILES_PREFIX !== 'off') await app.register(legacyFilesRoutes, { prefix: app.config.LEGACY_FILES_PREFIX })
}
