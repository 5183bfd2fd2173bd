import type { Sequelize } from 'sequelize'
import { type Lang, AppError } from '../../platform/errors.ts'
import type { PublishedTableSpec, Unpublished } from './published-table.ts'
import type { Conditions } from '../../platform/lib/sql.ts'
import { dictTypeFor, type DictService } from '../settings/index.ts'
import { PublishedService, publishedServicePlugin } from './published-service.ts'

// Industry news (market_info): articles of a market type (dict market_type)
// and a news category (dict news_category). publish_date is a wall-clock
// timestamp, formatted in SQL so no time zone ever touches it.

export interface NewsListQuery {
  lang: Lang
  pageNo: number
  pageSize: number
  keyword?: string
  marketType?: string
  marketCategory?: string
}

export interface NewsListItem {
  id: string
  title: string
  webTitle: string
  marketType: string
  marketTypeName: string
  marketCategory: string
  marketCategoryName: string
  keyword: string
  outline: string
  /** 'YYYY-MM-DD HH:mm:ss', the publisher's local time */
  publishDate: string
  lang: string
  filePath: string | null
  fileName: string | null
}

export interface NewsArticle extends NewsListItem {
  context: string
}

export interface NewsNeighbour {
  id: string
  title: string
  webTitle: string
  publishDate: string
}

export interface NewsDetail {
  vo: NewsArticle
  /** The next-older article of the language, or null for the oldest */
  last: NewsNeighbour | null
  /** The next-newer article of the language, or null for the newest */
  next: NewsNeighbour | null
}

export interface NewsCategoryCount {
  marketCategory: string
  marketCategoryName: string
  marketCount: number
}

export interface NewsMarketTypeCount {
  marketType: string
  marketTypeName: string
  marketCount: number
  categories: NewsCategoryCount[]
}

type ListRow = Omit<NewsListItem, 'marketTypeName' | 'marketCategoryName'>

const PUBLISH_DATE = (alias: string) => `to_char(${alias}.publish_date, 'YYYY-MM-DD HH24:MI:SS') AS "publishDate"`

const TABLE: PublishedTableSpec = {
  table: 'market_info',
  alias: 'n',
  listColumns: `
  n.id, n.title, n.web_title AS "webTitle", n.market_type AS "marketType", n.market_category AS "marketCategory",
  n.keyword, n.outline, ${PUBLISH_DATE('n')}, n.lang, n.file_path AS "filePath", n.file_name AS "fileName"`,
}

const NEIGHBOUR_COLUMNS = `n.id, n.title, n.web_title AS "webTitle", ${PUBLISH_DATE('n')}`

type Labels = Record<'types' | 'categories', Map<string, string>>

// The row as read, named in its language (the response schema orders the fields).
function presentListItem(row: ListRow, labels: Labels): NewsListItem {
  return {
    ...row,
    marketTypeName: labels.types.get(row.marketType) ?? row.marketType,
    marketCategoryName: labels.categories.get(row.marketCategory) ?? row.marketCategory,
  }
}

export class NewsService extends PublishedService<ListRow, NewsListItem, keyof Labels, NewsListQuery> {
  constructor(sequelize: Sequelize, dicts: DictService) {
    super(sequelize, dicts, TABLE, { families: { types: 'market_type', categories: 'news_category' }, present: presentListItem })
  }

  /** Published articles of the language under the query's filters. */
  protected conditions(query: Partial<NewsListQuery> & Pick<NewsListQuery, 'lang'>): Conditions {
    return this.listing.table.published(query.lang, query.keyword, { market_type: query.marketType, market_category: query.marketCategory })
  }

  /** The newest published articles of the language (the home page's "top six"). */
  topList(lang: Lang, limit: number): Promise<NewsListItem[]> {
    return this.listing.newest(lang, limit)
  }

  /**
   * Every market type of the language's dictionary, in dictionary order, with
   * its count of published articles, and under it every news category of the
   * dictionary with the count of that type × category. Zero counts included.
   */
  async categoryList(lang: Lang): Promise<NewsMarketTypeCount[]> {
    const c = this.conditions({ lang })
    const [counts, types, categories] = await Promise.all([
      this.listing.table.select<{ marketType: string; marketCategory: string; count: string }>(
        `SELECT n.market_type AS "marketType", n.market_category AS "marketCategory", count(*) AS count
           FROM market_info n ${c.where} GROUP BY n.market_type, n.market_category`,
        c.params,
      ),
      this.dicts.list(dictTypeFor('market_type', lang)),
      this.dicts.list(dictTypeFor('news_category', lang)),
    ])
    const byPair = new Map<string, number>()
    const byType = new Map<string, number>()
    for (const row of counts) {
      const n = Number(row.count)
      byPair.set(`${row.marketType}\u0000${row.marketCategory}`, n)
      byType.set(row.marketType, (byType.get(row.marketType) ?? 0) + n)
    }
    return types.map((t) => ({
      marketType: t.dictValue,
      marketTypeName: t.dictLabel,
      marketCount: byType.get(t.dictValue) ?? 0,
      categories: categories.map((k) => ({
        marketCategory: k.dictValue,
        marketCategoryName: k.dictLabel,
        marketCount: byPair.get(`${t.dictValue}\u0000${k.dictValue}`) ?? 0,
      })),
    }))
  }

  /**
   * One article by id or by slug (vo), with its neighbours in the language:
   * last is the next-older article and next the next-newer one, ordered
   * by (publish_date, id). A slug may carry the id as its last segment
   * (legacy links look like some-title-123), so an unknown slug is retried
   * by that id. unpublished: a staff preview's draft, between the published articles its date puts it.
   */
  async detail(lang: Lang, by: { id?: string; webTitle?: string }, options: Unpublished = {}): Promise<NewsDetail> {
    const article = await this.listing.withBody(lang, by, options)
    if (!article) throw new AppError('NOT_FOUND', { 'zh-CN': '资讯不存在', 'en-US': 'The article does not exist.' })
    const neighbour = (comparison: '<' | '>', order: 'ASC' | 'DESC') =>
      this.listing.table.select<NewsNeighbour>(
        `SELECT ${NEIGHBOUR_COLUMNS} FROM market_info n, market_info c
          WHERE c.id = $1 AND n.lang = $2 AND n.status = '0' AND (n.publish_date, n.id) ${comparison} (c.publish_date, c.id)
          ORDER BY n.publish_date ${order}, n.id ${order} LIMIT 1`,
        [article.id, lang],
      )
    const [[previous], [next]] = await Promise.all([neighbour('<', 'DESC'), neighbour('>', 'ASC')])
    return {
      vo: article,
      last: previous ?? null,
      next: next ?? null,
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    news: NewsService
  }
}

export default publishedServicePlugin('news-service', 'news', NewsService)
