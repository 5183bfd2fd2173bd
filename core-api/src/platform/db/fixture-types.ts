// Shape of the seed content under fixtures/content/. The seeder validates each
// file against these types at load time (see seed.ts), so a malformed fixture
// fails the seed with a message naming the file, not halfway through an insert.

export type Lang = 'zh-CN' | 'en-US'

/** fixtures/content/dicts.json */
export interface DictFixture {
  dictType: string
  dictLabel: string
  dictValue: string
  treeSort: number
  cssClass?: string
  cssStyle?: string
  /** CSS classes of the category's icon (the earlier clients' iconfont) */
  dictIcon?: string
}

/** fixtures/content/config.json */
export interface ConfigFixture {
  configKey: string
  configValue: string
  configName: string
}

/** fixtures/content/carousel.json */
export interface CarouselFixture {
  lang: Lang
  title: string
  subtitle: string
  /** Where the slide links to, a site path such as /report-industries/energy */
  linkUrl: string
  /** A CSS colour used by the client to paint the generated slide background */
  color: string
  sort: number
}

/** fixtures/content/map.json: figures per world region for the home page map */
export interface MapFixture {
  regionCode: string
  nameZh: string
  nameEn: string
  /** Clients served in the region */
  clients: number
  /** Reports covering the region */
  reports: number
  sort: number
}

/** Language-specific part of a report. HTML fields are sanitized at seed time. */
export interface ReportTexts {
  title: string
  outline: string
  /** HTML body: the report's introduction */
  context: string
  /** HTML table of contents */
  directory: string
  /** HTML: scope of the research */
  reportScope: string
  /** HTML: list of charts */
  chartsHtml: string
  /** Standard edition, single user; RMB for zh, USD for en */
  price: number
  multiPrice: number
  enterprisePrice: number
}

/** fixtures/content/reports.json: one entry is one report in both languages */
export interface ReportFixture {
  reportCode: string
  /** ASCII slug shared by both languages */
  webTitle: string
  /** dictValue of reports_category (same value in reports_category_en) */
  marketType: string
  reportRegion: '0' | '1'
  /** YYYY-MM-DD */
  publishDate: string
  pageNum: number
  chart: number
  /** Shown in hotReports, ordered by hotSort ascending */
  hot: boolean
  hotSort: number
  /** true: seeding generates a downloadable PDF of the full report */
  hasFile: boolean
  zh: ReportTexts
  en: ReportTexts
}

/** fixtures/content/news.json: one entry is one article in one language */
export interface NewsFixture {
  lang: Lang
  webTitle: string
  title: string
  /** dictValue of market_type / market_type_en */
  marketType: string
  /** dictValue of news_category / news_category_en */
  marketCategory: string
  keyword: string
  outline: string
  /** HTML body */
  context: string
  /** YYYY-MM-DD HH:mm:ss */
  publishDate: string
}

/** fixtures/content/bulletins.json: one entry is one bulletin in one language */
export interface BulletinFixture {
  lang: Lang
  webTitle: string
  title: string
  /** 'industry-brief' | 'enterprise-hole-analysis' */
  marketType: string
  /** dictValue of bulletin_label / bulletin_label_en */
  topLabelId: string
  outline: string
  /** HTML body (the free preview) */
  context: string
  /** YYYY-MM-DD */
  publishDate: string
  pageNum: number
  /** RMB for zh, USD for en */
  price: number
  /** Shown by choicenessReports */
  choiceness: boolean
  /** true: seeding generates a downloadable PDF */
  hasFile: boolean
}
