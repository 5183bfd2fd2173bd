import { pluginSet } from '@rpt/server-kit'
import accountService from './account-service.ts'
import auth from './auth.ts'
import bulletinService from './bulletin-service.ts'
import captchaService from './captcha-service.ts'
import configService from './config-service.ts'
import contentService from './content-service.ts'
import customerInfoService from './customer-info-service.ts'
import dictService from './dict-service.ts'
import homeService from './home-service.ts'
import mailService from './mail-service.ts'
import metrics from './metrics.ts'
import newsService from './news-service.ts'
import orderDelivery from './order-delivery.ts'
import orderService from './order-service.ts'
import paymentCases from './payment-cases.ts'
import paymentIntake from './payment-intake.ts'
import payments from './payments.ts'
import reportService from './report-service.ts'
import reportSearch from './report-search.ts'
import sessionService from './session-service.ts'
import staffService from './staff-service.ts'
import staffReports from './staff-reports.ts'
import staffRequests from './staff-requests.ts'
import staffSite from './staff-site.ts'
import staffOrders from './staff-orders.ts'
import staffDashboard from './staff-dashboard.ts'
import staffCustomers from './staff-customers.ts'
import { staffBulletinsPlugin, staffNewsPlugin } from './staff-articles.ts'
import importService from '../../import/plugin.ts'

// Not encapsulated: routes, and tests, reach the services on the root instance.
export default pluginSet('app-plugins', [
  // First: its hooks count every route registered after it.
  metrics,
  dictService,
  configService,
  reportSearch,
  reportService,
  bulletinService,
  newsService,
  homeService,
  mailService,
  customerInfoService,
  sessionService,
  auth,
  captchaService,
  accountService,
  payments,
  orderDelivery,
  paymentCases,
  orderService,
  paymentIntake,
  staffService,
  staffReports,
  staffRequests,
  staffSite,
  staffOrders,
  staffDashboard,
  staffCustomers,
  staffBulletinsPlugin,
  staffNewsPlugin,
  contentService,
  importService,
])
