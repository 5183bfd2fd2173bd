import { Type } from 'typebox'
import { CACHE_NAMES } from '../../plugins/app/caches.ts'

export const HealthData = Type.Object({
  status: Type.Literal('ok'),
  /** up, down, or the core API's HTTP status when it answers but not healthily */
  core: Type.String(),
})

export const LiveData = Type.Object({ status: Type.Literal('live') })

export const ReadyData = Type.Object({
  status: Type.Literal('ready'),
  /** The core API's own readiness answer: database, job queue, mail backlog */
  core: Type.Unknown(),
})

export const PurgeBody = Type.Union([
  Type.Object({ cache: Type.Optional(Type.Union(CACHE_NAMES.map((name) => Type.Literal(name)))) }, { additionalProperties: false }),
  Type.Null(),
])

export const PurgeData = Type.Object({ purged: Type.Array(Type.String()) })
