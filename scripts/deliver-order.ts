// Staff delivery of a paid research order whose report had no file: stores
// the file (DATA_DIR/files, or the FILE_STORE bucket), attaches it to the
// order and queues the buyer's mail with a signed download link.
//   npm run deliver -- --order R20261122103000123456 --file ./final-report.pdf [--name "报告全文.pdf"]
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import Fastify from 'fastify'
import app, { fastifyOptions } from '../core-api/src/app.ts'
import { QueryTypes } from 'sequelize'
import { cliConfig } from '../core-api/src/platform/db/cli-database.ts'

const { values } = parseArgs({ options: { order: { type: 'string' }, file: { type: 'string' }, name: { type: 'string' } } })
if (!values.order || !/^[A-Z0-9]{6,32}$/.test(values.order) || !values.file) {
  console.error('usage: npm run deliver -- --order ORDER_NO --file PATH [--name FILE_NAME]')
  process.exit(2)
}

// The app itself, without listening and without its timers, so the delivery
// goes through the same services, storage, queue and mailer as the running product.
const config = await cliConfig({ AUTO_SEED: false, RECONCILE_INTERVAL_SECONDS: 0, LOG_LEVEL: 'warn' })
const instance = Fastify({ ...fastifyOptions(config), logger: { level: config.LOG_LEVEL } })
await instance.register(app, { config })
await instance.ready()
try {
  const { size } = await stat(values.file)
  const name = values.name ?? path.basename(values.file)
  const key = `orders/${values.order}/${Date.now()}.pdf`
  // The file is stored first: if that fails, the order is left as it was.
  await instance.files.put(key, createReadStream(values.file))
  const { link, mailId } = await instance.orders.deliver(values.order, { key, name })
  console.log(`delivered ${values.order}: ${size} bytes as "${name}", with the link ${link.replace(/download\/.*/, 'download/…')}`)
  // This process's worker usually sends the mail at once; otherwise the queue keeps it for a running server.
  const deadline = Date.now() + 20_000
  let sent = false
  while (mailId && !sent && Date.now() < deadline) {
    const [row] = await instance.db.sequelize.query<{ sent: boolean }>(
      `SELECT sent_at IS NOT NULL AS sent FROM outgoing_mail WHERE id = $1`,
      { bind: [mailId], type: QueryTypes.SELECT },
    )
    sent = row?.sent ?? false
    if (!sent) await new Promise((resolve) => setTimeout(resolve, 250))
  }
  console.log(
    sent
      ? 'the buyer was mailed the link'
      : 'the mail to the buyer is queued; a running core API sends it (and retries until the mail server takes it)',
  )
} catch (error) {
  console.error(`could not deliver ${values.order}: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await instance.close()
}
