import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { setImmediate as yieldTurn, setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { Sequelize } from 'sequelize'
import type { CreateReportBody } from '@rpt/contract'
import { AppError, type Lang } from '../../../platform/errors.ts'
import type { FileStore } from '../../../platform/files/file-store.ts'
import { writeAudit, type StaffActor } from '../../staff/index.ts'
import type { JobQueue } from '../../../platform/jobs/job-queue.ts'
import { rowToDraft, type EditionKey, type FileKind } from './columns.ts'
import { BatchSizer, type BatchSizing } from './batch-size.ts'
import { BATCH_SIZING } from './limits.ts'
import type { RowIssue } from './messages.ts'
import { readSheet, sheetKindOf, type SheetKind } from './sheet.ts'
import { ImportStore, type ImportRecord } from './store.ts'
import { validateSheet, type Categories } from './validate.ts'
import { extensionOf, openZip, storeEntry, type StoredEntry, type ZipIndex } from './zip.ts'

// An import: checked at once (the caller gets the row errors, or the zip's
// refusal, in its answer), then, for a real run, its sheet and zip kept in
// the file store and a job queued that imports them in batches sized to
// a time (BATCH_SIZING) through the report service's importBatch (one transaction a batch,
// idempotent on each edition's slug). A job restarted after a crash picks up
// from the rows already counted done. Between batches it lets the public
// lists that waited for the batch have their answers, so public searches on
// the same database keep their budgets.

export const IMPORT_QUEUE = 'staff-import'
/**
 * The longest an import waits between batches for the public lists that asked
 * the database during a batch (a few statements each): on the embedded
 * database a list's next statement would otherwise wait for the next batch.
 */
const GIVE_WAY_MS = 100

type StoredRef = Omit<StoredEntry, 'name'> & { name: string }

export interface ImportItem {
  code?: string
  status?: 'draft' | 'published'
  editions: CreateReportBody['editions']
  files?: Partial<Record<EditionKey, Partial<Record<FileKind, StoredRef>>>>
}

/** The report service's side of an import (app.staffReports). */
export interface ReportImporter {
  importBatch(items: ImportItem[], actor: StaffActor): Promise<{ created: number; updated: number; codes: string[] }>
}

export interface ImportDeps {
  sequelize: Sequelize
  files: FileStore
  log: FastifyBaseLogger
  jobs?: JobQueue
  /** The category values of each edition */
  categories(): Promise<Categories>
  /** The report service, once registered */
  importer(): ReportImporter | undefined
  /** Resolves once the public lists asking the database now have their answers (app.reportSearch.answered) */
  listsAnswered?(): Promise<void>
  /** How batches are sized (BATCH_SIZING unless a test fixes them) */
  batching?: BatchSizing
}

export interface StartInput {
  actor: StaffActor
  /** The sheet and zip as local files (the route spools the upload; the CLI names them) */
  sheetFile: string
  zipFile?: string | undefined
  dryRun: boolean
}

export interface Progress {
  total: number
  done: number
  created: number
  updated: number
}

const nothing = () => undefined

export class ImportService {
  readonly store: ImportStore

  constructor(private readonly deps: ImportDeps) {
    this.store = new ImportStore(deps.sequelize)
  }

  /**
   * Checks an import and, for a real run without errors, keeps its files and
   * queues it (or with `inline`, runs it here: the CLI). A refused zip throws
   * its catalogue error after the record says why.
   */
  async start(input: StartInput, options: { inline?: boolean; onProgress?: (p: Progress) => void } = {}): Promise<ImportRecord> {
    const { actor, dryRun } = input
    if (!dryRun && !this.deps.importer()) throw new AppError('IMPORT_UNAVAILABLE')
    const kind = await sheetKindOf(input.sheetFile)
    const id = await this.store.create(actor, dryRun, kind)
    let zip: ZipIndex | undefined
    try {
      zip = input.zipFile ? await openZip(input.zipFile) : undefined
      const result = await validateSheet({ file: input.sheetFile, kind }, await this.deps.categories(), zip)
      const invalid = result.issueCount > 0
      await this.store.update(id, {
        total: result.total,
        errors: result.issues,
        status: invalid || dryRun ? (invalid ? 'invalid' : 'ready') : 'validating',
      })
      await this.audit(actor, dryRun ? 'reports.import.check' : 'reports.import', id, {
        dryRun,
        total: result.total,
        errors: result.issueCount,
      })
      if (!invalid && !dryRun) {
        const sheetKey = `imports/${id}/sheet.${kind}`
        await this.deps.files.put(sheetKey, createReadStream(input.sheetFile))
        const filesKey = input.zipFile ? `imports/${id}/files.zip` : null
        if (filesKey) await this.deps.files.put(filesKey, createReadStream(input.zipFile!))
        await this.store.update(id, { sheetKey, filesKey, status: 'ready' })
        if (options.inline) {
          zip?.close()
          zip = undefined
          await this.run(id, { sheetFile: input.sheetFile, zipFile: input.zipFile }, options.onProgress)
        } else {
          if (!this.deps.jobs) throw new Error('no job queue to run the import on')
          await this.deps.jobs.send(IMPORT_QUEUE, { id })
        }
      }
    } catch (error) {
      if (error instanceof AppError) {
        await this.store.update(id, { status: 'failed', message: { 'zh-CN': error.messageIn('zh-CN'), 'en-US': error.messageIn('en-US') } })
        await this.audit(actor, 'reports.import.refused', id, { dryRun, code: error.code })
      }
      throw error
    } finally {
      zip?.close()
    }
    return (await this.store.get(id))!
  }

  /** The job: imports the rows not yet done, batch by batch. `local` skips fetching the files from the store. */
  async run(
    id: string,
    local?: { sheetFile: string; zipFile?: string | undefined },
    onProgress: (p: Progress) => void = nothing,
  ): Promise<void> {
    const record = await this.store.get(id)
    if (!record || record.dryRun || record.status === 'done' || record.status === 'invalid') return
    const importer = this.deps.importer()
    if (!importer) throw new AppError('IMPORT_UNAVAILABLE')
    const spool = local ? undefined : await mkdtemp(path.join(tmpdir(), 'rpt-import-'))
    let zip: ZipIndex | undefined
    try {
      const sheetFile = local?.sheetFile ?? (await this.fetch(record.sheetKey!, path.join(spool!, `sheet.${record.sheetKind}`)))
      const zipFile = local
        ? local.zipFile
        : record.filesKey
          ? await this.fetch(record.filesKey, path.join(spool!, 'files.zip'))
          : undefined
      zip = zipFile ? await openZip(zipFile) : undefined
      await this.store.update(id, { status: 'running' })
      const progress: Progress = { total: record.total, done: record.done, created: record.created, updated: record.updated }
      onProgress(progress)
      let seen = 0
      let batch: ImportItem[] = []
      const sizer = new BatchSizer(this.deps.batching ?? BATCH_SIZING)
      let lastEnded = performance.now()
      const flush = async () => {
        if (batch.length === 0) return
        const started = performance.now()
        const counts = await importer.importBatch(batch, record.actor)
        const ended = performance.now()
        // The batch's time, and the whole cycle's since the batch before ended (its rows read, the turn given, this batch).
        sizer.record(batch.length, ended - started, ended - lastEnded)
        lastEnded = ended
        progress.done += batch.length
        progress.created += counts.created
        progress.updated += counts.updated
        await this.store.progress(id, progress.done, counts.created, counts.updated)
        onProgress({ ...progress })
        batch = []
        await this.giveWay()
      }
      for await (const { row, cells } of readSheet(sheetFile, record.sheetKind)) {
        if (++seen <= record.done) continue
        batch.push(await this.item(id, row, cells, zip))
        if (batch.length >= sizer.size) await flush()
      }
      await flush()
      await this.store.update(id, { status: 'done' })
      await this.audit(record.actor, 'reports.import.done', id, { created: progress.created, updated: progress.updated })
    } catch (error) {
      const app = error instanceof AppError ? error : undefined
      const message = app
        ? { 'zh-CN': app.messageIn('zh-CN'), 'en-US': app.messageIn('en-US') }
        : { 'zh-CN': '导入中断，将自动重试', 'en-US': 'The import stopped; it is retried' }
      await this.store.update(id, { status: 'failed', message })
      this.deps.log.error({ err: error, importId: id }, 'import failed')
      // A refusal will not pass on a retry; anything else (the database went away) is retried from `done`.
      if (!app) throw error
    } finally {
      zip?.close()
      if (spool) await rm(spool, { recursive: true, force: true })
    }
  }

  /**
   * Between batches: the lists that waited for the batch answered (GIVE_WAY_MS
   * at most), and a turn of the event loop for requests that came meanwhile.
   * No fixed pause: batches are short (BATCH_SIZING) and many, and a pause
   * after each would cost the import more than it gives the lists.
   */
  private async giveWay(): Promise<void> {
    const lists = this.deps.listsAnswered?.()
    await Promise.all([yieldTurn(), lists && Promise.race([lists, sleep(GIVE_WAY_MS)])])
  }

  private async item(id: string, row: number, cells: Map<string, string>, zip: ZipIndex | undefined): Promise<ImportItem> {
    const issues: RowIssue[] = []
    const draft = rowToDraft(row, cells, issues)
    const item: ImportItem = { editions: draft.editions as ImportItem['editions'] }
    if (draft.code) item.code = draft.code
    if (draft.status) item.status = draft.status
    for (const [lang, kinds] of Object.entries(draft.files) as [EditionKey, Partial<Record<FileKind, string>>][]) {
      for (const [kind, name] of Object.entries(kinds) as [FileKind, string][]) {
        const entry = name.replace(/^\.\//, '')
        const ext = extensionOf(entry)!
        // The key depends on the row only: a batch redone after a crash writes the same file again.
        const stored = await storeEntry(zip!, entry, `imports/${id}/r${row}-${lang}-${kind}.${ext}`, this.deps.files, typeFor(ext))
        ;((item.files ??= {})[lang] ??= {})[kind] = stored
      }
    }
    return item
  }

  private async fetch(key: string, to: string): Promise<string> {
    await pipeline(await this.deps.files.open(key), createWriteStream(to))
    return to
  }

  private async audit(actor: StaffActor, action: string, id: string, after: Record<string, unknown>): Promise<void> {
    await writeAudit(this.deps.sequelize, { actor: actor.name, action, target: `import:${id}`, ip: actor.ip ?? undefined, after })
  }
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
}

function typeFor(ext: string): string {
  return MIME[ext]!
}

export type { Lang, SheetKind }
