import { Type, type Static, type TObject, type TProperties } from 'typebox'
import { Page } from './envelope.ts'
import { IdField, LangField, StaffListQuery } from './fields.ts'
import { ContentStatus, EditionLang, StoredFile, VersionField } from './staff-reports.ts'

// The staff API's bulletins and news. Unlike a report, whose two
// language editions share a report code, research_brief_report and
// market_info keep one row per article and nothing ties a zh-CN row to an
// en-US one: an article here is one row, in one language (its edition), and
// is named by its row id (the id the public API answers). Statuses, versions,
// publishing, revisions and restores work as they do for reports.

const Slug = Type.String({
  pattern: '^[\\p{L}\\p{N}]+(?:-[\\p{L}\\p{N}]+)*$',
  maxLength: 200,
  description: 'The URL name (webTitle); made from the title when left out; unique in its language',
})

/** What every article kind shares, as an editor writes it. */
const ARTICLE_FIELDS = {
  title: Type.String({ minLength: 1, maxLength: 300 }),
  slug: Type.Optional(Slug),
  category: Type.String({ minLength: 1, maxLength: 64, description: 'The sub-type (marketType): a dictionary value' }),
  // Optional, empty when left out: the site's API client leaves an empty field out of the request.
  summary: Type.Optional(Type.String({ maxLength: 20_000, description: 'The outline, plain text (the public pages show it as text)' })),
  context: Type.Optional(
    Type.String({
      maxLength: 500_000,
      description: "The body text (context): HTML, sanitized on save with the public pages' allow-list",
    }),
  ),
  seoTitle: Type.Optional(Type.String({ maxLength: 200 })),
  seoDescription: Type.Optional(Type.String({ maxLength: 500 })),
}

/** What an editor writes of a bulletin (research_brief_report). */
export const BulletinInput = Type.Object(
  {
    ...ARTICLE_FIELDS,
    category: Type.String({ minLength: 1, maxLength: 64, description: 'The sub-type (marketType): a bulletin_type dictionary value' }),
    topLabelId: Type.String({ minLength: 1, maxLength: 64, description: 'The top label: a bulletin_label dictionary value' }),
    publishDate: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD, as the public pages show it' }),
    pages: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000 }), Type.Null()])),
    price: Type.Number({ minimum: 0, maximum: 100_000_000, multipleOf: 0.01, description: 'CNY in zh-CN, USD in en-US' }),
    choiceness: Type.Optional(Type.Boolean({ description: 'Featured among the choice bulletins' })),
  },
  { additionalProperties: false },
)
export type BulletinInput = Static<typeof BulletinInput>

/** What an editor writes of a news article (market_info). */
export const NewsInput = Type.Object(
  {
    ...ARTICLE_FIELDS,
    category: Type.String({ minLength: 1, maxLength: 64, description: 'The market type (marketType): a market_type dictionary value' }),
    marketCategory: Type.String({ minLength: 1, maxLength: 64, description: 'The news category: a news_category dictionary value' }),
    keyword: Type.Optional(Type.String({ maxLength: 300, description: 'Keywords, comma separated' })),
    publishDate: Type.String({
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$',
      description: "YYYY-MM-DD HH:mm:ss, the publisher's local time, as the public pages show it",
    }),
  },
  { additionalProperties: false },
)
export type NewsInput = Static<typeof NewsInput>

export const ArticleIdParam = Type.Object({ id: IdField }, { additionalProperties: false })
export type ArticleIdParam = Static<typeof ArticleIdParam>

export const ArticleRevisionParams = Type.Object(
  { id: IdField, revision: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) },
  { additionalProperties: false },
)

const createBody = <P extends TProperties>(input: TObject<P>) =>
  Type.Object(
    { lang: LangField, edition: Type.Union([Type.Literal('zh-CN'), Type.Literal('en-US')]), ...input.properties },
    { additionalProperties: false },
  )
const updateBody = <P extends TProperties>(input: TObject<P>) =>
  Type.Object({ lang: LangField, version: VersionField, ...input.properties }, { additionalProperties: false })

export const CreateBulletinBody = createBody(BulletinInput)
export type CreateBulletinBody = Static<typeof CreateBulletinBody>
export const UpdateBulletinBody = updateBody(BulletinInput)
export type UpdateBulletinBody = Static<typeof UpdateBulletinBody>
export const CreateNewsBody = createBody(NewsInput)
export type CreateNewsBody = Static<typeof CreateNewsBody>
export const UpdateNewsBody = updateBody(NewsInput)
export type UpdateNewsBody = Static<typeof UpdateNewsBody>

const RECORD_FIELDS = {
  id: Type.String({ description: 'The row id the public API answers' }),
  edition: EditionLang,
  status: ContentStatus,
  version: Type.Integer(),
  publishAt: Type.Union([Type.String(), Type.Null()], { description: 'When a scheduled article publishes' }),
  updatedAt: Type.String(),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
}

/** An article as stored: the editor's fields, its slug, status and version. */
const stored = <P extends TProperties>(input: TObject<P>) =>
  Type.Object({
    ...RECORD_FIELDS,
    ...input.properties,
    slug: Type.String(),
    oldSlugs: Type.Array(Type.String(), { description: 'Earlier published slugs' }),
  })

/**
 * An article's cover image (the legacy filePath/fileName, which the public
 * answers carry): uploaded by staff into the file store as the carousel's
 * images are, and shown at `url`.
 */
export const ArticleCover = Type.Object({
  filePath: Type.String({ description: "The legacy filePath: the folder of the stored images, 'media/images/'" }),
  fileName: Type.String({ description: 'The legacy fileName: <sha256>.<ext>' }),
  url: Type.Union([Type.String(), Type.Null()], {
    description: "Where the public pages show it; null for an imported legacy path, which only the earlier backend's clients show",
  }),
})
export type ArticleCover = Static<typeof ArticleCover>

const COVER = { cover: Type.Union([ArticleCover, Type.Null()], { description: 'The cover image; null without one' }) }

export const StaffBulletin = Type.Object({
  ...stored(BulletinInput).properties,
  ...COVER,
  file: Type.Union([StoredFile, Type.Null()], { description: 'What buyers download; null until one is uploaded' }),
})
export type StaffBulletin = Static<typeof StaffBulletin>
export const StaffNews = Type.Object({ ...stored(NewsInput).properties, ...COVER })
export type StaffNews = Static<typeof StaffNews>

export const StaffArticleListItem = Type.Object({
  ...RECORD_FIELDS,
  title: Type.String(),
  slug: Type.String(),
  category: Type.String(),
  publishDate: Type.String(),
  coverUrl: Type.Optional(
    Type.String({ description: 'Where its uploaded cover image is shown; absent without one (or with an imported legacy path)' }),
  ),
})
export type StaffArticleListItem = Static<typeof StaffArticleListItem>

export const StaffArticlePage = Page(StaffArticleListItem)

export const ListArticlesQuery = StaffListQuery({
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Words of the title or the slug, or the id' })),
  status: Type.Optional(ContentStatus),
  category: Type.Optional(Type.String({ maxLength: 64 })),
  edition: Type.Optional(EditionLang),
  sort: Type.Optional(
    Type.Union([Type.Literal('updatedAt'), Type.Literal('publishDate'), Type.Literal('title'), Type.Literal('id')], {
      default: 'updatedAt',
    }),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
})
export type ListArticlesQuery = Static<typeof ListArticlesQuery>
