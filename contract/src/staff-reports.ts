import { Type, type Static } from 'typebox'
import { Page } from './envelope.ts'
import { LangField, VersionQueryField, StaffListQuery } from './fields.ts'

// The staff API's reports. A report is one report code with an
// edition per language (research_report keeps a row per lang); each edition
// has its own title, slug, texts, prices (the licence matrix: single user,
// multi user, enterprise) and files. A save carries the version it was read
// at: a save against an older version is refused (300101), never merged.

export const ReportCodeParam = Type.Object(
  { code: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$', description: 'The report code, shared by both editions' }) },
  { additionalProperties: false },
)
export type ReportCodeParam = Static<typeof ReportCodeParam>

export const EditionLang = Type.Union([Type.Literal('zh-CN'), Type.Literal('en-US')])
export type EditionLang = Static<typeof EditionLang>

/** draft: never published; scheduled: publishes at publishAt; published: public; unpublished: taken down. */
export const ContentStatus = Type.Union([
  Type.Literal('draft'),
  Type.Literal('scheduled'),
  Type.Literal('published'),
  Type.Literal('unpublished'),
])
export type ContentStatus = Static<typeof ContentStatus>

// Null first: the API coerces input types, and a number tried first would take
// an empty price (null, "not sold") as 0.
const Money = Type.Union([Type.Null(), Type.Number({ minimum: 0, maximum: 100_000_000, multipleOf: 0.01 })])
const RichText = (maxLength: number, description: string) =>
  Type.String({ maxLength, description: `${description}: HTML, sanitized on save with the public pages' allow-list` })

export const LicencePrices = Type.Object(
  {
    single: Money,
    multi: Money,
    enterprise: Money,
  },
  {
    additionalProperties: false,
    description: 'The licence prices of an edition (CNY in zh-CN, USD in en-US); null: not sold under that licence',
  },
)
export type LicencePrices = Static<typeof LicencePrices>

export const StoredFile = Type.Object({
  name: Type.String({ description: 'The file name buyers see' }),
  size: Type.Integer(),
  sha256: Type.String(),
  type: Type.String({ description: 'The media type found from the bytes' }),
  uploadedAt: Type.String(),
})
export type StoredFile = Static<typeof StoredFile>

/** What an editor writes of an edition. */
export const ReportEditionInput = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 300 }),
    slug: Type.Optional(
      Type.String({
        pattern: '^[\\p{L}\\p{N}]+(?:-[\\p{L}\\p{N}]+)*$',
        maxLength: 200,
        description: 'The URL name (webTitle); made from the title when left out; unique per language',
      }),
    ),
    category: Type.String({ minLength: 1, maxLength: 64, description: 'A reports_category dictionary value (marketType)' }),
    region: Type.Optional(
      Type.Union([Type.Literal('0'), Type.Literal('1')], { description: '0 China, 1 Global and China (reportRegion)' }),
    ),
    summary: RichText(200_000, 'The summary (outline)'),
    context: Type.Optional(RichText(500_000, 'The body text (context)')),
    contents: Type.Optional(RichText(500_000, 'The table of contents (directory)')),
    scope: Type.Optional(RichText(200_000, 'The scope (reportScope)')),
    chartsHtml: Type.Optional(RichText(500_000, 'The list of charts')),
    publishDate: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD, as the public pages show it' }),
    pages: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000 }), Type.Null()])),
    charts: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000 }), Type.Null()])),
    hot: Type.Optional(Type.Boolean({ description: 'Listed on the home page' })),
    hotSort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Order among hot reports, lowest first' })),
    recommended: Type.Optional(Type.Boolean({ description: 'Shown among recommended reports' })),
    seoTitle: Type.Optional(Type.String({ maxLength: 200 })),
    seoDescription: Type.Optional(Type.String({ maxLength: 500 })),
    prices: LicencePrices,
  },
  { additionalProperties: false },
)
export type ReportEditionInput = Static<typeof ReportEditionInput>

export const ReportEditions = <T extends typeof ReportEditionInput | typeof ReportEdition>(edition: T) =>
  Type.Object({ 'zh-CN': Type.Optional(edition), 'en-US': Type.Optional(edition) }, { additionalProperties: false, minProperties: 1 })

export const CreateReportBody = Type.Object(
  {
    lang: LangField,
    code: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$', description: 'Made up when left out' })),
    editions: ReportEditions(ReportEditionInput),
  },
  { additionalProperties: false },
)
export type CreateReportBody = Static<typeof CreateReportBody>

