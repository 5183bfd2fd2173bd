import type { FastifyInstance } from 'fastify'
import type { Sequelize } from 'sequelize'
import type {
  AuditEntry,
  CreateReportBody,
  EditionLang,
  ListReportsQuery,
  Revision,
  StaffReport,
  StaffReportListItem,
  UpdateReportBody,
} from '@rpt/contract'
import { businessDay } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { auditedPreviewLink } from '../core/content-preview.ts'
import { contentStatusOf, STATUS_CODE, type ContentStatus } from '../core/content-status.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'
import { Conditions, escapeLike, selectRows } from '../../../platform/lib/sql.ts'
import { importReports, type ImportItem } from './report-import.ts'
import {
  assertCategories,
  EDITION_LANGS,
  editionSlug,
  loadReport,
  publicView,
  sanitizedEdition,
  type FileInput,
  type FileKind,
  type StaffReportRecord,
} from './report-store.ts'
import type { StaffActor } from '../../staff/index.ts'
import { saveReport, setFile, upsertEdition } from './report-write.ts'
import { staffViewOf } from '../core/found-record.ts'
import { SCHEDULER, type PublishSchedule } from '../core/schedule.ts'

// The staff API's reports: list, read, save, publish (now or at a
// time), unpublish, delete a never-published draft, revisions and restore,
// preview links, file metadata after an upload, and the audit log.

const SORT_COLUMN = { updatedAt: 'p.updated_at', publishDate: 'p.publish_date', title: 'p.title', code: 'p.report_code' } as const

const made: (report: StaffReportRecord | undefined) => StaffReport = staffViewOf(publicView)

export class StaffReportService {
  constructor(private readonly deps: { sequelize: Sequelize; schedule: PublishSchedule; previewSecret: string }) {}

  private get sequelize() {
    return this.deps.sequelize
  }

  async list(query: ListReportsQuery): Promise<{ list: StaffReportListItem[]; count: number; pageNo: number; pageSize: number }> {
    const pageNo = query.pageNo ?? 1
    const pageSize = query.pageSize ?? 10
    const c = new Conditions([query.lang ?? 'zh-CN'])
    if (query.status) c.add(`p.status = ?`, STATUS_CODE[query.status])
    if (query.category) c.add(`p.market_type = ?`, query.category)
    const q = query.q?.trim().toLowerCase()
    if (q) {
      const like = `%${escapeLike(q)}%`
      c.add(
        `EXISTS (SELECT 1 FROM research_report s WHERE s.report_code = p.report_code AND (lower(s.title) LIKE ? OR s.web_title LIKE ? OR lower(s.report_code) LIKE ?))`,
        like,
        like,
        like,
      )
    }
    const order = `${SORT_COLUMN[query.sort ?? 'updatedAt']} ${query.order === 'asc' ? 'ASC' : 'DESC'}, p.report_code`
    const rows = await selectRows<StaffReportListItem & { status: string; total: string; publishAt: Date | null; updatedAt: Date }>(
      this.sequelize,
      `WITH p AS (
         SELECT DISTINCT ON (r.report_code) r.report_code, r.title, r.market_type, r.status, r.version, r.publish_date, r.publish_at,
                r.updated_at, r.updated_by
           FROM research_report r ORDER BY r.report_code, (r.lang = $1) DESC, r.updated_at DESC
       )
       SELECT p.report_code AS code, p.status, p.version, p.title, p.market_type AS category, to_char(p.publish_date, 'YYYY-MM-DD') AS "publishDate",
              p.publish_at AS "publishAt", p.updated_at AS "updatedAt", p.updated_by AS "updatedBy",
              (SELECT array_agg(l.lang ORDER BY l.lang DESC) FROM research_report l WHERE l.report_code = p.report_code) AS langs,
              count(*) OVER () AS total
         FROM p ${c.where} ORDER BY ${order} LIMIT ${c.bind(pageSize)} OFFSET ${c.bind((pageNo - 1) * pageSize)}`,
      c.params,
    )
    return {
      list: rows.map(({ total: _total, ...row }) => ({
        ...row,
        status: contentStatusOf(row.status),
        publishAt: row.publishAt ? new Date(row.publishAt).toISOString() : null,
        updatedAt: new Date(row.updatedAt).toISOString(),
      })),
      count: rows.length > 0 ? Number(rows[0]!.total) : await this.count(c),
      pageNo,
      pageSize,
    }
  }

