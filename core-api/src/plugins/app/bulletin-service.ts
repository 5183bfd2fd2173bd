import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { QueryTypes, type Sequelize } from 'sequelize'
import type { Lang } from '../../errors.ts'
import { AppError } from '../../errors.ts'
import { currencyFor } from '../../lib/pricing.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { addKeywordCondition, Conditions } from '../../lib/sql.ts'
import { dictTypeFor, type DictService } from './dict-service.ts'

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

const NEWEST_FIRST = 'b.publish_date DESC, b.id DESC'

/** Bigint ids as the API accepts them; anything else cannot name a row. */
const ID_PATTERN = /^[1-9][0-9]{0,17}$/

type Filter = 'marketType' | 'topLabelId'

interface Labels {
  types: Map<string, string>
  topLabels: Map<string, string>
}

export class BulletinService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly dicts: DictService,
  ) {}

  /** Published bulletins of the language under the query's filters, leaving out one filter for its facet. */
  private conditions(query: Partial<BulletinListQuery> & Pick<BulletinListQuery, 'lang'>, without?: Filter): Conditions {
    const c = new Conditions().add(`b.lang = ?`, query.lang).add(`b.status = '0'`)
    addKeywordCondition(c, query.keyword, 'b')
    if (without !== 'marketType' && query.marketType) c.add(`b.market_type = ?`, query.marketType)
    if (without !== 'topLabelId' && query.topLabelId) c.add(`b.top_label_id = ?`, query.topLabelId)
    return c
  }

  private select<T extends object>(sql: string, bind: unknown[]): Promise<T[]> {
    return this.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })
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
    const all = this.conditions(query)
    const listConditions = all.clone()
    const limit = listConditions.bind(query.pageSize)
    const offset = listConditions.bind((query.pageNo - 1) * query.pageSize)
    const [rows, [total], labels] = await Promise.all([
      this.select<ListRow>(
        `SELECT ${LIST_COLUMNS} FROM research_brief_report b ${listConditions.where} ORDER BY ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}`,
        listConditions.params,
      ),
      this.select<{ count: string }>(`SELECT count(*) AS count FROM research_brief_report b ${all.where}`, all.params),
      this.labels(query.lang),
    ])
    return {
      list: rows.map((row) => this.presentListItem(row, labels, query.lang)),
      count: Number(total?.count ?? 0),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    }
  }

  /** Every sub-type of the language's dictionary, in dictionary order, with its count of published bulletins. */
  async categoryList(lang: Lang) {
    const c = this.conditions({ lang })
    const [counts, dict] = await Promise.all([
      this.select<{ marketType: string; count: string }>(
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
      this.select<{ topLabelId: string; count: string }>(
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
    const [rows, labels] = await Promise.all([
      this.select<ListRow>(
        `SELECT ${LIST_COLUMNS} FROM research_brief_report b WHERE b.lang = $1 AND b.status = '0' AND b.choiceness ORDER BY ${NEWEST_FIRST} LIMIT $2`,
        [lang, limit],
      ),
      this.labels(lang),
    ])
    return rows.map((row) => this.presentListItem(row, labels, lang))
  }

  /**
   * One bulletin by id or by slug. A slug may carry the id as its last
   * segment (legacy links look like some-title-123), so an unknown slug is
   * retried by that id.
   */
  async form(lang: Lang, by: { id?: string; webTitle?: string }): Promise<BulletinDetail> {
    const row = await this.findOne(lang, by)
    if (!row) throw new AppError('REPORT_EMPTY')
    const labels = await this.labels(lang)
    return {
      ...this.presentListItem(row, labels, lang),
      // Sanitized again on the way out: rows may come from tools other than the seeder.
      context: sanitizeRichText(row.context),
    }
  }

  private async findOne(lang: Lang, by: { id?: string; webTitle?: string }): Promise<DetailRow | undefined> {
    const columns = `${LIST_COLUMNS}, b.context`
    const byId = async (id: string) =>
      ID_PATTERN.test(id)
        ? (await this.select<DetailRow>(`SELECT ${columns} FROM research_brief_report b WHERE b.id = $1 AND b.lang = $2 AND b.status = '0'`, [id, lang]))[0]
        : undefined
    if (by.id) return byId(by.id)
    if (!by.webTitle) return undefined
    const [bySlug] = await this.select<DetailRow>(
      `SELECT ${columns} FROM research_brief_report b WHERE b.web_title = $1 AND b.lang = $2 AND b.status = '0'`,
      [by.webTitle, lang],
    )
    if (bySlug) return bySlug
    const trailingId = /-([1-9][0-9]{0,17})$/.exec(by.webTitle)?.[1]
    return trailingId ? byId(trailingId) : undefined
  }

  /** The server's price of a published bulletin in the language's currency, for orders. */
  async priceOf(lang: Lang, id: string): Promise<{ id: string; title: string; price: number } | undefined> {
    if (!ID_PATTERN.test(id)) return undefined
    const [row] = await this.select<{ id: string; title: string; price: number }>(
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

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('bulletins', new BulletinService(app.db.sequelize, app.dicts))
  },
  { name: 'bulletin-service', dependencies: ['db', 'dict-service', 'config-service'] },
)
