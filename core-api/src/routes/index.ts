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
import websiteUserRoutes from './website-user/index.ts'
import websiteUserOrderRoutes from './website-user-order/index.ts'
import websiteUserResearchOrderRoutes from './website-user-research-order/index.ts'

// Paths are the legacy contract's (product spec section 7).
export default async function routes(app: FastifyInstance) {
  await app.register(healthRoutes)
  await app.register(metricsRoutes)
  await app.register(dictRoutes, { prefix: '/basedata/dict' })
  await app.register(configRoutes, { prefix: '/basedata/config' })
  await app.register(carouselRoutes, { prefix: '/basedata/carousel' })
  await app.register(homeRoutes, { prefix: '/basedata/home' })
  await app.register(customerInfoRoutes, { prefix: '/basedata/customerInfo' })
  await app.register(researchReportRoutes, { prefix: '/report/researchReport' })
  await app.register(researchBriefReportRoutes, { prefix: '/report/researchBriefReport' })
  await app.register(marketInfoRoutes, { prefix: '/report/marketInfo' })
  await app.register(websiteUserRoutes, { prefix: '/report/websiteUser' })
  await app.register(websiteUserOrderRoutes, { prefix: '/report/websiteUserOrder' })
  await app.register(websiteUserResearchOrderRoutes, { prefix: '/report/websiteUserResearchOrder' })
  await app.register(downloadRoutes, { prefix: '/download' })
  // The earlier backend's image folder, for its clients (docs/other-clients.md).
  if (app.config.LEGACY_FILES_PREFIX !== 'off') await app.register(legacyFilesRoutes, { prefix: app.config.LEGACY_FILES_PREFIX })
}
