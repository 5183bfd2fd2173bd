import type { FastifyInstance } from 'fastify'
import type { Sequelize, Transaction } from 'sequelize'
import type { EditionLang, ListArticlesQuery, Revision, StaffArticleListItem } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { auditedPreviewLink } from '../core/content-preview.ts'
import { contentStatusOf, STATUS_CODE, type ContentStatus } from '../core/content-status.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'
import { Conditions, escapeLike, selectRows } from '../../../platform/lib/sql.ts'
import { setAttachment, setCover, uploadedCoverFile } from './article-files.ts'
import { MEDIA_URL_PREFIX } from '../media/media-store.ts'
import { ARTICLE_KINDS, type ArticleKind, type ArticleKindName } from './article-kinds.ts'
import {
  articleSlug,
  articleView,
  assertDictValues,
  loadArticle,
  sanitizedInput,
  saveArticle,
  writeFields,
  type ArticleInput,
  type StaffArticle,
  type StaffArticleRecord,
} from './article-store.ts'
import { staffViewOf } from '../core/found-record.ts'
import { SCHEDULER, type PublishSchedule } from '../core/schedule.ts'
import type { FileInput } from '../reports/report-store.ts'
import type { StaffActor } from '../../staff/index.ts'

// The staff API's bulletins and news: one service for both kinds,
// told apart by their descriptions (article-kinds.ts). It does what
// the reports' service does for a row of one language: list, read, save,
// publish now or at a time (the reports' job queue, whose worker hands these
// kinds here), unpublish, delete a never-published draft, revisions, restore,
// and signed preview links.

const SORT_COLUMN = { updatedAt: 'updated_at', publishDate: 'publish_date', title: 'title', id: 'id' } as const

const made: (record: StaffArticleRecord | undefined) => StaffArticle = staffViewOf(articleView)

export class StaffArticleService {
  private readonly spec: ArticleKind

  constructor(
    kind: ArticleKindName,
    private readonly deps: { sequelize: Sequelize; schedule: PublishSchedule; previewSecret: string },
  ) {
    this.spec = ARTICLE_KINDS[kind]
  }

  private get sequelize() {
    return this.deps.sequelize
  }

  async list(query: ListArticlesQuery): Promise<{ list: StaffArticleListItem[]; count: number; pageNo: number; pageSize: number }> {
    const pageNo = query.pageNo ?? 1
    const pageSize = query.pageSize ?? 10
    const c = new Conditions()
    if (query.status) c.add(`status = ?`, STATUS_CODE[query.status])
    if (query.category) c.add(`market_type = ?`, query.category)
    if (query.edition) c.add(`lang = ?`, query.edition)
    const q = query.q?.trim().toLowerCase()
    if (q) {
      const like = `%${escapeLike(q)}%`
      c.add(`(lower(title) LIKE ? OR web_title LIKE ? OR id::text = ?)`, like, like, q)
    }
    const [{ n }] = (await selectRows<{ n: string }>(this.sequelize, `SELECT count(*) AS n FROM ${this.spec.table} ${c.where}`, [
      ...c.params,
    ])) as [{ n: string }]
    const order = `${SORT_COLUMN[query.sort ?? 'updatedAt']} ${query.order === 'asc' ? 'ASC' : 'DESC'}, id DESC`
    const publishDate = this.spec.fields.find((f) => f.key === 'publishDate')!.read
    const rows = await selectRows<Record<string, unknown>>(
      this.sequelize,
      `SELECT id::text AS id, lang AS edition, status, version, title, web_title AS slug, market_type AS category,
              ${publishDate} AS "publishDate", publish_at AS "publishAt", updated_at AS "updatedAt", updated_by AS "updatedBy",
              file_path AS "coverPath", file_name AS "coverName"
         FROM ${this.spec.table} ${c.where} ORDER BY ${order} LIMIT ${c.bind(pageSize)} OFFSET ${c.bind((pageNo - 1) * pageSize)}`,
      c.params,
    )
    return {
      list: rows.map(({ coverPath, coverName, ...row }) => ({
        ...(row as unknown as StaffArticleListItem),
        // The list's thumbnail: only an uploaded cover has an address the console can show.
        ...coverOf(coverPath, coverName),
        status: contentStatusOf(String(row.status)),
        publishAt: row.publishAt ? new Date(row.publishAt as string).toISOString() : null,
        updatedAt: new Date(row.updatedAt as string).toISOString(),
      })),
      count: Number(n),
      pageNo,
      pageSize,
    }
  }

  async get(id: string): Promise<StaffArticle> {
    return made(await loadArticle(this.sequelize, this.spec, id))
  }