  /** The total of a page past the end (which has no row to carry it). */
  private async count(c: Conditions): Promise<number> {
    const params = c.params.slice(0, -2)
    const [row] = await selectRows<{ n: string }>(
      this.sequelize,
      `WITH p AS (SELECT DISTINCT ON (r.report_code) r.* FROM research_report r ORDER BY r.report_code, (r.lang = $1) DESC)
       SELECT count(*) AS n FROM p ${c.where}`,
      params,
    )
    return Number(row?.n ?? 0)
  }

  async get(code: string): Promise<StaffReport> {
    return made(await loadReport(this.sequelize, code))
  }

  async create(body: CreateReportBody, actor: StaffActor): Promise<StaffReport> {
    const code = body.code ?? newCode()
    await assertCategories(
      this.sequelize,
      editionsOf(body.editions).map(([, e]) => e.category),
    )
    const report = await saveReport(
      this.sequelize,
      { action: 'create', actor, code, expected: undefined },
      async (transaction, _b, version) => {
        for (const [lang, input] of editionsOf(body.editions)) {
          const edition = sanitizedEdition(input)
          const slug = await editionSlug(this.sequelize, lang, edition, code, transaction)
          await upsertEdition(this.sequelize, transaction, code, lang, slug, edition, {
            status: STATUS_CODE.draft,
            version,
            actor: actor.name,
          })
        }
      },
    )
    return made(report)
  }

  async update(code: string, body: UpdateReportBody, actor: StaffActor): Promise<StaffReport> {
    await assertCategories(
      this.sequelize,
      editionsOf(body.editions).map(([, e]) => e.category),
    )
    const report = await saveReport(
      this.sequelize,
      { action: 'update', actor, code, expected: body.version },
      async (transaction, before) => {
        await this.writeEditions(code, body.editions, before!, actor, transaction)
      },
    )
    return made(report)
  }

  /** Writes the editions of a save; a published slug that changes leaves a redirect behind. */
  private async writeEditions(
    code: string,
    editions: UpdateReportBody['editions'],
    before: StaffReportRecord,
    actor: StaffActor,
    transaction: import('sequelize').Transaction,
  ): Promise<void> {
    const status = STATUS_CODE[before.status]
    for (const [lang, input] of editionsOf(editions)) {
      const edition = sanitizedEdition(input)
      const old = before.editions[lang]
      const slug =
        !input.slug && old && old.title === input.title ? old.slug : await editionSlug(this.sequelize, lang, edition, code, transaction)
      await upsertEdition(this.sequelize, transaction, code, lang, slug, edition, { status, version: before.version, actor: actor.name })
      if (old && old.slug !== slug && before.everPublished) {
        await this.sequelize.query(
          `INSERT INTO content_slug_redirect (kind, lang, old_slug, code) VALUES ('report', $1, $2, $3)
           ON CONFLICT (kind, lang, old_slug) DO UPDATE SET code = EXCLUDED.code, at = now()`,
          { bind: [lang, old.slug, code], transaction },
        )
      }
      // A slug taken back is no longer a redirect.
      await this.sequelize.query(`DELETE FROM content_slug_redirect WHERE kind = 'report' AND lang = $1 AND old_slug = $2`, {
        bind: [lang, slug],
        transaction,
      })
    }
    // An edition left out goes only while the report was never public (orders may point at a published one).
    for (const lang of EDITION_LANGS) {
      if (!editions[lang] && before.editions[lang] && !before.everPublished) {
        await this.sequelize.query(`DELETE FROM research_report WHERE report_code = $1 AND lang = $2`, { bind: [code, lang], transaction })
      }
    }
  }

