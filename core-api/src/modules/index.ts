import { pluginSet } from '@rpt/server-kit'
import metrics from '../platform/observability/metrics.ts'
import * as accounts from './accounts/index.ts'
import * as catalogue from './catalogue/index.ts'
import * as desk from './desk/index.ts'
import * as invoicing from './invoicing/index.ts'
import * as licensing from './licensing/index.ts'
import * as mail from './mail/index.ts'
import * as orders from './orders/index.ts'
import * as publishing from './publishing/index.ts'
import * as search from './search/index.ts'
import * as settings from './settings/index.ts'
import * as shipping from './shipping/index.ts'
import * as site from './site/index.ts'
import * as staff from './staff/index.ts'

// Every module's services, in the order their dependencies need: a module
// comes after the modules it imports (docs/architecture.md, the module map).
// Not encapsulated: routes, and tests, reach the services on the root instance.
export default pluginSet('app-plugins', [
  // First: its hooks count every route registered after it.
  metrics,
  settings.dictService,
  settings.configService,
  mail.mailService,
  search.reportSearch,
  staff.staffService,
  staff.staffAccounts,
  staff.staffOwnAccount,
  accounts.sessionService,
  accounts.auth,
  accounts.captchaService,
  accounts.accountService,
  catalogue.reportService,
  catalogue.bulletinService,
  catalogue.newsService,
  publishing.publishSchedule,
  publishing.staffReports,
  publishing.staffBulletinsPlugin,
  publishing.staffNewsPlugin,
  publishing.contentService,
  publishing.importService,
  site.homeService,
  site.staffSite,
  shipping.addressBook,
  shipping.shipments,
  licensing.licences,
  orders.payments,
  orders.orderDelivery,
  orders.paymentCases,
  orders.bankTransfers,
  orders.orderService,
  orders.paymentIntake,
  orders.staffOrders,
  orders.transferDesk,
  desk.customerInfoService,
  desk.staffRequests,
  desk.staffDashboard,
  desk.staffCustomers,
  invoicing.invoiceTitles,
  invoicing.invoiceDesk,
])
