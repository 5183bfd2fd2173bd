import type { FastifyInstance } from 'fastify'
import { CALLS, staffLicenceRoutes, TraceTextBody } from '@rpt/contract'
import { Compile } from 'typebox/compile'
import { AppError } from '../../../platform/errors.ts'
import { acceptRawBodies, readRawBody } from '../../../platform/files/uploads/raw-body.ts'
import { ok } from '../../../platform/http/envelope.ts'
import { serve } from '../../../platform/http/serve.ts'
import { staffActorOf } from '../../staff/index.ts'

// The staff desk's seats of an order (licences.read, licences.act) and
// tracing a leaked file (licences.trace). The file comes as the raw body, as
// the console's other uploads do, so tracing has a body parser of its own;
// pasted text comes in the same body as JSON {text}.

export const MAX_TRACE_BYTES = 100 * 1024 * 1024

const { traceFile, ...seatRoutes } = staffLicenceRoutes

const pasted = Compile(TraceTextBody)

/** The text of a JSON body, as the contract declares it ({text}); anything else is asked for again. */
function pastedText(body: Buffer): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    parsed = undefined
  }
  if (!pasted.Check(parsed)) throw new AppError('TRACE_INPUT_EMPTY')
  return parsed.text
}

export default async function staffLicenceRoutesPlugin(app: FastifyInstance) {
  await app.register(
    serve(seatRoutes, (app) => ({
      listOrderSeats: async (request) => ok(request.lang, await app.licences.desk.view(request.params.orderNo)),
      updateOrderSeats: async (request) =>
        ok(request.lang, await app.licences.desk.update(request.params.orderNo, request.body, staffActorOf(request))),
    })),
  )
  await app.register(async (scope) => {
    acceptRawBodies(scope, { [CALLS.staffLicences.traceFile.path]: MAX_TRACE_BYTES })
    await scope.register(
      serve({ traceFile }, (app) => ({
        traceFile: async (request) => {
          const body = await readRawBody(request, MAX_TRACE_BYTES, { missing: 'TRACE_INPUT_EMPTY', tooLarge: 'TRACE_TOO_LARGE' })
          const json = /^application\/json\b/i.test(request.headers['content-type'] ?? '')
          const { tracing } = app.licences
          return ok(request.lang, json ? await tracing.traceText(pastedText(body)) : await tracing.traceFile(body))
        },
      })),
    )
  })
}
