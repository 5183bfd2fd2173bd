// Staff's view of the money path after checkout.
//   npm run payments -- list --state refund-required|refunded|closing [--json]
//   npm run payments -- refund ORDER_NO --reason "…" [--by NAME]
// The app itself runs (without listening or its timers), so a refund goes
// through the same services, queue and gateways as the product; with the
// embedded database, stop the server first.
import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import Fastify from 'fastify'
import { QueryTypes } from 'sequelize'
import app, { fastifyOptions } from '../core-api/src/app.ts'
import { cliConfig } from '../core-api/src/platform/db/cli-database.ts'
import { AppError } from '../core-api/src/platform/errors.ts'
import { listCases, type CaseRow, type CaseState } from '../core-api/src/modules/orders/payments/payment-case-list.ts'

const STATES: readonly CaseState[] = ['refund-required', 'refunded', 'closing']
const USAGE = `usage:
  npm run payments -- list --state ${STATES.join('|')} [--json]
  npm run payments -- refund ORDER_NO --reason "…" [--by NAME]`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { state: { type: 'string' }, json: { type: 'boolean', default: false }, reason: { type: 'string' }, by: { type: 'string' } },
})
const [command, orderNo] = positionals
if (
  command === 'list'
    ? !STATES.includes(values.state as CaseState)
    : command !== 'refund' || !orderNo || !/^[A-Z0-9]{6,32}$/.test(orderNo) || !values.reason?.trim()
) {
  console.error(USAGE)
  process.exit(2)
}

function table(rows: CaseRow[]): string {
  if (rows.length === 0) return '(none)'
  const cells = rows.map((r) => [
    r.orderNo,
    r.provider,
    r.state,
    r.amount === null ? '' : `${(r.amount / 100).toFixed(2)} ${r.currency}`,
    r.cause ?? '',
    String(r.attempts),
    r.requestedBy ?? '',
    r.updatedAt.toISOString().slice(0, 19).replace('T', ' '),
    (r.lastError ?? '').slice(0, 60),
  ])
  const head = ['order', 'gateway', 'state', 'amount', 'cause', 'tries', 'by', 'updated (UTC)', 'last error']
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  return [head, ...cells]
    .map((line) =>
      line
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

const config = await cliConfig({ AUTO_SEED: false, RECONCILE_INTERVAL_SECONDS: 0, LOG_LEVEL: 'warn' })
const instance = Fastify({ ...fastifyOptions(config), logger: { level: config.LOG_LEVEL } })
await instance.register(app, { config })
await instance.ready()
try {
  if (command === 'list') {
    const rows = await listCases(instance.db.sequelize, values.state as CaseState)
    console.log(values.json ? JSON.stringify(rows, null, 2) : table(rows))
  } else {
    // Who ran it goes into the audit trail.
    const actor = `staff:${values.by?.trim() || userInfo().username}`
    const { refundNo } = await instance.paymentCases.staffRefund(orderNo!, values.reason!, actor)
    console.log(`${orderNo}: refund ${refundNo} queued by ${actor}; download links withdrawn`)
    // This process's worker usually makes the refund at once; otherwise a running core API does, retrying until the gateway answers.
    const deadline = Date.now() + 20_000
    let state = 'pending'
    while (Date.now() < deadline && (state === 'pending' || state === 'processing')) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      const [row] = await instance.db.sequelize.query<{ id: string; state: string }>(
        `SELECT id::text AS id, state FROM payment_refund WHERE refund_no = $1`,
        { bind: [refundNo], type: QueryTypes.SELECT },
      )
      state = row?.state ?? state
      // Accepted by the gateway: its outcome is asked for, as the notification that reports it may go to another instance.
      if (row && state === 'processing') state = await instance.paymentCases.runRefund(row.id).catch(() => state)
    }
    console.log(
      {
        succeeded: 'the money is back with the buyer, who is being mailed',
        failed: 'the gateway refused the refund: see npm run payments -- list --state refund-required',
        processing: 'the gateway accepted the refund and will report its outcome',
        pending: 'the refund is queued; a running core API makes it',
      }[state] ?? state,
    )
  }
} catch (error) {
  const message = error instanceof AppError ? error.messageIn('en-US') : (error as Error).message
  console.error(`${command} failed: ${message}`)
  process.exitCode = 1
} finally {
  await instance.close()
}
