// Copies the local file store (DATA_DIR/files) into the S3 store FILE_STORE
// names, when moving to FILE_STORE=s3://…; run it again at any time, it copies
// only what is missing or different.
//   FILE_STORE=s3://bucket/prefix [S3_ENDPOINT=…] npm run files:copy [-- --dry-run]
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig, type Config } from '../core-api/src/platform/config.ts'
import { copyFiles } from '../core-api/src/platform/files/copy-files.ts'
import { S3FileStore, s3FileStoreOptions } from '../core-api/src/platform/files/s3-file-store.ts'

const USAGE = 'usage: FILE_STORE=s3://BUCKET[/PREFIX] npm run files:copy [-- --dry-run]'

let values: { 'dry-run'?: boolean; help?: boolean }
try {
  ;({ values } = parseArgs({ options: { 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }))
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`)
  process.exit(2)
}
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(2)
}
if (!config.FILE_STORE.startsWith('s3://')) {
  console.error(
    `FILE_STORE is not an s3:// store, so there is nowhere to copy to (the files already live in ${path.join(config.DATA_DIR, 'files')}).\nSet FILE_STORE=s3://BUCKET[/PREFIX] (and S3_ENDPOINT for a service other than AWS) to the target, then run it again.\n${USAGE}`,
  )
  process.exit(2)
}

const dryRun = values['dry-run'] ?? false
const target = new S3FileStore(s3FileStoreOptions(config))
try {
  const summary = await copyFiles({ sourceDir: path.join(config.DATA_DIR, 'files'), target, dryRun, log: (line) => console.log(line) })
  console.log(
    `${dryRun ? 'would copy' : 'copied'}: ${summary.copied}, skipped: ${summary.skipped}, failed: ${summary.failed}${summary.ignored ? `, ignored: ${summary.ignored}` : ''}${dryRun ? ' (dry run, nothing written)' : ''}`,
  )
  process.exitCode = summary.failed > 0 ? 1 : 0
} catch (error) {
  console.error(`copy failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  target.close()
}