  async create(body: ArticleInput & { edition: EditionLang }, actor: StaffActor): Promise<StaffArticle> {
    const fields = sanitizedInput(this.spec, body)
    await assertDictValues(this.sequelize, this.spec, fields)
    const record = await saveArticle(
      this.sequelize,
      this.spec,
      { action: 'create', actor, id: undefined, expected: undefined },
      async (tx) => {
        const slug = await articleSlug(this.sequelize, this.spec, body.edition, body, undefined, tx)
        return writeFields(this.sequelize, this.spec, { lang: body.edition, actor: actor.name }, fields, slug, tx)
      },
    )
    return made(record)
  }

  async update(id: string, body: ArticleInput & { version: number }, actor: StaffActor, action = 'update'): Promise<StaffArticle> {
    const fields = sanitizedInput(this.spec, body)
    await assertDictValues(this.sequelize, this.spec, fields)
    const record = await saveArticle(this.sequelize, this.spec, { action, actor, id, expected: body.version }, async (tx, before) => {
      const old = before!
      // An unchanged title keeps its slug; a new title makes a new one unless the editor gave it.
      const slug =
        !body.slug && old.title === body.title ? old.slug : await articleSlug(this.sequelize, this.spec, old.edition, body, id, tx)
      await writeFields(this.sequelize, this.spec, { id }, fields, slug, tx)
      await this.keepOldSlug(old, slug, tx)
    })
    return made(record)
  }

  /** A published slug that changes stays an old slug of the article; a slug taken back is one no longer. */
  private async keepOldSlug(before: StaffArticleRecord, slug: string, transaction: Transaction): Promise<void> {
    if (before.slug !== slug && before.everPublished) {
      await this.sequelize.query(
        `INSERT INTO content_slug_redirect (kind, lang, old_slug, code) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kind, lang, old_slug) DO UPDATE SET code = EXCLUDED.code, at = now()`,
        { bind: [this.spec.kind, before.edition, before.slug, before.id], transaction },
      )
    }
    await this.sequelize.query(`DELETE FROM content_slug_redirect WHERE kind = $1 AND lang = $2 AND old_slug = $3`, {
      bind: [this.spec.kind, before.edition, slug],
      transaction,
    })
  }

  async publish(id: string, body: { version: number; at?: string | undefined }, actor: StaffActor): Promise<StaffArticle> {
    const at = body.at ? new Date(body.at) : undefined
    if (at && !(at.getTime() > Date.now())) throw new AppError('STAFF_SCHEDULE_INVALID')
    const record = await saveArticle(
      this.sequelize,
      this.spec,
      { action: at ? 'schedule' : 'publish', actor, id, expected: body.version },
      async (tx, before) => {
        if (at && before!.status === 'published') throw new AppError('STAFF_SCHEDULE_INVALID')
        await this.setStatus(id, at ? 'scheduled' : 'published', at ?? null, tx)
        // The job carries the time it was sent for: a later schedule or an unpublish leaves it nothing to do.
        if (at) await this.deps.schedule.schedule(this.spec.kind, id, at, tx)
      },
    )
    return made(record)
  }

  /** The scheduled publish the job queue runs: only if the article is still scheduled for that time. */
  async runScheduled(job: { code: string; at: string }): Promise<boolean> {
    return this.sequelize.transaction(async (transaction) => {
      const [due] = await selectRows<{ version: number }>(
        this.sequelize,
        `SELECT version FROM ${this.spec.table}
          WHERE id = $1::bigint AND status = $2 AND publish_at = $3::timestamptz AND publish_at <= now() + interval '1 second'`,
        [job.code, STATUS_CODE.scheduled, job.at],
        transaction,
      )
      if (!due) return false
      await saveArticle(
        this.sequelize,
        this.spec,
        { action: 'publish', actor: SCHEDULER, id: job.code, expected: due.version },
        (tx) => this.setStatus(job.code, 'published', null, tx),
        transaction,
      )
      return true
    })
  }

  async unpublish(id: string, body: { version: number }, actor: StaffActor): Promise<StaffArticle> {
    const record = await saveArticle(this.sequelize, this.spec, { action: 'unpublish', actor, id, expected: body.version }, (tx, before) =>
      // A draft stays a draft (its stale schedule, if any, is cleared); anything once public is unpublished.
      this.setStatus(id, before!.everPublished ? 'unpublished' : 'draft', null, tx),
    )
    return made(record)
  }

  private async setStatus(id: string, status: ContentStatus, at: Date | null, transaction: Transaction): Promise<void> {
    await this.sequelize.query(
      `UPDATE ${this.spec.table} SET status = $2, publish_at = $3, ever_published = ever_published OR $4 WHERE id = $1::bigint`,
      { bind: [id, STATUS_CODE[status], at, status === 'published'], transaction },
    )
  }

