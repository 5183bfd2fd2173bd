import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import accountService from './account-service.ts'
import auth from './auth.ts'
import bulletinService from './bulletin-service.ts'
import captchaService from './captcha-service.ts'
import configService from './config-service.ts'
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

async function appPlugins(app: FastifyInstance) {
  // First: its hooks count every route registered after it.
  await app.register(metrics)
  await app.register(dictService)
  await app.register(configService)
  await app.register(reportSearch)
  await app.register(reportService)
  await app.register(bulletinService)
  await app.register(newsService)
  await app.register(homeService)
  await app.register(mailService)
  await app.register(customerInfoService)
  await app.register(sessionService)
  await app.register(auth)
  await app.register(captchaService)
  await app.register(accountService)
  await app.register(payments)
  await app.register(orderDelivery)
  await app.register(paymentCases)
  await app.register(orderService)
  await app.register(paymentIntake)
}

// Not encapsulated: routes, and tests, reach the services on the root instance.
export default fp(appPlugins, { name: 'app-plugins' })
