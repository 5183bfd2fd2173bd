import type { FastifyInstance } from 'fastify'
import type { Sequelize } from 'sequelize'
import type { ContentChanges, ContentKind, ContentPreview, ContentSeo } from '@rpt/contract'
import { AppError } from '../../../platform/errors.ts'
import { verifyPreview } from './content-preview.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'
import { selectRows } from '../../../platform/lib/sql.ts'
import type { BulletinService, NewsService, ReportService } from '../../catalogue/index.ts'
import { ARTICLE_KINDS } from '../articles/article-kinds.ts'

// The BFFs' side of publishing: the outbox of changed cache tags
// they poll, the redirect of a published slug that changed (a report's, a
// bulletin's or a news article's), a published
// report's SEO title and description (for its page's head; the legacy
// detail's answer stays as the replay sets hold it), and the preview of a
// draft (of any of those kinds) through a signed link, presented by the
// public detail's own presenter so it renders as the public page will.

export const CHANGES_LIMIT = 500

/** Where each kind's records live, and the column content_slug_redirect.code names them by (a report's code, an article's id). */
const RECORDS: Record<ContentKind, { table: string; code: string }> = {
  report: { table: 'research_report', code: 'r.report_code' },
  bulletin: { table: ARTICLE_KINDS.bulletin.table, code: 'r.id::text' },
  news: { table: ARTICLE_KINDS.news.table, code: 'r.id::text' },
}

export class ContentService {
  constructor(
    private readonly deps: {
      sequelize: Sequelize
      reports: ReportService
      bulletins: BulletinService
      news: NewsService
      previewSecret: string
    },
  ) {}

  async changes(after: string | undefined): Promise<ContentChanges> {
    const { sequelize } = this.deps
    if (after === undefined) {
      const [row] = await selectRows<{ last: string | null }>(sequelize, `SELECT max(id)::text AS last FROM content_change`, [])
      return { last: row?.last ?? '0', changes: [] }
    }
    // Ids become visible in order (recordContentChange locks the table to the commit).
    // Ordered by the column, not by the text alias of the same name (which puts 10 before 9).
    const rows = await selectRows<{ id: string; tags: string[] }>(
      sequelize,
      `SELECT id::text AS id, tags FROM content_change WHERE id > $1::bigint ORDER BY content_change.id LIMIT $2`,
      [after, CHANGES_LIMIT],
    )
    return { last: rows.at(-1)?.id ?? after, changes: rows }
  }

  /** The current slug of the published record of the kind an old slug of the language was renamed from. */
  async redirect(lang: string, kind: ContentKind, slug: string): Promise<{ slug: string }> {
    const { table, code } = RECORDS[kind]
    const [row] = await selectRows<{ slug: string }>(
      this.deps.sequelize,
      `SELECT r.web_title AS slug FROM content_slug_redirect d
         JOIN ${table} r ON ${code} = d.code AND r.lang = d.lang AND r.status = '0'
        WHERE d.kind = $3 AND d.lang = $1 AND d.old_slug = $2 AND r.web_title <> d.old_slug`,
      [lang, slug, kind],
    )
    if (!row) throw new AppError('STAFF_CONTENT_NOT_FOUND')
    return row
  }

  /** The published report's SEO fields, found by its slug as the public detail finds it (a trailing -id too). */
  async seo(lang: string, slug: string): Promise<ContentSeo> {
    const columns = `seo_title AS "seoTitle", seo_description AS "seoDescription"`
    const published = `lang = $2 AND status = '0'`
    let [row] = await selectRows<ContentSeo>(
      this.deps.sequelize,
      `SELECT ${columns} FROM research_report WHERE web_title = $1 AND ${published}`,
      [slug, lang],
    )
    const trailingId = row ? undefined : /-([1-9][0-9]{0,17})$/.exec(slug)?.[1]
    if (trailingId)
      [row] = await selectRows<ContentSeo>(this.deps.sequelize, `SELECT ${columns} FROM research_report WHERE id = $1 AND ${published}`, [
        trailingId,
        lang,
      ])
    if (!row) throw new AppError('STAFF_CONTENT_NOT_FOUND')
    return { seoTitle: row.seoTitle ?? '', seoDescription: row.seoDescription ?? '' }
  }

  async preview(token: string): Promise<ContentPreview> {
    const claim = verifyPreview(this.deps.previewSecret, token)
    if (!claim) throw new AppError('STAFF_PREVIEW_INVALID')
    // An article's draft, by its row id, as its public detail call answers it; one deleted since is no preview.
    const gone = () => {
      throw new AppError('STAFF_PREVIEW_INVALID')
    }
    const unpublished = { unpublished: true }
    if (claim.kind === 'bulletin')
      return {
        kind: 'bulletin',
        lang: claim.lang,
        detail: await this.deps.bulletins.form(claim.lang, { id: claim.code }, unpublished).catch(gone),
      }
    if (claim.kind === 'news')
      return {
        kind: 'news',
        lang: claim.lang,
        detail: await this.deps.news.detail(claim.lang, { id: claim.code }, unpublished).catch(gone),
      }
    const [row] = await selectRows<{ id: string } & ContentSeo>(
      this.deps.sequelize,
      `SELECT id::text AS id, seo_title AS "seoTitle", seo_description AS "seoDescription" FROM research_report WHERE report_code = $1 AND lang = $2`,
      [claim.code, claim.lang],
    )
    if (!row) throw new AppError('STAFF_PREVIEW_INVALID')
    const detail = await this.deps.reports.form(claim.lang, { id: row.id }, { unpublished: true })
    // The head the public page will have, as the page's own seo part gives it.
    return { kind: 'report', lang: claim.lang, detail, seo: { seoTitle: row.seoTitle ?? '', seoDescription: row.seoDescription ?? '' } }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentService
  }
}

export default servicePlugin(
  { name: 'content-service', decorates: 'content', dependencies: ['db', 'report-service', 'bulletin-service', 'news-service'] },
  (app: FastifyInstance) =>
    new ContentService({
      sequelize: app.db.sequelize,
      reports: app.reports,
      bulletins: app.bulletins,
      news: app.news,
      previewSecret: app.config.PREVIEW_SECRET,
    }),
)
