// Staff delivery of a paid research order whose report had no file: stores
// the file under DATA_DIR/files, attaches it to the order and mails the buyer
// a signed download link.
//   npm run deliver -- --order R20261122103000123456 --file ./final-report.pdf [--name "报告全文.pdf"]
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import Fastify from 'fastify'
import app, { fastifyOptions } from '../core-api/src/app.ts'
import { loadConfig } from '../core-api/src/config.ts'

const { values } = parseArgs({ options: { order: { type: 'string' }, file: { type: 'string' }, name: { type: 'string' } } })
if (!values.order || !/^[A-Z0-9]{6,32}$/.test(values.order) || !values.file) {
  console.error('usage: npm run deliver -- --order ORDER_NO --file PATH [--name FILE_NAME]')
  process.exit(2)
}

// The app itself, without listening and without its timers, so the delivery
// goes through the same services, storage and mailer as the running product.
const config = loadConfig(process.env, { AUTO_SEED: false, RECONCILE_INTERVAL_SECONDS: 0, LOG_LEVEL: 'warn' })
const instance = Fastify({ ...fastifyOptions(config), logger: { level: config.LOG_LEVEL } })
await instance.register(app, { config })
await instance.ready()
try {
  const bytes = await readFile(values.file)
  const name = values.name ?? path.basename(values.file)
  const key = `orders/${values.order}/${Date.now()}.pdf`
  await instance.files.put(key, bytes)
  const { link } = await instance.orders.deliver(values.order, { key, name })
  console.log(`delivered ${values.order}: ${bytes.length} bytes as "${name}"; the buyer was mailed ${link.replace(/download\/.*/, 'download/…')}`)
} catch (error) {
  console.error(`could not deliver ${values.order}: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await instance.close()
}
