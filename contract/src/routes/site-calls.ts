import type { CallAddress } from './call-address.ts'
import { dictCalls } from './site-calls/dict.ts'
import { configCalls } from './site-calls/config.ts'
import { carouselCalls } from './site-calls/carousel.ts'
import { homeCalls } from './site-calls/home.ts'
import { customerInfoCalls } from './site-calls/customer-info.ts'
import { researchReportCalls } from './site-calls/research-report.ts'
import { researchBriefReportCalls } from './site-calls/research-brief-report.ts'
import { marketInfoCalls } from './site-calls/market-info.ts'
import { websiteUserCalls } from './site-calls/website-user.ts'
import { websiteUserOrderCalls } from './site-calls/website-user-order.ts'
import { websiteUserResearchOrderCalls } from './site-calls/website-user-research-order.ts'
import { addressesCalls } from './site-calls/addresses.ts'
import { downloadCalls } from './site-calls/download.ts'
import { invoicingCalls } from './site-calls/invoicing.ts'
import { orderDocumentsCalls } from './site-calls/order-documents.ts'
import { bankTransferCalls } from './site-calls/bank-transfer.ts'
import { licencesCalls } from './site-calls/licences.ts'
import { sampleCalls } from './site-calls/sample.ts'
import { mediaCalls } from './site-calls/media.ts'
import { contentCalls } from './site-calls/content.ts'
import { healthCalls } from './site-calls/health.ts'

// The calls of the public site, its buyers, the payment providers and the
// platform: the half of the table (calls.ts) a public page's script may
// import (@rpt/contract/site-calls) without carrying the staff API's
// addresses to every visitor.

// Each group is a module of its own (site-calls/), re-exported here, so that
// a page's script carries only the groups its modules call, each in the
// chunk of the screens that call it (a bundler places a module, not an
// export: one module held every group a lazy screen called in the entry);
// SITE_CALLS below is the whole table, for the servers and the contract's
// tests.

export {
  dictCalls,
  configCalls,
  carouselCalls,
  homeCalls,
  customerInfoCalls,
  researchReportCalls,
  researchBriefReportCalls,
  marketInfoCalls,
  websiteUserCalls,
  websiteUserOrderCalls,
  websiteUserResearchOrderCalls,
  addressesCalls,
  downloadCalls,
  invoicingCalls,
  orderDocumentsCalls,
  bankTransferCalls,
  licencesCalls,
  sampleCalls,
  mediaCalls,
  contentCalls,
  healthCalls,
}

export const SITE_CALLS = {
  dict: dictCalls,
  config: configCalls,
  carousel: carouselCalls,
  home: homeCalls,
  customerInfo: customerInfoCalls,
  researchReport: researchReportCalls,
  researchBriefReport: researchBriefReportCalls,
  marketInfo: marketInfoCalls,
  websiteUser: websiteUserCalls,
  websiteUserOrder: websiteUserOrderCalls,
  websiteUserResearchOrder: websiteUserResearchOrderCalls,
  addresses: addressesCalls,
  download: downloadCalls,
  invoicing: invoicingCalls,
  orderDocuments: orderDocumentsCalls,
  bankTransfer: bankTransferCalls,
  licences: licencesCalls,
  sample: sampleCalls,
  media: mediaCalls,
  content: contentCalls,
  health: healthCalls,
} as const satisfies Record<string, Record<string, CallAddress>>
