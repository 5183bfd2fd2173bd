import { Type, type Static } from 'typebox'
import { LangField } from './fields.ts'
import { NewsDetail } from './market-info.ts'
import { BulletinDetail } from './research-brief-report.ts'
import { ReportDetail } from './research-report.ts'

// What the BFFs read of content changes: the outbox of changed
// cache tags, the redirect of a renamed slug, and a signed preview.

/**
 * How long a core API instance keeps dictionaries and settings in memory
 * (its TtlMemo). An instance that did not make a staff save serves the old
 * ones for at most this long, so a BFF purges the tags of such a change a
 * second time once this has passed (plus a margin): what it fetched in
 * between may have come from such an instance.
 */
export const CORE_SETTINGS_MEMO_MS = 1_000
/**
 * The tag kinds whose answers the core API builds from those memos, and
 * report lists: while the database is busy (an import's batch) its search
 * may answer a list answered up to SEARCH_STALE_MS (at most
 * CORE_SETTINGS_MEMO_MS) before.
 */
export const CORE_MEMO_TAG_PREFIXES = ['dict:', 'config:', 'collection:reports'] as const

export const ContentChangesQuery = Type.Object(
  {
    lang: LangField,
    after: Type.Optional(
      Type.String({ pattern: '^(0|[1-9][0-9]{0,18})$', description: 'The last change id seen; left out, only the last id is answered' }),
    ),
  },
  { additionalProperties: false },
)
export type ContentChangesQuery = Static<typeof ContentChangesQuery>

export const ContentChanges = Type.Object({
  last: Type.String({ description: 'The newest change id; ask again after it' }),
  changes: Type.Array(
    Type.Object({
      id: Type.String(),
      tags: Type.Array(Type.String(), { description: 'Cache tags to purge (bff/src/lib/content-tags.ts)' }),
    }),
    { description: 'Oldest first, at most 500' },
  ),
})
export type ContentChanges = Static<typeof ContentChanges>

/** What has public pages with slugs and previews: reports, bulletins and news. */
export const ContentKind = Type.Union([Type.Literal('report'), Type.Literal('bulletin'), Type.Literal('news')])
export type ContentKind = Static<typeof ContentKind>

export const ContentRedirectQuery = Type.Object(
  {
    lang: LangField,
    kind: ContentKind,
    slug: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
)
export type ContentRedirectQuery = Static<typeof ContentRedirectQuery>

export const ContentRedirect = Type.Object({ slug: Type.String({ description: 'The current published slug (answer 301 to it)' }) })

/** A published report by its slug (a trailing -id too, as the public detail finds it): only reports' pages carry SEO fields. */
export const ContentSeoQuery = Type.Object(
  { ...ContentRedirectQuery.properties, kind: Type.Literal('report') },
  { additionalProperties: false },
)
export type ContentSeoQuery = Static<typeof ContentSeoQuery>

export const ContentSeo = Type.Object({
  seoTitle: Type.String({ description: "The page's <title> and og:title in place of the report's title; empty: the report's" }),
  seoDescription: Type.String({ description: 'The meta and og:description in place of the summary; empty: the summary' }),
})
export type ContentSeo = Static<typeof ContentSeo>

export const PreviewParams = Type.Object(
  { token: Type.String({ pattern: '^[A-Za-z0-9_-]{10,600}\\.[A-Za-z0-9_-]{43}$' }) },
  { additionalProperties: false },
)

const PreviewLang = Type.Union([Type.Literal('zh-CN'), Type.Literal('en-US')])

/** Each kind's draft as its public detail call answers it (the legacy detail's shape). */
export const ContentPreview = Type.Union([
  Type.Object({
    kind: Type.Literal('report'),
    lang: PreviewLang,
    detail: ReportDetail,
    /** The draft's SEO fields, so the preview's head is the page's */
    seo: Type.Optional(ContentSeo),
  }),
  Type.Object({ kind: Type.Literal('bulletin'), lang: PreviewLang, detail: BulletinDetail }),
  Type.Object({ kind: Type.Literal('news'), lang: PreviewLang, detail: NewsDetail }),
])
export type ContentPreview = Static<typeof ContentPreview>
