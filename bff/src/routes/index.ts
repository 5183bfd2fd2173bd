import type { FastifyInstance } from 'fastify'
import apiRoutes from './api/index.ts'
import clientRoutes from './client/index.ts'
import opsRoutes from './ops/index.ts'
import pageRoutes from './pages/index.ts'
import previewRoutes from './preview/index.ts'
import seoRoutes from './seo/index.ts'
import staffConsoleRoutes from './staff-console/index.ts'
import ssrPlugin from '../ssr/plugin.ts'

export default async function routes(app: FastifyInstance) {
  await app.register(ssrPlugin)
  await app.register(opsRoutes)
  await app.register(pageRoutes)
  await app.register(apiRoutes)
  await app.register(seoRoutes)
  await app.register(staffConsoleRoutes)
  await app.register(previewRoutes)
  await app.register(clientRoutes)
}
