import type { FastifyInstance } from 'fastify'
import apiRoutes from './api/index.ts'
import clientRoutes from './client/index.ts'
import opsRoutes from './ops/index.ts'
import pageRoutes from './pages/index.ts'

export default async function routes(app: FastifyInstance) {
  await app.register(opsRoutes)
  await app.register(pageRoutes)
  await app.register(apiRoutes)
  await app.register(clientRoutes)
}
