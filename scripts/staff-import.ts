// Bulk import of reports from a shell, through the same import
// module as the staff API's importReports:
//   npm run staff -- import FILE [--files ZIP] [--dry-run] [--lang zh-CN|en-US]
// FILE is a .csv or .xlsx sheet (columns: docs/staff.md "Bulk import"), ZIP
// the files it names. It checks every row first and prints each error (row,
// column, message); a real run then imports in batches sized to a time,
// printing its progress, idempotent on each edition's slug (run it again
// after a failure). Audited as cli:<os user>. It works while the site runs,
// on the embedded database too: it joins the running site's database through
// the port it serves, as add and list do. What it cannot do it says in one
// line, in the --lang language.
import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import Fastify, { type FastifyInstance } from 'fastify'
import { SettingsError } from '@rpt/server-kit'
import app, { fastifyOptions } from '../core-api/src/app.ts'
import type { Config } from '../core-api/src/platform/config.ts'
import { cliConfig, embeddedHolderWithoutPort } from '../core-api/src/platform/db/cli-database.ts'
import { AppError, isLang, type Lang } from '../core-api/src/platform/errors.ts'
import type { Progress } from '../core-api/src/modules/publishing/imports/service.ts'
import { present } from '../core-api/src/modules/publishing/imports/store.ts'

const USAGE = 'usage: npm run staff -- import FILE [--files ZIP] [--dry-run] [--lang zh-CN|en-US]'

/** What the command says when it cannot go on, in each language. */
const SAY = {
  cannotRead: (file: string) => ({
    'zh-CN': `无法读取 ${file}：不是可读取的文件`,
    'en-US': `Cannot read ${file}: it is not a file this user may read`,
  }),
  held: (folder: string, pid: number) => ({
    'zh-CN': `内嵌数据库 ${folder} 正被进程 ${pid} 占用，且尚未开放端口（网站正在启动或停止）：请稍后再试`,
    'en-US': `The embedded database under ${folder} is in use by process ${pid}, which serves no port yet (the site is starting or stopping): try again in a moment`,
  }),
  noDatabase: (where: string, why: string) => ({
    'zh-CN': `无法打开数据库（${where}）：${why}`,
    'en-US': `Cannot open the database (${where}): ${why}`,
  }),
  refused: (code: number, why: string) => ({ 'zh-CN': `已拒绝（${code}）：${why}`, 'en-US': `refused (${code}): ${why}` }),
  progress: (p: Progress) => ({
    'zh-CN': `已导入 ${p.done}/${p.total}（新建 ${p.created}，更新 ${p.updated}）`,
    'en-US': `imported ${p.done}/${p.total} (created ${p.created}, updated ${p.updated})`,
  }),
  rowError: (row: number, column: string | undefined, message: string) => ({
    'zh-CN': `第 ${row} 行${column ? `，${column}` : ''}：${message}`,
    'en-US': `row ${row}${column ? `, ${column}` : ''}: ${message}`,
  }),
  invalid: (total: number, errors: number) => ({
    'zh-CN': `已检查 ${total} 行：${errors} 个错误${errors >= 1000 ? '（仅列出前 1,000 个）' : ''}；未导入任何内容。`,
    'en-US': `${total} rows checked: ${errors} errors${errors >= 1000 ? ' (the first 1,000)' : ''}; nothing was imported.`,
  }),
  checked: (total: number, seconds: string) => ({
    'zh-CN': `已检查 ${total} 行，用时 ${seconds} 秒：没有错误（试运行：未导入任何内容）。`,
    'en-US': `${total} rows checked in ${seconds} s: no errors (dry run: nothing was imported).`,
  }),
  done: (shown: { id: string; status: string; done: number; total: number; created: number; updated: number }, seconds: string) => ({
    'zh-CN': `导入 ${shown.id} ${shown.status}：${shown.done}/${shown.total} 行，新建 ${shown.created}，更新 ${shown.updated}，用时 ${seconds} 秒。`,
    'en-US': `import ${shown.id} ${shown.status}: ${shown.done}/${shown.total} rows, ${shown.created} created, ${shown.updated} updated, in ${seconds} s.`,
  }),
  stopped: (why: string) => ({
    'zh-CN': `导入中断：${why}。可再次运行同一命令（按 slug 更新，不会重复导入）`,
    'en-US': `The import stopped: ${why}. Run the same command again: it updates by slug, never duplicates`,
  }),
} satisfies Record<string, (...args: never[]) => Record<Lang, string>>