  async publish(code: string, body: { version: number; at?: string | undefined }, actor: StaffActor): Promise<StaffReport> {
    const at = body.at ? new Date(body.at) : undefined
    if (at && !(at.getTime() > Date.now())) throw new AppError('STAFF_SCHEDULE_INVALID')
    const report = await saveReport(
      this.sequelize,
      { action: at ? 'schedule' : 'publish', actor, code, expected: body.version },
      async (transaction, before) => {
        if (at && before!.status === 'published') throw new AppError('STAFF_SCHEDULE_INVALID')
        if (at) {
          await this.setStatus(code, 'scheduled', at, transaction)
          // The job carries the time it was sent for: a later schedule or an unpublish leaves it nothing to do.
          await this.deps.schedule.schedule('report', code, at, transaction)
        } else {
          await this.setStatus(code, 'published', null, transaction)
        }
      },
    )
    return made(report)
  }

  /** The scheduled publish the job queue runs: only if the report is still scheduled for that time. */
  async runScheduled(job: { code: string; at: string }): Promise<boolean> {
    return this.sequelize.transaction(async (transaction) => {
      const [due] = await selectRows<{ version: number }>(
        this.sequelize,
        `SELECT max(version) AS version FROM research_report
          WHERE report_code = $1 AND status = $2 AND publish_at = $3::timestamptz AND publish_at <= now() + interval '1 second'
          HAVING count(*) > 0`,
        [job.code, STATUS_CODE.scheduled, job.at],
        transaction,
      )
      if (!due) return false
      await saveReport(
        this.sequelize,
        { action: 'publish', actor: SCHEDULER, code: job.code, expected: due.version },
        (tx) => this.setStatus(job.code, 'published', null, tx),
        transaction,
      )
      return true
    })
  }

  async unpublish(code: string, body: { version: number }, actor: StaffActor): Promise<StaffReport> {
    const report = await saveReport(
      this.sequelize,
      { action: 'unpublish', actor, code, expected: body.version },
      async (transaction, before) => {
        // A draft stays a draft (its stale schedule, if any, is cleared); anything once public is unpublished.
        await this.setStatus(code, before!.everPublished ? 'unpublished' : 'draft', null, transaction)
      },
    )
    return made(report)
  }

  private async setStatus(code: string, status: ContentStatus, at: Date | null, transaction: import('sequelize').Transaction) {
    await this.sequelize.query(
      `UPDATE research_report SET status = $2, publish_at = $3, ever_published = ever_published OR $4 WHERE report_code = $1`,
      { bind: [code, STATUS_CODE[status], at, status === 'published'], transaction },
    )
  }

  async remove(code: string, version: number, actor: StaffActor): Promise<void> {
    await saveReport(this.sequelize, { action: 'delete', actor, code, expected: version }, async (transaction, before) => {
      if (before!.everPublished || before!.status === 'published') throw new AppError('STAFF_PUBLISHED_NOT_DELETABLE')
      await this.sequelize.query(`DELETE FROM research_report WHERE report_code = $1`, { bind: [code], transaction })
      await this.sequelize.query(`DELETE FROM content_slug_redirect WHERE kind = 'report' AND code = $1`, { bind: [code], transaction })
    })
  }

