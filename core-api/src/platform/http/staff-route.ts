import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RouteSpec } from '@rpt/contract'

// What a staff call of the contract's table takes from the table besides its
// schemas (serve() applies it to every route it registers):
// - its guard: a route with a `permission` runs app.requireStaff(permission)
//   before anything else, so no route file names an action and none can
//   forget its check. It is an onRequest hook: who may call is settled before
//   the body is read or validated, so a stranger learns nothing of a route's
//   schema (401/403, never the 400 of a bad body) and an upload is never
//   received for nobody. requireStaff is the staff module's decorator
//   (declared on FastifyInstance there, registered before any route); the
//   platform calls it by name, as it calls the accounts module's requireUser.
// - its HTTP statuses: the staff API is outside the legacy contract, so its
//   failures keep their status (keepHttpStatus, platform/http/envelope.ts),
//   signing in included.

export type PreHandler = (request: FastifyRequest) => Promise<void>

export interface StaffRouteOptions {
  /** The staff guard of a route with a permission, run on request (before the body is parsed) */
  onRequest?: PreHandler
  /** keepHttpStatus for every call of the staff API */
  config?: { keepHttpStatus: true }
}

const GUARDS = new WeakSet<PreHandler>()

/** Whether a route's onRequest hook is the staff guard of a permission (test/modules/staff/guarded-routes.test.ts checks every staff route has one). */
export function isStaffGuard(hook: unknown): boolean {
  return typeof hook === 'function' && GUARDS.has(hook as PreHandler)
}

/** The guard and route config a route of the contract's table gets from its permission and audience (none for the other calls). */
export function staffRouteOptions(app: FastifyInstance, route: RouteSpec): StaffRouteOptions {
  if (route.permission === undefined && route.audience !== 'staff') return {}
  const config = { keepHttpStatus: true } as const
  if (route.permission === undefined) return { config }
  if (typeof app.requireStaff !== 'function')
    throw new Error(`${route.method} ${route.path}: needs ${route.permission}, but the staff module is not registered`)
  const guard = app.requireStaff(route.permission)
  GUARDS.add(guard)
  return { onRequest: guard, config }
}
