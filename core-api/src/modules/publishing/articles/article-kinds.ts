// The kinds of article the staff API edits besides reports:
// bulletins (research_brief_report) and news (market_info). Each is one row
// per article in one language, so one generic service (article-service.ts)
// serves both from these descriptions: which table, which editor field is
// which column (and how it is read and written), which fields are rich text,
// and which dictionaries a field's value must come from.

import { COLLECTION_BULLETINS, COLLECTION_NEWS } from '@rpt/contract'

export type ArticleKindName = 'bulletin' | 'news'

export interface ArticleField {
  /** The field's name in the contract (BulletinInput, NewsInput) */
  key: string
  column: string
  /** The SQL that reads it, when not the bare column */
  read?: string
  /** The cast its bound value takes on a write (a date, a timestamp, a numeric) */
  cast?: string
  /** The value written when the editor leaves an optional field out */
  fallback?: unknown
  /** HTML, sanitized with the public pages' allow-list on save */
  rich?: boolean
  /** Plain text (the public pages show it as text): any markup is removed on save */
  plain?: boolean
}

export interface ArticleKind {
  kind: ArticleKindName
  table: string
  /** The cache tag of every page and answer listing this kind (@rpt/contract's cache-tags.ts) */
  collection: string
  fields: readonly ArticleField[]
  /** Fields whose value must be a value of one of these dictionaries (either language's) */
  dicts: readonly { key: string; types: readonly string[] }[]
  /** Whether it has a file buyers download (attachment_*): bulletins are sold, news are not */
  attachment: boolean
}

const COMMON_HEAD: readonly ArticleField[] = [
  { key: 'title', column: 'title' },
  { key: 'slug', column: 'web_title' },
  { key: 'category', column: 'market_type' },
]

const COMMON_TAIL: readonly ArticleField[] = [
  { key: 'summary', column: 'outline', fallback: '', plain: true },
  { key: 'context', column: 'context', fallback: '', rich: true },
  { key: 'seoTitle', column: 'seo_title', fallback: '' },
  { key: 'seoDescription', column: 'seo_description', fallback: '' },
]

export const BULLETIN: ArticleKind = {
  kind: 'bulletin',
  table: 'research_brief_report',
  collection: COLLECTION_BULLETINS,
  fields: [
    ...COMMON_HEAD,
    { key: 'topLabelId', column: 'top_label_id' },
    { key: 'publishDate', column: 'publish_date', read: `to_char(publish_date, 'YYYY-MM-DD')`, cast: '::date' },
    { key: 'pages', column: 'page_num', fallback: null },
    { key: 'price', column: 'price', read: 'price::float8', cast: '::numeric' },
    { key: 'choiceness', column: 'choiceness', fallback: false },
    ...COMMON_TAIL,
  ],
  dicts: [
    { key: 'category', types: ['bulletin_type', 'bulletin_type_en'] },
    { key: 'topLabelId', types: ['bulletin_label', 'bulletin_label_en'] },
  ],
  attachment: true,
}

export const NEWS: ArticleKind = {
  kind: 'news',
  table: 'market_info',
  collection: COLLECTION_NEWS,
  fields: [
    ...COMMON_HEAD,
    { key: 'marketCategory', column: 'market_category' },
    { key: 'keyword', column: 'keyword', fallback: '' },
    // A wall-clock time both ways, formatted in SQL so no time zone touches it (as news-service reads it).
    { key: 'publishDate', column: 'publish_date', read: `to_char(publish_date, 'YYYY-MM-DD HH24:MI:SS')`, cast: '::timestamp' },
    ...COMMON_TAIL,
  ],
  dicts: [
    { key: 'category', types: ['market_type', 'market_type_en'] },
    { key: 'marketCategory', types: ['news_category', 'news_category_en'] },
  ],
  attachment: false,
}

export const ARTICLE_KINDS: Record<ArticleKindName, ArticleKind> = { bulletin: BULLETIN, news: NEWS }
