import type { CorePath } from './calls.ts'
import { bankTransferRoutes, staffTransferRoutes } from './bank-transfer.ts'
import { carouselRoutes } from './carousel.ts'
import { configRoutes } from './config.ts'
import { contentRoutes } from './content.ts'
import { customerInfoRoutes } from './customer-info.ts'
import type { CallData, CallInput, RouteSpec } from './define.ts'
import { dictRoutes } from './dict.ts'
import { downloadRoutes } from './download.ts'
import { homeRoutes } from './home.ts'
import { marketInfoRoutes } from './market-info.ts'
import { researchBriefReportRoutes } from './research-brief-report.ts'
import { researchReportRoutes } from './research-report.ts'
import { staffRoutes } from './staff.ts'
import { staffBulletinRoutes, staffNewsRoutes } from './staff-articles.ts'
import { staffAuditRoutes, staffReportRoutes } from './staff-reports.ts'
import { mediaRoutes, staffMediaRoutes } from './staff-media.ts'
import { staffImportRoutes } from './staff-imports.ts'
import { staffRequestRoutes } from './staff-requests.ts'
import { staffSiteRoutes } from './staff-site.ts'
import { staffOrderRoutes } from './staff-orders.ts'
import { staffDashboardRoutes } from './staff-dashboard.ts'
import { addressRoutes } from './addresses.ts'
import { staffShipmentRoutes } from './staff-shipments.ts'
import { staffCustomerRoutes } from './staff-customers.ts'
import { staffAccountRoutes, staffOwnAccountRoutes } from './staff-accounts.ts'
import { websiteUserRoutes } from './website-user.ts'
import { invoicingRoutes, staffInvoiceRoutes } from './invoicing.ts'
import { licenceRoutes, sampleRoutes, staffLicenceRoutes } from './licences.ts'
import { orderDocumentsRoutes } from './order-documents.ts'
import { websiteUserOrderRoutes } from './website-user-order.ts'
import { websiteUserResearchOrderRoutes } from './website-user-research-order.ts'

export * from './calls.ts'
export * from './define.ts'
export {
  bankTransferRoutes,
  staffTransferRoutes,
  carouselRoutes,
  configRoutes,
  customerInfoRoutes,
  dictRoutes,
  downloadRoutes,
  homeRoutes,
  marketInfoRoutes,
  researchBriefReportRoutes,
  researchReportRoutes,
  staffRoutes,
  staffAuditRoutes,
  staffReportRoutes,
  staffBulletinRoutes,
  staffNewsRoutes,
  staffImportRoutes,
  staffRequestRoutes,
  staffOrderRoutes,
  staffDashboardRoutes,
  staffCustomerRoutes,
  staffAccountRoutes,
  staffOwnAccountRoutes,
  contentRoutes,
  websiteUserRoutes,
  websiteUserOrderRoutes,
  websiteUserResearchOrderRoutes,
  staffMediaRoutes,
  mediaRoutes,
  staffSiteRoutes,
  addressRoutes,
  staffShipmentRoutes,
  invoicingRoutes,
  staffInvoiceRoutes,
  orderDocumentsRoutes,
  licenceRoutes,
  sampleRoutes,
  staffLicenceRoutes,
}

/** Every call the core API serves from the contract, by resource (the health checks are the core API's own). */
export const ROUTES = {
  dict: dictRoutes,
  config: configRoutes,
  carousel: carouselRoutes,
  home: homeRoutes,
  customerInfo: customerInfoRoutes,
  researchReport: researchReportRoutes,
  researchBriefReport: researchBriefReportRoutes,
  marketInfo: marketInfoRoutes,
  websiteUser: websiteUserRoutes,
  websiteUserOrder: websiteUserOrderRoutes,
  websiteUserResearchOrder: websiteUserResearchOrderRoutes,
  download: downloadRoutes,
  staff: staffRoutes,
  staffReports: staffReportRoutes,
  staffBulletins: staffBulletinRoutes,
  staffNews: staffNewsRoutes,
  staffAudit: staffAuditRoutes,
  staffMedia: staffMediaRoutes,
  media: mediaRoutes,
  staffImports: staffImportRoutes,
  staffRequests: staffRequestRoutes,
  staffSite: staffSiteRoutes,
  staffOrders: staffOrderRoutes,
  bankTransfer: bankTransferRoutes,
  staffTransfers: staffTransferRoutes,
  staffDashboard: staffDashboardRoutes,
  staffCustomers: staffCustomerRoutes,
  staffAccounts: staffAccountRoutes,
  staffOwnAccount: staffOwnAccountRoutes,
  content: contentRoutes,
  addresses: addressRoutes,
  staffShipments: staffShipmentRoutes,
  invoicing: invoicingRoutes,
  orderDocuments: orderDocumentsRoutes,
  staffInvoices: staffInvoiceRoutes,
  licences: licenceRoutes,
  sample: sampleRoutes,
  staffLicences: staffLicenceRoutes,
}

type Table = typeof ROUTES
type AnyRoute = { [R in keyof Table]: Table[R][keyof Table[R]] }[keyof Table]

/** Every route of the table in one list. */
export const ROUTE_LIST: readonly RouteSpec[] = Object.values(ROUTES).flatMap((resource) => Object.values(resource) as RouteSpec[])

/** The route of a path. */
export type RouteOf<P extends CorePath> = Extract<AnyRoute, { path: P }>

/** What the call at a path takes (without lang) and answers with: the client's fetchers are typed by these. */
export type InputOf<P extends CorePath> = CallInput<RouteOf<P>>
export type DataOf<P extends CorePath> = CallData<RouteOf<P>>
