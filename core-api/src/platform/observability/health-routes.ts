import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, type TSchema } from 'typebox'
import { QueryTypes } from 'sequelize'
import { migrations } from '../db/migrations/index.ts'
import { ok, responses, sendKey } from '../http/envelope.ts'
import { AppError } from '../errors.ts'
import { CALLS } from '@rpt/contract'

const Lang = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10 })) })

const QueueCounts = Type.Object({
  queued: Type.Integer({ description: 'waiting to run, first attempts and retries' }),
  active: Type.Integer(),
  failed: Type.Integer({ description: 'out of retries' }),
})

const Readiness = Type.Object({
  status: Type.Literal('ready'),
  database: Type.String({ description: 'embedded or postgresql' }),
  jobs: Type.Record(Type.String(), QueueCounts, { description: 'per queue of the job queue' }),
  mails: Type.Object({
    unsent: Type.Integer({ description: 'queued or being retried' }),
    rejected: Type.Integer({ description: 'refused for good by the mail server' }),
    oldestUnsentSeconds: Type.Union([Type.Number(), Type.Null()]),
  }),
})

// Liveness says the process answers; readiness, that it can serve: a
// balancer sends traffic only to ready instances, and a supervisor restarts
// only those that stop being live.
// Each check's route options: its HTTP status kept for balancers, documented under Operations.
const check = <T extends TSchema>(summary: string, data: T, extra: { description?: string; logLevel?: 'warn' } = {}) => ({
  config: { keepHttpStatus: true },
  schema: {
    tags: ['Operations'],
    summary,
    ...(extra.description ? { description: extra.description } : {}),
    querystring: Lang,
    response: responses(data),
  },
  ...(extra.logLevel ? { logLevel: extra.logLevel } : {}),
})

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Balancers and supervisors read the HTTP status: health checks keep theirs.
  app.get(
    CALLS.health.status.path,
    check('Answers 200 once the database answers', Type.Object({ status: Type.String(), database: Type.String() })),
    async (request) => {
      try {
        await app.db.sequelize.query('SELECT 1')
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable')
        throw new AppError('SERVER_ERROR')
      }
      return ok(request.lang, { status: 'ok', database: app.db.embedded ? 'embedded' : 'postgresql' })
    },
  )

  app.get(
    CALLS.health.live.path,
    check('Liveness: answers 200 while the process runs, whatever its dependencies do', Type.Object({ status: Type.Literal('live') }), {
      logLevel: 'warn',
    }),
    async (request) => ok(request.lang, { status: 'live' as const }),
  )

  app.get(
    CALLS.health.ready.path,
    check(
      'Readiness: 200 when the database answers and every migration is applied, else 503 (code 503); 503 from the moment a shutdown begins',
      Readiness,
      {
        description: 'Also reports the job queue (jobs waiting, running and failed per queue) and the mails not yet sent.',
        logLevel: 'warn',
      },
    ),
    async (request, reply) => {
      // Shutting down (SIGTERM): out of the rotation at once, while the requests already here finish. Expected: not logged as an error.
      if (app.drain.draining)
        return sendKey(reply, 'NOT_READY', request.lang, request.lang === 'zh-CN' ? '服务正在停止' : 'The service is shutting down')
      let pending: number
      try {
        // Read, not through umzug: its storage would create the table it reads.
        const applied = await app.db.sequelize.query<{ name: string }>('SELECT name FROM schema_migrations', { type: QueryTypes.SELECT })
        const names = new Set(applied.map((row) => row.name))
        pending = migrations.filter((migration) => !names.has(migration.name)).length
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database unreachable')
        throw new AppError('NOT_READY')
      }
      if (pending > 0) {
        request.log.warn({ pending }, 'readiness: migrations not applied')
        throw new AppError('NOT_READY', {
          'zh-CN': `数据库有 ${pending} 个迁移尚未执行`,
          'en-US': `${pending} database migrations are not applied`,
        })
      }
      const [jobs, mails] = await Promise.all([app.jobs.stats(), app.mails.backlog()])
      return ok(request.lang, { status: 'ready' as const, database: app.db.embedded ? 'embedded' : 'postgresql', jobs: jobs.queues, mails })
    },
  )
}

export default healthRoutes