  async remove(id: string, version: number, actor: StaffActor): Promise<void> {
    await saveArticle(this.sequelize, this.spec, { action: 'delete', actor, id, expected: version }, async (tx, before) => {
      if (before!.everPublished || before!.status === 'published') throw new AppError('STAFF_PUBLISHED_NOT_DELETABLE')
      await this.sequelize.query(`DELETE FROM ${this.spec.table} WHERE id = $1::bigint`, { bind: [id], transaction: tx })
      await this.sequelize.query(`DELETE FROM content_slug_redirect WHERE kind = $1 AND code = $2`, {
        bind: [this.spec.kind, id],
        transaction: tx,
      })
    })
  }

  async revisions(id: string): Promise<Revision[]> {
    const rows = await selectRows<Revision & { at: Date }>(
      this.sequelize,
      `SELECT revision, version, action, author, at FROM content_revision WHERE kind = $1 AND code = $2 ORDER BY revision DESC`,
      [this.spec.kind, id],
    )
    if (rows.length === 0) await this.get(id)
    return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }))
  }

  async revision(id: string, revision: number): Promise<Revision & { snapshot: unknown }> {
    const [row] = await selectRows<Revision & { at: Date; snapshot: unknown }>(
      this.sequelize,
      `SELECT revision, version, action, author, at, snapshot FROM content_revision WHERE kind = $1 AND code = $2 AND revision = $3`,
      [this.spec.kind, id, revision],
    )
    if (!row) throw new AppError('STAFF_CONTENT_NOT_FOUND')
    return { ...row, at: new Date(row.at).toISOString() }
  }

  /** A signed, expiring link to the article's page as it will render, in the article's own edition (draft or not); audited. */
  async preview(id: string, actor: StaffActor): Promise<{ url: string; expiresAt: string }> {
    const article = await this.get(id)
    const claim = { kind: this.spec.kind, code: article.id, lang: article.edition }
    return auditedPreviewLink(this.sequelize, this.deps.previewSecret, claim, actor)
  }

  /** Records a bulletin's uploaded file (already in the file store) as a save: version check, revision, audit row. */
  async attachFile(id: string, version: number, file: FileInput, actor: StaffActor): Promise<StaffArticle> {
    const spec = this.spec
    if (!spec.attachment) throw new AppError('STAFF_CONTENT_NOT_FOUND')
    const save = { action: 'upload', actor, id, expected: version }
    return made(await saveArticle(this.sequelize, spec, save, (tx) => setAttachment(this.sequelize, spec, id, file, tx)))
  }

  /** Sets the cover to an uploaded image (its <sha256>.<ext>), or removes it (null), as a save. */
  async setCover(id: string, version: number, file: string | null, actor: StaffActor): Promise<StaffArticle> {
    const save = { action: file ? 'cover' : 'uncover', actor, id, expected: version }
    return made(await saveArticle(this.sequelize, this.spec, save, (tx) => setCover(this.sequelize, this.spec, id, file, tx)))
  }

  /** A revision's fields saved anew (its slug included); the status stays what it is. */
  async restore(id: string, revision: number, version: number, actor: StaffActor): Promise<StaffArticle> {
    const snapshot = (await this.revision(id, revision)).snapshot as Record<string, unknown>
    const input = Object.fromEntries(this.spec.fields.map((f) => [f.key, snapshot[f.key]])) as ArticleInput
    return this.update(id, { ...input, version }, actor, 'restore')
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    staffBulletins: StaffArticleService
    staffNews: StaffArticleService
  }
}

const articlePlugin = (kind: ArticleKindName, name: string, decorates: 'staffBulletins' | 'staffNews') =>
  servicePlugin({ name, decorates, dependencies: ['db', 'publish-schedule'] }, (app: FastifyInstance) => {
    const service = new StaffArticleService(kind, {
      sequelize: app.db.sequelize,
      schedule: app.publishSchedule,
      previewSecret: app.config.PREVIEW_SECRET,
    })
    app.publishSchedule.handle(kind, service)
    return service
  })

export const staffBulletinsPlugin = articlePlugin('bulletin', 'staff-bulletins', 'staffBulletins')
export const staffNewsPlugin = articlePlugin('news', 'staff-news', 'staffNews')

function coverOf(filePath: unknown, fileName: unknown): { coverUrl?: string } {
  const file = uploadedCoverFile(filePath, fileName)
  return file ? { coverUrl: `${MEDIA_URL_PREFIX}/${file}` } : {}
}
