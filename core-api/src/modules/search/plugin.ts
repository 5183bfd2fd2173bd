import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createSearch, type Search } from './report-search.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The report list's search (modules/search; app.search is Fastify's SEARCH route method) */
    reportSearch: Search
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'reportSearch',
      createSearch(
        app.db.sequelize,
        {
          concurrency: app.config.SEARCH_CONCURRENCY,
          queueMs: app.config.SEARCH_QUEUE_MS,
          statementTimeoutMs: app.config.SEARCH_STATEMENT_TIMEOUT_MS,
          countedMatches: app.config.SEARCH_COUNTED_MATCHES,
          staleMs: app.config.SEARCH_STALE_MS,
        },
        app.log,
      ),
    )
    // A keyword being counted finishes (or rolls back) before the database closes.
    app.addHook('onClose', () => app.reportSearch.settled())
  },
  { name: 'report-search', dependencies: ['config', 'db'] },
)
