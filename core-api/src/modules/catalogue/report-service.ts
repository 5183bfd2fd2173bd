import { QueryTypes, type Sequelize } from 'sequelize'
import { type Lang, AppError } from '../../platform/errors.ts'
import { currencyFor, priceBandLabel, roundListPrice } from '../../platform/lib/pricing.ts'
import { sanitizeRichText } from '../../platform/lib/rich-text.ts'
import { LIST_COLUMNS, type CountListQuery, type ListQuery, type ListRow, type Search } from '../search/index.ts'
import {
  countKey,
  EDITIONS,
  LICENCES,
  priceKey,
  type ConfigService,
  type Edition,
  type Licence,
  type DictService,
} from '../settings/index.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'

// The report pages: the list's page as the search answers it, presented
// (category labels, currency, facet labels); hot reports; one report's
// detail; and the prices of its editions and licences.

export interface ReportListItem extends ListRow {
  marketTypeName: string
  currency: string
}

export interface PriceCell {
  edition: Edition
  licence: Licence
  price: number
}

export interface ReportDetail extends ReportListItem {
  context: string
  directory: string
  reportScope: string
  contextHtml: string
  directoryHtml: string
  reportScopeHtml: string
  chartsHtml: string
  hasFile: boolean
  prices: PriceCell[]
  alternates: { lang: string; webTitle: string }[]
}

/** A year of the publishDates facet, labelled (marketTypeName, as earlier clients read every facet's label). */
function yearFacet(year: { publishDateValue: string; marketCount: number }, lang: Lang) {
  // Object.assign, not { ...year, marketTypeName }: see presentListItem.
  return Object.assign({}, year, { marketTypeName: lang === 'en-US' ? year.publishDateValue : `${year.publishDateValue}年` })
}