export const VersionField = Type.Integer({
  minimum: 1,
  description: 'The version the save was based on (getReport answers it); an older one is refused with 300101',
})

export const UpdateReportBody = Type.Object(
  { lang: LangField, version: VersionField, editions: ReportEditions(ReportEditionInput) },
  { additionalProperties: false },
)
export type UpdateReportBody = Static<typeof UpdateReportBody>

export const PublishBody = Type.Object(
  {
    lang: LangField,
    version: VersionField,
    at: Type.Optional(
      Type.String({ format: 'date-time', description: 'Publish at this time (the job queue runs it once); now when left out' }),
    ),
  },
  { additionalProperties: false },
)
export type PublishBody = Static<typeof PublishBody>

export const VersionBody = Type.Object({ lang: LangField, version: VersionField }, { additionalProperties: false })
export type VersionBody = Static<typeof VersionBody>

/** An edition as stored. */
export const ReportEdition = Type.Object({
  ...ReportEditionInput.properties,
  slug: Type.String(),
  id: Type.String({ description: 'The row id the public API answers for this edition' }),
  oldSlugs: Type.Array(Type.String(), { description: 'Earlier published slugs, each answering 301 to this one' }),
  files: Type.Object({ sample: Type.Optional(StoredFile), full: Type.Optional(StoredFile) }),
})
export type ReportEdition = Static<typeof ReportEdition>

export const StaffReport = Type.Object({
  code: Type.String(),
  status: ContentStatus,
  version: Type.Integer(),
  publishAt: Type.Union([Type.String(), Type.Null()], { description: 'When a scheduled report publishes' }),
  updatedAt: Type.String(),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
  editions: ReportEditions(ReportEdition),
})
export type StaffReport = Static<typeof StaffReport>

export const StaffReportListItem = Type.Object({
  code: Type.String(),
  status: ContentStatus,
  version: Type.Integer(),
  title: Type.String({ description: "The title in the caller's language, else the other edition's" }),
  category: Type.String(),
  langs: Type.Array(EditionLang),
  publishDate: Type.String(),
  publishAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
})
export type StaffReportListItem = Static<typeof StaffReportListItem>

export const ListReportsQuery = StaffListQuery({
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Words of the title, the slug or the code' })),
  status: Type.Optional(ContentStatus),
  category: Type.Optional(Type.String({ maxLength: 64 })),
  sort: Type.Optional(
    Type.Union([Type.Literal('updatedAt'), Type.Literal('publishDate'), Type.Literal('title'), Type.Literal('code')], {
      default: 'updatedAt',
    }),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
})
export type ListReportsQuery = Static<typeof ListReportsQuery>

export const StaffReportPage = Page(StaffReportListItem)

export const Revision = Type.Object({
  revision: Type.Integer(),
  version: Type.Integer({ description: 'The version this revision saved' }),
  action: Type.String({ description: 'create, update, publish, unpublish, restore, upload…' }),
  author: Type.String(),
  at: Type.String(),
})
export type Revision = Static<typeof Revision>

export const RevisionDetail = Type.Object({
  ...Revision.properties,
  snapshot: Type.Unknown({ description: 'The record as this revision saved it (StaffReport for reports)' }),
})

export const RevisionParams = Type.Object(
  { code: ReportCodeParam.properties.code, revision: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) },
  { additionalProperties: false },
)

export const PreviewLink = Type.Object({
  url: Type.String({ description: 'The site path of the signed preview (server-rendered, noindex)' }),
  expiresAt: Type.String(),
})

export const FileParams = Type.Object(
  {
    code: ReportCodeParam.properties.code,
    edition: EditionLang,
    kind: Type.Union([Type.Literal('sample'), Type.Literal('full')], {
      description: 'sample: the free sample; full: what buyers download',
    }),
  },
  { additionalProperties: false },
)
export type FileParams = Static<typeof FileParams>

export const FileQuery = Type.Object(
  { lang: LangField, version: VersionQueryField, name: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
)
export type FileQuery = Static<typeof FileQuery>

export const AuditQuery = StaffListQuery({
  actor: Type.Optional(Type.String({ maxLength: 64 })),
  action: Type.Optional(Type.String({ maxLength: 40 })),
  target: Type.Optional(Type.String({ maxLength: 64 })),
})
export type AuditQuery = Static<typeof AuditQuery>

export const AuditEntry = Type.Object({
  id: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  target: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  at: Type.String(),
})
export type AuditEntry = Static<typeof AuditEntry>
