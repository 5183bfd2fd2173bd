import type { FastifyInstance } from 'fastify'
import { dictTypeFor } from '../../settings/index.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'
import { IMPORT_QUEUE, ImportService, type ReportImporter } from './service.ts'
import type { Categories } from './validate.ts'

declare module 'fastify' {
  interface FastifyInstance {
    staffImports: ImportService
  }
}

/** The report service, when registered (app.staffReports): looked up by name, so this module builds before it exists. */
export function reportImporter(app: FastifyInstance): ReportImporter | undefined {
  if (!app.hasDecorator('staffReports')) return undefined
  return (app as unknown as { staffReports: ReportImporter }).staffReports
}

export async function categoriesOf(app: FastifyInstance): Promise<Categories> {
  const values = async (lang: 'zh-CN' | 'en-US') =>
    new Set((await app.dicts.list(dictTypeFor('reports_category', lang))).map((row) => row.dictValue))
  return { 'zh-CN': await values('zh-CN'), 'en-US': await values('en-US') }
}

export default servicePlugin(
  { name: 'import-service', decorates: 'staffImports', dependencies: ['db', 'job-queue', 'dict-service', 'report-search'] },
  async (app) => {
    const service = new ImportService({
      sequelize: app.db.sequelize,
      files: app.files,
      log: app.log,
      jobs: app.jobs,
      categories: () => categoriesOf(app),
      importer: () => reportImporter(app),
      listsAnswered: () => app.reportSearch.answered(),
    })
    await app.jobs.define(IMPORT_QUEUE, { policy: 'standard', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 3600 })
    await app.jobs.work<{ id: string }>(IMPORT_QUEUE, async ({ id }) => {
      await service.run(id)
    })
    return service
  },
)
