import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import type { TSchema } from 'typebox'
import type { RouteSpec } from '@rpt/contract'
import { responses } from './envelope.ts'
import { staffRouteOptions, type PreHandler } from './staff-route.ts'

// Registers a resource's routes from the contract's table (@rpt/contract,
// contract/src/routes): method, path, schemas, answers and documentation
// come from there, and so do a staff call's guard (its permission) and HTTP
// statuses (staff-route.ts), so a route file holds only its handlers.

type Part<R, K extends string> = R extends { readonly [P in K]: infer S extends TSchema } ? S : undefined

/** The Fastify schema a route of the table registers with, as the TypeBox type provider reads it. */
interface SchemaOf<R> {
  body: Part<R, 'body'>
  querystring: Part<R, 'querystring'>
  params: Part<R, 'params'>
  headers: Part<R, 'headers'>
  response: R extends { readonly data: infer D extends TSchema } ? ReturnType<typeof responses<D>> : unknown
}

export type Handler<R> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R>,
  TypeBoxTypeProvider
>

/**
 * A handler, or one with the route options that are the core API's own rather than the contract's. Its
 * preHandler runs after the route's guard (the website session's, or the staff permission's, which runs on
 * request), never instead.
 */
type Entry<R> = Handler<R> | { handler: Handler<R>; config?: FastifyContextConfig; description?: string; preHandler?: PreHandler }

export type Handlers<T> = { [K in keyof T]: Entry<T[K]> }

const SECURITY = [{ websiteToken: [] }]

/** A plugin registering every route of `routes` with its handler from `handlers` (which get the app, for its services). */
export function serve<T extends Record<string, RouteSpec>>(routes: T, handlers: (app: FastifyInstance) => Handlers<T>): FastifyPluginAsync {
  return async (app) => {
    const entries: Record<string, Entry<RouteSpec>> = handlers(app)
    for (const [name, route] of Object.entries(routes)) {
      const entry = entries[name]!
      const { handler, config, description, preHandler } =
        typeof entry === 'function' ? { handler: entry, config: undefined, description: undefined, preHandler: undefined } : entry
      if (!route.data && !route.response) throw new Error(`${route.method} ${route.path}: the contract declares no answer`)
      const staff = staffRouteOptions(app, route)
      const userGuard = route.auth === 'session' ? (request: FastifyRequest) => app.requireUser(request) : undefined
      const preHandlers = [userGuard, preHandler].filter((hook): hook is PreHandler => hook !== undefined)
      const routeConfig = { ...config, ...staff.config }
      app.route({
        method: route.method,
        url: route.path,
        ...(Object.keys(routeConfig).length > 0 ? { config: routeConfig } : {}),
        ...(staff.onRequest ? { onRequest: [staff.onRequest] } : {}),
        ...(preHandlers.length > 0 ? { preHandler: preHandlers } : {}),
        schema: {
          tags: [...route.tags],
          summary: route.summary,
          ...(route.operationId ? { operationId: route.operationId } : {}),
          ...((description ?? route.description) ? { description: description ?? route.description } : {}),
          ...(route.querystring ? { querystring: route.querystring } : {}),
          ...(route.body ? { body: route.body } : {}),
          ...(route.params ? { params: route.params } : {}),
          ...(route.headers ? { headers: route.headers } : {}),
          ...(route.auth === 'session' || route.auth === 'token' ? { security: SECURITY } : {}),
          response: route.response ?? responses(route.data!),
        },
        handler: handler as RouteHandlerMethod,
      })
    }
  }
}
