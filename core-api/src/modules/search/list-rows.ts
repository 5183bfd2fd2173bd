// A listed report as research_report holds it: what a page's rows are read
// as here, and what the report service reads for hot reports and details.

/** A report of a list, before presentation (its category's label and currency). */
export interface ListRow {
  id: string
  title: string
  webTitle: string
  marketType: string
  reportCode: string
  publishDate: string
  lang: string
  outline: string
  pageNum: number | null
  chart: number | null
  reportRegion: string
  price: number | null
  multiPrice: number | null
  enterprisePrice: number | null
  filePath: string | null
  fileName: string | null
}

/** The columns of a ListRow, from research_report r. */
export const LIST_COLUMNS = `
  r.id, r.title, r.web_title AS "webTitle", r.market_type AS "marketType", r.report_code AS "reportCode",
  to_char(r.publish_date, 'YYYY-MM-DD') AS "publishDate", r.lang, r.outline, r.page_num AS "pageNum", r.chart,
  r.report_region AS "reportRegion", r.price::float8 AS price, r.multi_price::float8 AS "multiPrice", r.enterprise_price::float8 AS "enterprisePrice",
  r.file_path AS "filePath", r.file_name AS "fileName"`
