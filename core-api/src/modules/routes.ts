import type { FastifyInstance } from 'fastify'
import healthRoutes from '../platform/observability/health-routes.ts'
import metricsRoutes from '../platform/observability/metrics-routes.ts'
import * as accounts from './accounts/index.ts'
import * as catalogue from './catalogue/index.ts'
import * as desk from './desk/index.ts'
import * as invoicing from './invoicing/index.ts'
import * as licensing from './licensing/index.ts'
import * as orderDocuments from './order-documents/index.ts'
import * as orders from './orders/index.ts'
import * as publishing from './publishing/index.ts'
import * as settings from './settings/index.ts'
import * as shipping from './shipping/index.ts'
import * as site from './site/index.ts'
import * as staff from './staff/index.ts'

// The contract's routes (product spec section 7) carry their own paths
// (@rpt/contract, contract/src/routes); each module holds the handlers of its
// resources.
export default async function routes(app: FastifyInstance) {
  await app.register(healthRoutes)
  await app.register(metricsRoutes)
  for (const resource of [
    settings.dictRoutes,
    settings.configRoutes,
    site.carouselRoutes,
    site.homeRoutes,
    desk.customerInfoRoutes,
    catalogue.researchReportRoutes,
    catalogue.researchBriefReportRoutes,
    catalogue.marketInfoRoutes,
    accounts.websiteUserRoutes,
    orders.websiteUserOrderRoutes,
    orders.websiteUserResearchOrderRoutes,
    orders.downloadRoutes,
    shipping.addressRoutes,
    shipping.staffShipmentRoutes,
    staff.staffRoutes,
    publishing.staffFilesRoutes,
    publishing.staffArticleFilesRoutes,
    publishing.staffMediaRoutes,
    publishing.staffImportRoutes,
    publishing.staffReportRoutes,
    desk.staffRequestRoutes,
    publishing.staffBulletinRoutes,
    publishing.staffNewsRoutes,
    staff.staffAuditRoutes,
    site.staffSiteRoutes,
    orders.staffOrderRoutes,
    orders.bankTransferRoutes,
    desk.staffDashboardRoutes,
    desk.staffCustomerRoutes,
    staff.staffAccountRoutes,
    staff.staffOwnAccountRoutes,
    publishing.contentRoutes,
    invoicing.invoicingRoutes,
    invoicing.staffInvoiceRoutes,
    orderDocuments.orderDocumentsRoutes,
    licensing.licenceRoutes,
    licensing.sampleRoutes,
    licensing.staffLicenceRoutes,
  ]) {
    await app.register(resource)
  }
  // The earlier backend's image folder, for its clients (docs/other-clients.md).
  if (app.config.LEGACY_FILES_PREFIX !== 'off') await app.register(catalogue.legacyFilesRoutes, { prefix: app.config.LEGACY_FILES_PREFIX })
}