  async revisions(code: string): Promise<Revision[]> {
    const rows = await selectRows<Revision & { at: Date }>(
      this.sequelize,
      `SELECT revision, version, action, author, at FROM content_revision WHERE kind = 'report' AND code = $1 ORDER BY revision DESC`,
      [code],
    )
    if (rows.length === 0) await this.get(code)
    return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }))
  }

  async revision(code: string, revision: number): Promise<Revision & { snapshot: unknown }> {
    const [row] = await selectRows<Revision & { at: Date; snapshot: unknown }>(
      this.sequelize,
      `SELECT revision, version, action, author, at, snapshot FROM content_revision WHERE kind = 'report' AND code = $1 AND revision = $2`,
      [code, revision],
    )
    if (!row) throw new AppError('STAFF_CONTENT_NOT_FOUND')
    return { ...row, at: new Date(row.at).toISOString() }
  }

  /** A revision's texts, prices and files saved anew; the status stays what it is. */
  async restore(code: string, revision: number, version: number, actor: StaffActor): Promise<StaffReport> {
    const { snapshot } = await this.revision(code, revision)
    const old = snapshot as StaffReport
    const editions: UpdateReportBody['editions'] = {}
    for (const [lang, edition] of editionsOf(old.editions)) {
      const { id: _id, oldSlugs: _old, files: _files, ...input } = edition
      editions[lang] = input
    }
    await assertCategories(
      this.sequelize,
      editionsOf(editions).map(([, e]) => e.category),
    )
    const report = await saveReport(this.sequelize, { action: 'restore', actor, code, expected: version }, async (transaction, before) => {
      await this.writeEditions(code, editions, before!, actor, transaction)
      for (const [lang, edition] of editionsOf(old.editions)) {
        for (const kind of ['sample', 'full'] as const) {
          const file = edition.files[kind] as (FileInput & { uploadedAt: string }) | undefined
          await setFile(this.sequelize, transaction, code, lang, kind, file?.key ? file : null)
        }
      }
    })
    return made(report)
  }

  async preview(code: string, lang: EditionLang, actor: StaffActor): Promise<{ url: string; expiresAt: string }> {
    const report = await this.get(code)
    const edition = report.editions[lang] ? lang : (Object.keys(report.editions)[0] as EditionLang)
    return auditedPreviewLink(this.sequelize, this.deps.previewSecret, { kind: 'report', code, lang: edition }, actor)
  }

  /** Records an uploaded file (the upload route streamed its bytes to the file store): one save, revision 'upload'. */
  async attachFile(
    input: { code: string; edition: EditionLang; kind: FileKind; version: number; file: FileInput },
    actor: StaffActor,
  ): Promise<StaffReport> {
    const report = await saveReport(
      this.sequelize,
      { action: 'upload', actor, code: input.code, expected: input.version },
      async (transaction, before) => {
        if (!before!.editions[input.edition]) throw new AppError('STAFF_CONTENT_NOT_FOUND')
        await setFile(this.sequelize, transaction, input.code, input.edition, input.kind, input.file)
      },
    )
    return made(report)
  }

  importBatch(items: ImportItem[], actor: StaffActor): Promise<{ created: number; updated: number; codes: string[] }> {
    return importReports(this.sequelize, items, actor)
  }

  async listAudit(query: {
    pageNo?: number | undefined
    pageSize?: number | undefined
    actor?: string | undefined
    action?: string | undefined
    target?: string | undefined
  }): Promise<{ list: AuditEntry[]; count: number; pageNo: number; pageSize: number }> {
    const pageNo = query.pageNo ?? 1
    const pageSize = query.pageSize ?? 10
    const c = new Conditions()
    if (query.actor) c.add(`actor = ?`, query.actor)
    if (query.action) c.add(`action = ?`, query.action)
    if (query.target) c.add(`target = ?`, query.target)
    const [{ n }] = (await selectRows<{ n: string }>(this.sequelize, `SELECT count(*) AS n FROM staff_audit ${c.where}`, [
      ...c.params,
    ])) as [{ n: string }]
    const rows = await selectRows<AuditEntry & { at: Date }>(
      this.sequelize,
      // Ordered by the column, not the text alias of the same name (which would put 9 before 55).
      `SELECT id::text AS id, actor, action, target, ip, before, after, at FROM staff_audit ${c.where}
        ORDER BY staff_audit.id DESC LIMIT ${c.bind(pageSize)} OFFSET ${c.bind((pageNo - 1) * pageSize)}`,
      c.params,
    )
    return { list: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })), count: Number(n), pageNo, pageSize }
  }
}

export function editionsOf<T>(editions: Partial<Record<EditionLang, T>>): [EditionLang, T][] {
  return EDITION_LANGS.flatMap((lang) => (editions[lang] ? [[lang, editions[lang]] as [EditionLang, T]] : []))
}

/** A report code when the editor leaves it out: R, the publisher's day (China time, not the server's UTC) and random letters. */
export function newCode(now: Date = new Date()): string {
  const day = businessDay(now).replace(/-/g, '')
  return `R${day}-${Math.random().toString(36).slice(2, 10).toUpperCase()}`
}

declare module 'fastify' {
  interface FastifyInstance {
    staffReports: StaffReportService
  }
}

export default servicePlugin(
  { name: 'staff-reports', decorates: 'staffReports', dependencies: ['db', 'publish-schedule', 'staff-service'] },
  (app: FastifyInstance) => {
    const service = new StaffReportService({
      sequelize: app.db.sequelize,
      schedule: app.publishSchedule,
      previewSecret: app.config.PREVIEW_SECRET,
    })
    app.publishSchedule.handle('report', service)
    return service
  },
)
