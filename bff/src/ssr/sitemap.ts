import type { FastifyInstance } from 'fastify'
import { CALLS } from '@rpt/contract'
import type { Lang } from '../http/locale.ts'
import { UpstreamError } from '../upstream/core-client.ts'

// Sitemaps: an index naming one child per edition and content type, the
// catalogues split into files of SITEMAP_URLS_PER_FILE, each read from the
// core API's list in pages of 100 (its largest page).

export const EDITIONS = { zh: 'zh-CN', en: 'en-US' } as const satisfies Record<string, Lang>
export type Edition = keyof typeof EDITIONS
export const KINDS = ['reports', 'bulletins', 'news'] as const
export type Kind = (typeof KINDS)[number]

const CORE_PAGE_SIZE = 100
/** The core API's largest page number: it rejects any further page, however long the catalogue. */
export const CORE_PAGE_CAP = 10_000
const CONCURRENCY = 4

/** Pages of each edition that are not records (the about pages under their current paths). */
export const STATIC_PATHS = [
  '/',
  '/report-industries',
  '/bulletin',
  '/news-categories',
  '/market',
  '/about',
  '/link',
  '/order',
  '/qualify',
  '/term',
  '/contactUs',
]

interface Item {
  webTitle?: string
  publishDate?: string
}

interface ListPage {
  list: Item[]
  count: number
}

const SOURCES: Record<Kind, { path: string; list(data: unknown): ListPage; page(webTitle: string): string }> = {
  reports: {
    path: CALLS.researchReport.pageList.path,
    list: (data) => (data as { pageList: ListPage }).pageList,
    page: (webTitle) => `/reports/${encodeURIComponent(webTitle)}`,
  },
  bulletins: {
    path: CALLS.researchBriefReport.pageList.path,
    list: (data) => data as ListPage,
    page: (webTitle) => `/bulletin/bulletin-detail/${encodeURIComponent(webTitle)}`,
  },
  news: {
    path: CALLS.marketInfo.pageList.path,
    list: (data) => data as ListPage,
    page: (webTitle) => `/news/${encodeURIComponent(webTitle)}`,
  },
}

export class SitemapSourceError extends Error {}

export const localize = (lang: Lang, path: string) => (lang === 'zh-CN' ? path : path === '/' ? '/en' : `/en${path}`)

export function xmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

async function listPage(app: FastifyInstance, kind: Kind, lang: Lang, pageNo: number, pageSize: number): Promise<ListPage> {
  let answer
  try {
    answer = await app.core.call({ method: 'POST', path: SOURCES[kind].path, params: { pageNo, pageSize }, lang })
  } catch (error) {
    throw new SitemapSourceError(error instanceof UpstreamError ? error.message : 'core API call failed')
  }
  if (answer.status !== 200 || answer.body.code !== 200) throw new SitemapSourceError(`${SOURCES[kind].path} answered ${answer.body.code}`)
  const page = SOURCES[kind].list(answer.body.data)
  return { list: Array.isArray(page?.list) ? page.list : [], count: Number(page?.count) || 0 }
}

export async function countOf(app: FastifyInstance, kind: Kind, lang: Lang): Promise<number> {
  return (await listPage(app, kind, lang, 1, 1)).count
}

/** How many child files a catalogue of count records gets: only those the core API can list from their first page. */
export function fileCount(count: number, perFile: number): number {
  return Math.min(Math.ceil(count / perFile), Math.ceil(CORE_PAGE_CAP / (perFile / CORE_PAGE_SIZE)))
}

/** The records of one child file (1-based), in the list's order; none for a file past what the core API can list. */
export async function fileEntries(app: FastifyInstance, kind: Kind, lang: Lang, file: number, perFile: number): Promise<Item[]> {
  const firstPage = (file - 1) * (perFile / CORE_PAGE_SIZE) + 1
  if (firstPage > CORE_PAGE_CAP) return []
  // The last file the core API can list may end short of a whole file.
  const pagesPerFile = Math.min(perFile / CORE_PAGE_SIZE, CORE_PAGE_CAP - firstPage + 1)
  const pages = new Array<Item[]>(pagesPerFile)
  let next = 0
  let exhausted = pagesPerFile
  const worker = async () => {
    while (next < exhausted) {
      const index = next++
      const { list } = await listPage(app, kind, lang, firstPage + index, CORE_PAGE_SIZE)
      pages[index] = list
      // A short page is the last one: no worker needs to go further.
      if (list.length < CORE_PAGE_SIZE) exhausted = Math.min(exhausted, index + 1)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return pages
    .slice(0, exhausted)
    .flat()
    .filter((item): item is Item => Boolean(item?.webTitle))
}

export function urlset(entries: Array<{ loc: string; lastmod?: string }>): string {
  const urls = entries.map(
    (e) => `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${xmlEscape(e.lastmod)}</lastmod>` : ''}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function sitemapIndex(locs: string[]): string {
  const items = locs.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`
}

export function recordPath(kind: Kind, webTitle: string): string {
  return SOURCES[kind].page(webTitle)
}

export function lastmodOf(item: Item): string | undefined {
  const date = item.publishDate?.slice(0, 10)
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined
}
