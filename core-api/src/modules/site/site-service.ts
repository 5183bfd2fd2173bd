import type { FastifyInstance } from 'fastify'
import type { Sequelize, Transaction } from 'sequelize'
import {
  carouselTag,
  type CarouselSlideInput,
  type EditionLang,
  type StaffCarousel,
  type StaffCarouselSlide,
  type UpdateCarouselBody,
} from '@rpt/contract'
import { AppError } from '../../platform/errors.ts'
import type { FileStore } from '../../platform/files/file-store.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'
import { selectRows } from '../../platform/lib/sql.ts'
import { IMAGE_KEY_PREFIX } from '../../platform/files/uploads/index.ts'
import { MEDIA_URL_PREFIX } from '../publishing/index.ts'
import { recordSiteChange } from './site-changes.ts'
import { StaffSiteEntries } from './site-entries.ts'
import type { StaffActor } from '../staff/index.ts'

// The staff API's carousel. A language's slides are saved as one
// list with one version (site_version 'carousel:<lang>'): their order is a
// property of the list, so a reorder, an added and a removed slide are one
// change that either applies whole or, against an older version, not at all
// (300101). Slides kept keep their id (the public answer's id).

interface SlideRow {
  id: string
  title: string
  subtitle: string
  linkUrl: string
  color: string
  imageFile: string | null
  sort: number
  status: string
}

const toSlide = (row: SlideRow): StaffCarouselSlide => ({
  id: String(row.id),
  title: row.title,
  subtitle: row.subtitle,
  linkUrl: row.linkUrl,
  color: row.color,
  imageUrl: row.imageFile ? `${MEDIA_URL_PREFIX}/${row.imageFile}` : null,
  visible: row.status === '0',
  sort: row.sort,
})

/** The file name (<sha256>.<ext>) of an uploaded image's url. */
const imageFileOf = (url: string | null | undefined): string | null => (url ? url.slice(MEDIA_URL_PREFIX.length + 1) : null)

export class StaffSiteService {
  readonly entries: StaffSiteEntries

  constructor(private readonly deps: { sequelize: Sequelize; files: FileStore; onChange: () => void }) {
    this.entries = new StaffSiteEntries(deps.sequelize, deps.onChange)
  }

  async carousel(edition: EditionLang, transaction?: Transaction): Promise<StaffCarousel> {
    const { sequelize } = this.deps
    const [rows, versions] = await Promise.all([
      selectRows<SlideRow>(
        sequelize,
        `SELECT id::text AS id, title, subtitle, link_url AS "linkUrl", color, image_file AS "imageFile", sort, status
           FROM carousel WHERE lang = $1 ORDER BY sort, id`,
        [edition],
        transaction,
      ),
      selectRows<{ version: number; updatedBy: string | null; updatedAt: Date }>(
        sequelize,
        `SELECT version, updated_by AS "updatedBy", updated_at AS "updatedAt" FROM site_version WHERE scope = $1`,
        [`carousel:${edition}`],
        transaction,
      ),
    ])
    const saved = versions[0]
    return {
      edition,
      // Never saved by staff: the seeded slides are version 1.
      version: saved?.version ?? 1,
      updatedAt: saved ? new Date(saved.updatedAt).toISOString() : null,
      updatedBy: saved?.updatedBy ?? null,
      slides: rows.map(toSlide),
    }
  }

  async updateCarousel(body: UpdateCarouselBody, actor: StaffActor): Promise<StaffCarousel> {
    const { sequelize } = this.deps
    await this.assertImages(body.slides)
    const ids = body.slides.flatMap((slide) => (slide.id ? [slide.id] : []))
    if (new Set(ids).size !== ids.length) throw new AppError('STAFF_SLIDE_UNKNOWN')
    const scope = `carousel:${body.edition}`
    return sequelize.transaction(async (transaction) => {
      // The version row is the lock two saves of the same language queue on.
      await sequelize.query(`INSERT INTO site_version (scope) VALUES ($1) ON CONFLICT (scope) DO NOTHING`, { bind: [scope], transaction })
      const [locked] = await selectRows<{ version: number }>(
        sequelize,
        `SELECT version FROM site_version WHERE scope = $1 FOR UPDATE`,
        [scope],
        transaction,
      )
      if (locked!.version !== body.version) throw new AppError('STAFF_VERSION_CONFLICT')
      const before = await this.carousel(body.edition, transaction)
      const stored = new Set(before.slides.map((slide) => slide.id))
      if (ids.some((id) => !stored.has(id))) throw new AppError('STAFF_SLIDE_UNKNOWN')
      const kept = new Set(ids)
      const removed = [...stored].filter((id) => !kept.has(id))
      if (removed.length > 0)
        await sequelize.query(`DELETE FROM carousel WHERE lang = $1 AND id = ANY($2::bigint[])`, {
          bind: [body.edition, removed],
          transaction,
        })
      for (const [index, slide] of body.slides.entries()) await this.saveSlide(transaction, body.edition, slide, index + 1)
      await sequelize.query(`UPDATE site_version SET version = version + 1, updated_by = $2, updated_at = now() WHERE scope = $1`, {
        bind: [scope, actor.name],
        transaction,
      })
      const after = await this.carousel(body.edition, transaction)
      await recordSiteChange(sequelize, transaction, {
        action: 'carousel.update',
        target: scope,
        actor,
        before: { version: before.version, slides: before.slides },
        after: { version: after.version, slides: after.slides },
        tags: [carouselTag(body.edition)],
      })
      return after
    })
  }

  private async saveSlide(transaction: Transaction, lang: EditionLang, slide: CarouselSlideInput, sort: number): Promise<void> {
    const bind = [
      lang,
      slide.title,
      slide.subtitle,
      slide.linkUrl,
      slide.color,
      imageFileOf(slide.imageUrl),
      sort,
      slide.visible ? '0' : '1',
    ]
    if (slide.id)
      await this.deps.sequelize.query(
        `UPDATE carousel SET title = $2, subtitle = $3, link_url = $4, color = $5, image_file = $6, sort = $7, status = $8, updated_at = now()
          WHERE lang = $1 AND id = $9`,
        { bind: [...bind, slide.id], transaction },
      )
    else
      await this.deps.sequelize.query(
        `INSERT INTO carousel (lang, title, subtitle, link_url, color, image_file, sort, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        { bind, transaction },
      )
  }

  /** Every image a slide names was uploaded (uploadImage), so the home page never shows a broken one. */
  private async assertImages(slides: CarouselSlideInput[]): Promise<void> {
    const files = [...new Set(slides.flatMap((slide) => (slide.imageUrl ? [imageFileOf(slide.imageUrl)!] : [])))]
    const found = await Promise.all(files.map((file) => this.deps.files.stat(`${IMAGE_KEY_PREFIX}/${file}`)))
    if (found.some((stat) => !stat)) throw new AppError('STAFF_IMAGE_UNKNOWN')
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    staffSite: StaffSiteService
  }
}

export default servicePlugin(
  { name: 'staff-site', decorates: 'staffSite', dependencies: ['db', 'dict-service', 'config-service'] },
  (app: FastifyInstance) =>
    new StaffSiteService({
      sequelize: app.db.sequelize,
      files: app.files,
      // This instance reads the change at once; the others within their memo's 30 s.
      onChange: () => {
        app.dicts.clearCache()
        app.configs.clearCache()
      },
    }),
)
