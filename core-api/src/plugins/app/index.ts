import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import bulletinService from './bulletin-service.ts'
import configService from './config-service.ts'
import customerInfoService from './customer-info-service.ts'
import dictService from './dict-service.ts'
import homeService from './home-service.ts'
import newsService from './news-service.ts'
import reportService from './report-service.ts'

async function appPlugins(app: FastifyInstance) {
  await app.register(dictService)
  await app.register(configService)
  await app.register(reportService)
  await app.register(bulletinService)
  await app.register(newsService)
  await app.register(homeService)
  await app.register(customerInfoService)
}

// Not encapsulated: routes, and tests, reach the services on the root instance.
export default fp(appPlugins, { name: 'app-plugins' })
