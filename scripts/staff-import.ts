// Bulk import of reports from a shell, through the same import
// module as the staff API's importReports:
//   npm run staff -- import FILE [--files ZIP] [--dry-run] [--lang zh-CN|en-US]
// FILE is a .csv or .xlsx sheet (columns: docs/staff.md "Bulk import"), ZIP
// the files it names. It checks every row first and prints each error (row,
// column, message); a real run then imports in batches of 500, printing its
// progress, idempotent on each edition's slug (run it again after a failure).
// Audited as cli:<os user>. With the embedded database, stop the server first.
import { access } from 'node:fs/promises'
import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import Fastify from 'fastify'
import app, { fastifyOptions } from '../core-api/src/app.ts'
import { loadConfig } from '../core-api/src/platform/config.ts'
import { AppError, isLang, type Lang } from '../core-api/src/platform/errors.ts'
import { present } from '../core-api/src/modules/publishing/imports/store.ts'

const USAGE = 'usage: npm run staff -- import FILE [--files ZIP] [--dry-run] [--lang zh-CN|en-US]'

export async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { files: { type: 'string' }, 'dry-run': { type: 'boolean', default: false }, lang: { type: 'string', default: 'en-US' } },
  })
  const [sheetFile] = positionals
  if (!sheetFile || positionals.length > 1 || !isLang(values.lang)) {
    console.error(USAGE)
    return 2
  }
  const lang: Lang = values.lang
  for (const file of [sheetFile, values.files]) {
    if (!file) continue
    try {
      await access(file)
    } catch {
      console.error(`cannot read ${file}`)
      return 2
    }
  }

  // The app itself, without listening: the same import service, report service, file store and audit as the running product.
  const config = loadConfig(process.env, { AUTO_SEED: false, RECONCILE_INTERVAL_SECONDS: 0, LOG_LEVEL: 'warn' })
  const instance = Fastify({ ...fastifyOptions(config), logger: { level: config.LOG_LEVEL } })
  await instance.register(app, { config })
  await instance.ready()
  const started = Date.now()
  try {
    const record = await instance.staffImports.start(
      {
        actor: { id: '0', name: `cli:${userInfo().username}`.slice(0, 64), role: 'admin', ip: '127.0.0.1' },
        sheetFile,
        zipFile: values.files,
        dryRun: values['dry-run'],
      },
      {
        inline: true,
        onProgress: (p) => console.log(`imported ${p.done}/${p.total} (created ${p.created}, updated ${p.updated})`),
      },
    )
    const shown = present(record, lang)
    for (const error of shown.errors) console.log(`row ${error.row}${error.column ? `, ${error.column}` : ''}: ${error.message}`)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    if (shown.status === 'invalid') {
      console.error(
        `${shown.total} rows checked: ${shown.errors.length} errors${shown.errors.length >= 1000 ? ' (the first 1,000)' : ''}; nothing was imported.`,
      )
      return 1
    }
    if (shown.dryRun) console.log(`${shown.total} rows checked in ${seconds} s: no errors (dry run: nothing was imported).`)
    else
      console.log(
        `import ${shown.id} ${shown.status}: ${shown.done}/${shown.total} rows, ${shown.created} created, ${shown.updated} updated, in ${seconds} s.`,
      )
    return shown.status === 'failed' ? 1 : 0
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    console.error(`refused (${error.code}): ${error.messageIn(lang)}`)
    return 1
  } finally {
    await instance.close()
  }
}
