import type { MigrationModule } from '../migration-types.ts'
import { contentSchema } from './2026.11.22T00.00.01.content-schema.ts'
import { websiteUsers } from './2026.11.22T00.00.02.website-users.ts'
import { orders } from './2026.11.22T00.00.03.orders.ts'
import { reportListPerformance } from './2026.11.22T00.00.04.report-list-performance.ts'
import { reportSearchTable } from './2026.11.23T00.00.05.report-search-table.ts'
import { reportCatalogueVersion } from './2026.11.23T00.00.06.report-catalogue-version.ts'
import { reportSearchFixes } from './2026.11.23T00.00.07.report-search-fixes.ts'
import { scaleOut } from './2026.11.25T00.00.08.scale-out.ts'
import { paymentClosesAndRefunds } from './2026.11.25T00.00.09.payment-closes-and-refunds.ts'
import { dictionaryIcons } from './2026.11.25T00.00.10.dictionary-icons.ts'
import { refundsByOrder } from './2026.11.25T00.00.11.refunds-by-order.ts'
import { reportSearchPages } from './2026.11.25T00.00.12.report-search-pages.ts'
import { reportKeywordCounts } from './2026.11.26T00.00.13.report-keyword-counts.ts'
import { gatewayBooksLeave } from './2026.11.27T00.00.14.gateway-books-leave.ts'
import { staffAccounts } from './2026.11.27T00.00.15.staff-accounts.ts'
import { staffPublishing } from './2026.11.27T00.00.16.staff-publishing.ts'
import { staffImports } from './2026.11.27T00.00.17.staff-imports.ts'
import { staffSite } from './2026.11.28T00.00.19.staff-site.ts'
import { reportWriteCost } from './2026.11.28T00.00.20.report-write-cost.ts'
import { staffRequests } from './2026.11.28T00.00.21.staff-requests.ts'
import { sealedTotpSecrets } from './2026.11.28T00.00.22.sealed-totp-secrets.ts'
import { customerSearch } from './2026.11.28T10.00.23.customer-search.ts'
import { dashboardIndexes } from './2026.11.28T10.00.24.dashboard-indexes.ts'
import { bulletinFileDetails } from './2026.11.28T13.00.30.bulletin-file-details.ts'
import { unsoldLicences } from './2026.12.02T00.00.31.unsold-licences.ts'
import { mediaLibrary } from './2026.12.02T00.00.32.media-library.ts'
import { paperCopy } from './2026.12.02T10.00.41.paper-copy.ts'
import { invoicing } from './2026.12.02T10.00.42.invoicing.ts'
import { bankTransfers } from './2026.12.02T10.00.43.bank-transfers.ts'
import { licences } from './2026.12.02T16.00.00.licences.ts'

// Listed explicitly, in order: the compiled build runs the same list as the
// sources, with no file globbing that differs between .ts and .js.
export const migrations: MigrationModule[] = [
  contentSchema,
  websiteUsers,
  orders,
  reportListPerformance,
  reportSearchTable,
  reportCatalogueVersion,
  reportSearchFixes,
  scaleOut,
  paymentClosesAndRefunds,
  dictionaryIcons,
  refundsByOrder,
  reportSearchPages,
  reportKeywordCounts,
  gatewayBooksLeave,
  staffAccounts,
  staffPublishing,
  staffImports,
  staffSite,
  reportWriteCost,
  staffRequests,
  sealedTotpSecrets,
  customerSearch,
  dashboardIndexes,
  bulletinFileDetails,
  unsoldLicences,
  mediaLibrary,
  paperCopy,
  invoicing,
  bankTransfers,
  licences,
]
