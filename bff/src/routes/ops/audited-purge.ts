import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PurgeTarget } from '../../plugins/app/purge.ts'

/** Purges on every instance and records who asked it, with what `describe` says of it and the entries dropped. */
export async function auditedPurge(
  app: FastifyInstance,
  request: FastifyRequest,
  target: PurgeTarget,
  describe: Record<string, unknown>,
): Promise<Record<string, number>> {
  const dropped = await app.purger.run(target)
  await app.audit.record({
    operator: request.operator!,
    action: 'purge',
    address: request.ip,
    before: null,
    after: { ...describe, dropped },
  })
  return dropped
}