export class ReportService {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly search: Search,
    private readonly dicts: DictService,
    private readonly configs: ConfigService,
  ) {}

  private select<T extends object>(sql: string, bind: unknown[]): Promise<T[]> {
    return this.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT })
  }

  async pageList(query: ListQuery) {
    const [{ rows, facets }, labels, dict] = await Promise.all([
      this.search.page(query),
      this.dicts.labels('reports_category', query.lang),
      this.dicts.list(query.lang === 'en-US' ? 'reports_category_en' : 'reports_category'),
    ])
    return {
      categories: dict.map((d) => ({
        marketType: d.dictValue,
        marketTypeName: d.dictLabel,
        marketCount: facets.categories.get(d.dictValue) ?? 0,
      })),
      // price and marketTypeName: the legacy names of a band's value and label.
      prices: facets.prices.map((band) => ({
        price: band.value,
        marketTypeName: priceBandLabel(band.value, query.lang),
        marketCount: band.marketCount,
      })),
      publishDates: facets.publishDates.map((year) => yearFacet(year, query.lang)),
      pageList: {
        list: rows.map((row) => this.presentListItem(row, labels, query.lang)),
        count: facets.total,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      },
    }
  }

  /**
   * The same object as { ...row, marketTypeName, currency }, built with
   * Object.assign: Node 20's V8 makes a new hidden class (a map and its
   * descriptor array, in the old generation) for every object a spread
   * followed by more properties creates, so each listed report left about a
   * kilobyte of old-generation garbage behind and the API's heap grew by tens
   * of MB between full collections under load. Object.assign onto {} reuses
   * one hidden class, and is faster.
   */
  private presentListItem(row: ListRow, labels: Map<string, string>, lang: Lang): ReportListItem {
    return Object.assign({}, row, { marketTypeName: labels.get(row.marketType) ?? row.marketType, currency: currencyFor(lang) })
  }

  /** Every category of the language's dictionary, with the count it would give under the other filters. */
  async categoryFacet(query: CountListQuery) {
    const [byType, dict] = await Promise.all([
      this.search.categoryCounts(query),
      this.dicts.list(query.lang === 'en-US' ? 'reports_category_en' : 'reports_category'),
    ])
    return dict.map((d) => ({ marketType: d.dictValue, marketTypeName: d.dictLabel, marketCount: byType.get(d.dictValue) ?? 0 }))
  }

  async publishDateFacet(query: CountListQuery) {
    const years = await this.search.yearCounts(query)
    return years.map((year) => yearFacet(year, query.lang))
  }

  async hotReports(lang: Lang, limit: number): Promise<ReportListItem[]> {
    const [rows, labels] = await Promise.all([
      this.select<ListRow>(
        `SELECT ${LIST_COLUMNS} FROM research_report r WHERE r.lang = $1 AND r.status = '0' AND r.hot ORDER BY r.hot_sort, r.publish_date DESC LIMIT $2`,
        [lang, limit],
      ),
      this.dicts.labels('reports_category', lang),
    ])
    return rows.map((row) => this.presentListItem(row, labels, lang))
  }

  /**
   * One report by id or by slug. A slug may carry the id as its last
   * segment (legacy links look like some-title-123), so an unknown slug is
   * retried by that id.
   */
  async form(lang: Lang, by: { id?: string; webTitle?: string }, options: { unpublished?: boolean } = {}): Promise<ReportDetail> {
    // unpublished: a staff preview (a signed link) renders a draft as its public page will.
    const found = await this.findOne(lang, by, options.unpublished ? '' : ` AND r.status = '0'`)
    if (!found) throw new AppError('REPORT_EMPTY')
    // The unsold licences only shape the price table; the answer does not carry them.
    const { unsoldLicences: _unsold, ...row } = found
    const [labels, prices, pageDefault, chartDefault, alternates] = await Promise.all([
      this.dicts.labels('reports_category', lang),
      this.priceTable(lang, found),
      this.configs.number(countKey(lang, row.reportRegion, 'page')),
      this.configs.number(countKey(lang, row.reportRegion, 'chart')),
      this.select<{ lang: string; webTitle: string }>(
        `SELECT lang, web_title AS "webTitle" FROM research_report WHERE report_code = $1 AND status = '0' ORDER BY lang`,
        [row.reportCode],
      ),
    ])
    // Sanitized again on the way out: rows may come from tools other than the seeder.
    const context = sanitizeRichText(row.context)
    const directory = sanitizeRichText(row.directory)
    const reportScope = sanitizeRichText(row.reportScope)
    // Object.assign onto the fresh list item, not a spread (see presentListItem).
    return Object.assign(this.presentListItem(row, labels, lang), {
      pageNum: row.pageNum ?? pageDefault ?? null,
      chart: row.chart ?? chartDefault ?? null,
      context,
      directory,
      reportScope,
      // The same, under the names earlier clients read.
      contextHtml: context,
      directoryHtml: directory,
      reportScopeHtml: reportScope,
      chartsHtml: sanitizeRichText(row.chartsHtml),
      hasFile: row.hasFile,
      prices,
      alternates,
    })
  }

  private async findOne(lang: Lang, by: { id?: string; webTitle?: string }, published = ` AND r.status = '0'`) {
    type Row = ListRow &
      Pick<ReportDetail, 'context' | 'directory' | 'reportScope' | 'chartsHtml' | 'hasFile'> & { unsoldLicences: string[] }
    const columns = `${LIST_COLUMNS}, r.context, r.directory, r.report_scope AS "reportScope", r.charts_html AS "chartsHtml", (r.attachment_key IS NOT NULL) AS "hasFile", r.unsold_licences AS "unsoldLicences"`
    const byId = (id: string) =>
      this.select<Row>(`SELECT ${columns} FROM research_report r WHERE r.id = $1 AND r.lang = $2${published}`, [id, lang])
    if (by.id) return (await byId(by.id))[0]
    if (!by.webTitle) return undefined
    const [bySlug] = await this.select<Row>(`SELECT ${columns} FROM research_report r WHERE r.web_title = $1 AND r.lang = $2${published}`, [
      by.webTitle,
      lang,
    ])
    if (bySlug) return bySlug
    const trailingId = /-([1-9][0-9]{0,17})$/.exec(by.webTitle)?.[1]
    return trailingId ? (await byId(trailingId))[0] : undefined
  }

  /**
   * Edition × licence prices. The configured defaults apply to every report;
   * a report's own price fields set its Standard edition, and its
   * Professional edition keeps the configured Professional:Standard ratio.
   * A licence the staff left unsold (its price emptied in the console or
   * the import) has no cell in either edition: no default stands in for it.
   */
  async priceTable(
    lang: Lang,
    report: {
      reportRegion: string
      price: number | null
      multiPrice: number | null
      enterprisePrice: number | null
      unsoldLicences?: readonly string[] | null
    },
  ): Promise<PriceCell[]> {
    const own: Record<Licence, number | null> = { single: report.price, multi: report.multiPrice, enterprise: report.enterprisePrice }
    const cells: PriceCell[] = []
    for (const licence of LICENCES) {
      if (report.unsoldLicences?.includes(licence)) continue
      const configuredStandard = await this.configs.number(priceKey(lang, report.reportRegion, 'standard', licence))
      const configuredProfessional = await this.configs.number(priceKey(lang, report.reportRegion, 'professional', licence))
      const standard = own[licence] ?? configuredStandard
      let professional = configuredProfessional
      if (own[licence] !== null && configuredStandard && configuredProfessional) {
        professional = roundListPrice(own[licence] * (configuredProfessional / configuredStandard))
      }
      for (const edition of EDITIONS) {
        const price = edition === 'standard' ? standard : professional
        if (price !== undefined && price !== null) cells.push({ edition, licence, price })
      }
    }
    return cells
  }

  /** The server's price for one edition × licence of a report, for orders. */
  async priceOf(lang: Lang, reportId: string, edition: Edition, licence: Licence): Promise<number | undefined> {
    const report = await this.findOne(lang, { id: reportId })
    if (!report) return undefined
    return (await this.priceTable(lang, report)).find((cell) => cell.edition === edition && cell.licence === licence)?.price
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportService
  }
}

export default servicePlugin(
  { name: 'report-service', decorates: 'reports', dependencies: ['db', 'report-search', 'dict-service', 'config-service'] },
  (app) => new ReportService(app.db.sequelize, app.reportSearch, app.dicts, app.configs),
)
