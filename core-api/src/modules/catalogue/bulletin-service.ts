import type { Sequelize } from 'sequelize'
import { type Lang, AppError } from '../../platform/errors.ts'
import { currencyFor } from '../../platform/lib/pricing.ts'
import { ID_PATTERN, type PublishedTableSpec, type Unpublished } from './published-table.ts'
import type { Conditions } from '../../platform/lib/sql.ts'
import { dictTypeFor, type DictService } from '../settings/index.ts'
import { PublishedService, publishedServicePlugin } from './published-service.ts'

// Bulletins (research brief reports): short paid industry briefings, of a
// sub-type (marketType, dict bulletin_type) and under a top label
// (topLabelId, dict bulletin_label). Prices are in the row's own currency:
// RMB for zh-CN rows, USD for en-US rows.

export interface BulletinListQuery {
  lang: Lang
  pageNo: number
  pageSize: number
  keyword?: string
  marketType?: string
  topLabelId?: string
}

export interface BulletinListItem {
  id: string
  title: string
  webTitle: string
  marketType: string
  marketTypeName: string
  topLabelId: string
  topLabelName: string
  outline: string
  publishDate: string
  pageNum: number | null
  price: number
  currency: 'CNY' | 'USD'
  lang: string
  hasFile: boolean
  filePath: string | null
  fileName: string | null
}

export interface BulletinDetail extends BulletinListItem {
  context: string
}

type ListRow = Omit<BulletinListItem, 'marketTypeName' | 'topLabelName' | 'currency'>

const TABLE: PublishedTableSpec = {
  table: 'research_brief_report',
  alias: 'b',
  listColumns: `
  b.id, b.title, b.web_title AS "webTitle", b.market_type AS "marketType", b.top_label_id AS "topLabelId", b.outline,
  to_char(b.publish_date, 'YYYY-MM-DD') AS "publishDate", b.page_num AS "pageNum", b.price::float8 AS price, b.lang,
  (b.attachment_key IS NOT NULL) AS "hasFile", b.file_path AS "filePath", b.file_name AS "fileName"`,
}

type Filter = 'marketType' | 'topLabelId'

type Labels = Record<'types' | 'topLabels', Map<string, string>>

// The row as read, named in its language (the response schema orders the fields).
function presentListItem(row: ListRow, labels: Labels, lang: Lang): BulletinListItem {
  return {
    ...row,
    marketTypeName: labels.types.get(row.marketType) ?? row.marketType,
    topLabelName: labels.topLabels.get(row.topLabelId) ?? row.topLabelId,
    currency: currencyFor(lang),
  }
}

export class BulletinService extends PublishedService<ListRow, BulletinListItem, keyof Labels, BulletinListQuery> {
  constructor(sequelize: Sequelize, dicts: DictService) {
    super(sequelize, dicts, TABLE, { families: { types: 'bulletin_type', topLabels: 'bulletin_label' }, present: presentListItem })
  }

  /** Published bulletins of the language under the query's filters, leaving out one filter for its facet. */
  protected conditions(query: Partial<BulletinListQuery> & Pick<BulletinListQuery, 'lang'>, without?: Filter): Conditions {
    return this.listing.table.published(query.lang, query.keyword, {
      market_type: without === 'marketType' ? undefined : query.marketType,
      top_label_id: without === 'topLabelId' ? undefined : query.topLabelId,
    })
  }

  /** Every sub-type of the language's dictionary, in dictionary order, with its count of published bulletins. */
  async categoryList(lang: Lang) {
    const [byType, dict] = await Promise.all([
      this.listing.countBy(this.conditions({ lang }), 'market_type'),
      this.dicts.list(dictTypeFor('bulletin_type', lang)),
    ])
    return dict.map((d) => ({ marketType: d.dictValue, marketTypeName: d.dictLabel, marketCount: byType.get(d.dictValue) ?? 0 }))
  }

  /** Every top label of the language's dictionary, in dictionary order, counted within the (optional) sub-type and keyword. */
  async categoryPage(query: { lang: Lang; marketType?: string; keyword?: string }) {
    const [byLabel, dict] = await Promise.all([
      this.listing.countBy(this.conditions(query, 'topLabelId'), 'top_label_id'),
      this.dicts.list(dictTypeFor('bulletin_label', query.lang)),
    ])
    return dict.map((d) => ({ topLabelId: d.dictValue, topLabelName: d.dictLabel, marketCount: byLabel.get(d.dictValue) ?? 0 }))
  }

  /** Choiceness (featured) bulletins, newest first. */
  choiceness(lang: Lang, limit: number): Promise<BulletinListItem[]> {
    return this.listing.newest(lang, limit, 'b.choiceness')
  }

  /**
   * One bulletin by id or by slug. A slug may carry the id as its last
   * segment (legacy links look like some-title-123), so an unknown slug is
   * retried by that id. unpublished: a staff preview's draft.
   */
  async form(lang: Lang, by: { id?: string; webTitle?: string }, options: Unpublished = {}): Promise<BulletinDetail> {
    const bulletin = await this.listing.withBody(lang, by, options)
    if (!bulletin) throw new AppError('REPORT_EMPTY')
    return bulletin
  }

  /** The server's price of a published bulletin in the language's currency, for orders. */
  async priceOf(lang: Lang, id: string): Promise<{ id: string; title: string; price: number } | undefined> {
    if (!ID_PATTERN.test(id)) return undefined
    const [row] = await this.listing.table.select<{ id: string; title: string; price: number }>(
      `SELECT b.id, b.title, b.price::float8 AS price FROM research_brief_report b WHERE b.id = $1 AND b.lang = $2 AND b.status = '0'`,
      [id, lang],
    )
    return row
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    bulletins: BulletinService
  }
}

export default publishedServicePlugin('bulletin-service', 'bulletins', BulletinService)
