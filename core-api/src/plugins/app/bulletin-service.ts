import type { Sequelize } from 'sequelize'
import type { Lang } from '../../errors.ts'
import { AppError } from '../../errors.ts'
import { currencyFor } from '../../lib/pricing.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { ID_PATTERN, PublishedTable } from '../../lib/published-table.ts'
import type { Conditions } from '../../lib/sql.ts'
import { dictTypeFor, type DictService } from './dict-service.ts'
import { servicePlugin } from '../../lib/service-plugin.ts'

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
type DetailRow = ListRow & Pick<BulletinDetail, 'context'>

const LIST_COLUMNS = `
  b.id, b.title, b.web_title AS "webTitle", b.market_type AS "marketType", b.top_label_id AS "topLabelId", b.outline,
  to_char(b.publish_date, 'YYYY-MM-DD') AS "publishDate", b.page_num AS "pageNum", b.price::float8 AS price, b.lang,
  (b.attachment_key IS NOT NULL) AS "hasFile", b.file_path AS "filePath", b.file_name AS "fileName"`

type Filter = 'marketType' | 'topLabelId'

interface Labels {
  types: Map<string, string>
  topLabels: Map<string, string>
}

export class BulletinService {
  private readonly table: PublishedTable

  constructor(
    sequelize: Sequelize,
    private readonly dicts: DictService,
  ) {
    this.table = new PublishedTable(sequelize, { table: 'research_brief_report', alias: 'b', listColumns: LIST_COLUMNS })
  }

  /** Published bulletins of the language under the query's filters, leaving out one filter for its facet. */
  private conditions(query: Partial<BulletinListQuery> & Pick<BulletinListQuery, 'lang'>, without?: Filter): Conditions {
    const c = this.table.published(query.lang, query.keyword)
    if (without !== 'marketType' && query.marketType) c.add(`b.market_type = ?`, query.marketType)
    if (without !== 'topLabelId' && query.topLabelId) c.add(`b.top_label_id = ?`, query.topLabelId)
    return c
  }

  private async labels(lang: Lang): Promise<Labels> {
    const [types, topLabels] = await Promise.all([this.dicts.labels('bulletin_type', lang), this.dicts.labels('bulletin_label', lang)])
    return { types, topLabels }
  }

  private presentListItem(row: ListRow, labels: Labels, lang: Lang): BulletinListItem {
    return {
      id: row.id,
      title: row.title,
      webTitle: row.webTitle,
      marketType: row.marketType,
      marketTypeName: labels.types.get(row.marketType) ?? row.marketType,
      topLabelId: row.topLabelId,
      topLabelName: labels.topLabels.get(row.topLabelId) ?? row.topLabelId,
      outline: row.outline,
      publishDate: row.publishDate,
      pageNum: row.pageNum,
      price: row.price,
      currency: currencyFor(lang),
      lang: row.lang,
      hasFile: row.hasFile,
      filePath: row.filePath,
      fileName: row.fileName,
    }
  }

  async pageList(query: BulletinListQuery) {
    const [{ rows, count }, labels] = await Promise.all([
      this.table.page<ListRow>(this.conditions(query), query.pageNo, query.pageSize),
      this.labels(query.lang),
    ])
    return {
      list: rows.map((row) => this.presentListItem(row, labels, query.lang)),
      count,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    }
  }

  /** Every sub-type of the language's dictionary, in dictionary order, with its count of published bulletins. */
  async categoryList(lang: Lang) {
    const c = this.conditions({ lang })
    const [counts, dict] = await Promise.all([
      this.table.select<{ marketType: string; count: string }>(
        `SELECT b.market_type AS "marketType", count(*) AS count FROM research_brief_report b ${c.where} GROUP BY b.market_type`,
        c.params,
      ),
      this.dicts.list(dictTypeFor('bulletin_type', lang)),
    ])
    const byType = new Map(counts.map((row) => [row.marketType, Number(row.count)]))
    return dict.map((d) => ({ marketType: d.dictValue, marketTypeName: d.dictLabel, marketCount: byType.get(d.dictValue) ?? 0 }))
  }

  /** Every top label of the language's dictionary, in dictionary order, counted within the (optional) sub-type and keyword. */
  async categoryPage(query: { lang: Lang; marketType?: string; keyword?: string }) {
    const c = this.conditions(query, 'topLabelId')
    const [counts, dict] = await Promise.all([
      this.table.select<{ topLabelId: string; count: string }>(
        `SELECT b.top_label_id AS "topLabelId", count(*) AS count FROM research_brief_report b ${c.where} GROUP BY b.top_label_id`,
        c.params,
      ),
      this.dicts.list(dictTypeFor('bulletin_label', query.lang)),
    ])
    const byLabel = new Map(counts.map((row) => [row.topLabelId, Number(row.count)]))
    return dict.map((d) => ({ topLabelId: d.dictValue, topLabelName: d.dictLabel, marketCount: byLabel.get(d.dictValue) ?? 0 }))
  }

  /** Choiceness (featured) bulletins, newest first. */
  async choiceness(lang: Lang, limit: number): Promise<BulletinListItem[]> {
    const [rows, labels] = await Promise.all([this.table.newest<ListRow>(lang, limit, 'b.choiceness'), this.labels(lang)])
    return rows.map((row) => this.presentListItem(row, labels, lang))
  }

  /**
   * One bulletin by id or by slug. A slug may carry the id as its last
   * segment (legacy links look like some-title-123), so an unknown slug is
   * retried by that id.
   */
  async form(lang: Lang, by: { id?: string; webTitle?: string }): Promise<BulletinDetail> {
    const row = await this.table.findOne<DetailRow>(lang, by, 'b.context')
    if (!row) throw new AppError('REPORT_EMPTY')
    const labels = await this.labels(lang)
    return {
      ...this.presentListItem(row, labels, lang),
      // Sanitized again on the way out: rows may come from tools other than the seeder.
      context: sanitizeRichText(row.context),
    }
  }

  /** The server's price of a published bulletin in the language's currency, for orders. */
  async priceOf(lang: Lang, id: string): Promise<{ id: string; title: string; price: number } | undefined> {
    if (!ID_PATTERN.test(id)) return undefined
    const [row] = await this.table.select<{ id: string; title: string; price: number }>(
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

export default servicePlugin(
  { name: 'bulletin-service', decorates: 'bulletins', dependencies: ['db', 'dict-service', 'config-service'] },
  (app) => new BulletinService(app.db.sequelize, app.dicts),
)