/** An error's first line: a stack, or the embedded database process's stack inside a message, is for logs, not for the person at the terminal. */
function reason(error: unknown): string {
  const text = error instanceof Error ? error.message || ((error as NodeJS.ErrnoException).code ?? error.name) : String(error)
  return text.split('\n')[0]!.trim()
}

/** Where the database is, never with its credentials. */
function whereOf(config: Config): string {
  if (!config.DATABASE_URL) return config.DATA_DIR
  try {
    return new URL(config.DATABASE_URL).host
  } catch {
    return 'DATABASE_URL'
  }
}

async function readable(file: string): Promise<boolean> {
  try {
    await access(file, constants.R_OK)
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

/**
 * The app itself, without listening: the same import service, report service,
 * file store and audit as the running product. With the embedded database
 * served by a running site, it joins that site's database process through its
 * port (PGlite serves one process: opening the folder would wait for it in vain).
 */
async function openApp(lang: Lang): Promise<FastifyInstance | undefined> {
  let config: Config
  let instance: FastifyInstance | undefined
  try {
    // The app's log records (JSON, with stacks) are a server's; here each failure is said in one line.
    config = await cliConfig({ AUTO_SEED: false, RECONCILE_INTERVAL_SECONDS: 0, LOG_LEVEL: 'fatal' })
  } catch (error) {
    console.error(error instanceof SettingsError ? error.message : reason(error))
    return undefined
  }
  try {
    const holder = await embeddedHolderWithoutPort(config)
    if (holder !== undefined) {
      console.error(SAY.held(config.DATA_DIR, holder)[lang])
      return undefined
    }
    instance = Fastify({ ...fastifyOptions(config), logger: { level: config.LOG_LEVEL } })
    await instance.register(app, { config })
    await instance.ready()
    return instance
  } catch (error) {
    console.error(SAY.noDatabase(whereOf(config), reason(error))[lang])
    await instance?.close().catch(() => undefined)
    return undefined
  }
}

export async function main(args: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { files: { type: 'string' }, 'dry-run': { type: 'boolean', default: false }, lang: { type: 'string', default: 'en-US' } },
    })
  } catch {
    console.error(USAGE)
    return 2
  }
  const { values, positionals } = parsed
  const [sheetFile] = positionals
  if (!sheetFile || positionals.length > 1 || !isLang(values.lang)) {
    console.error(USAGE)
    return 2
  }
  const lang: Lang = values.lang
  for (const file of [sheetFile, values.files]) {
    if (file && !(await readable(file))) {
      console.error(SAY.cannotRead(file)[lang])
      return 2
    }
  }

  const instance = await openApp(lang)
  if (!instance) return 1
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
        onProgress: (p) => console.log(SAY.progress(p)[lang]),
      },
    )
    const shown = present(record, lang)
    for (const error of shown.errors) console.log(SAY.rowError(error.row, error.column, error.message)[lang])
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    if (shown.status === 'invalid') {
      console.error(SAY.invalid(shown.total, shown.errors.length)[lang])
      return 1
    }
    console.log((shown.dryRun ? SAY.checked(shown.total, seconds) : SAY.done(shown, seconds))[lang])
    return shown.status === 'failed' ? 1 : 0
  } catch (error) {
    if (error instanceof AppError) console.error(SAY.refused(error.code, error.messageIn(lang))[lang])
    else console.error(SAY.stopped(reason(error))[lang])
    return 1
  } finally {
    await instance.close().catch(() => undefined)
  }
}
