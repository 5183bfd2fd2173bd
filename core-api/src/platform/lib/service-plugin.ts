import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'

export interface ServicePluginMeta<K extends keyof FastifyInstance> {
  /** The plugin's name, as other plugins name it in their dependencies. */
  name: string
  /** What it decorates the root instance with (declared on FastifyInstance beside the service). */
  decorates: K
  dependencies?: string[]
}

/**
 * A plugin that builds one service and decorates the root instance with it.
 * `build` may also start what the service runs (its job queues, its close
 * hook) before it answers the service.
 */
export function servicePlugin<K extends keyof FastifyInstance>(
  meta: ServicePluginMeta<K>,
  build: (app: FastifyInstance) => FastifyInstance[K] | Promise<FastifyInstance[K]>,
) {
  return fp(
    async (app: FastifyInstance) => {
      // Widened to a plain name: build's return type already holds the service to the key's declared type.
      const service: unknown = await build(app)
      app.decorate(meta.decorates as string, service)
    },
    { name: meta.name, ...(meta.dependencies ? { dependencies: meta.dependencies } : {}) },
  )
}

/** What most services are given: the database, the log, and the settings they pick from. */
export function commonDeps(app: FastifyInstance): {
  sequelize: FastifyInstance['db']['sequelize']
  log: FastifyInstance['log']
  options: Config
} {
  return { sequelize: app.db.sequelize, log: app.log, options: app.config }
}
