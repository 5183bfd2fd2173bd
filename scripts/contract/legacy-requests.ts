import { readFile } from 'node:fs/promises'
import { sendToCore, type ExchangeRequest } from './exchange.ts'

// The calls of an earlier client of this contract (steelxiang/bjfl_portal_ssr,
// a Vue portal on axios 0.21), each exactly as it sends them: axios's default
// Accept, JSON bodies with "" and null for unset filters, the same mutable
// filter object posted again with stale keys, no lang where the client puts
// the language in the dictionary type or the configuration key, ids taken from
// the last segment of a {webTitle}-{id} slug, numbers as strings in the form.
// Recorded into fixtures/contract/legacy/ and replayed at both tiers.

const ACCEPT = { accept: 'application/json, text/plain, */*' }
const JSON_POST = { ...ACCEPT, 'content-type': 'application/json;charset=utf-8' }

export interface LegacyRequest {
  name: string
  description: string
  request: ExchangeRequest
}

const get = (path: string, query: Record<string, string>): ExchangeRequest => ({ method: 'GET', path, query, headers: ACCEPT })
const post = (path: string, body: unknown): ExchangeRequest => ({ method: 'POST', path, body, headers: JSON_POST })

/** The id a detail page sends: the record's id, looked up by slug on the core API being recorded (ids follow the seed order). */
async function idOf(
  base: string,
  path: string,
  webTitle: string,
  lang: string,
  pick: (data: Record<string, unknown>) => unknown,
): Promise<string> {
  const answer = await sendToCore(base, { method: 'GET', path, query: { webTitle, lang } })
  const data = (answer.body as { data?: Record<string, unknown> }).data
  const id = data ? pick(data) : undefined
  if (typeof id !== 'string') throw new Error(`no id for ${path}?webTitle=${webTitle}`)
  return id
}

export async function legacyRequests(base: string): Promise<LegacyRequest[]> {
  const fixtures = new URL('../../fixtures/content/', import.meta.url)
  const read = async (name: string) =>
    JSON.parse(await readFile(new URL(name, fixtures), 'utf8')) as Array<{ webTitle: string; lang?: string }>
  const [reports, news] = await Promise.all([read('reports.json'), read('news.json')])
  const list: LegacyRequest[] = []
  const add = (name: string, description: string, request: ExchangeRequest) => list.push({ name, description, request })

  for (const dictType of ['reports_category', 'reports_category_en', 'market_type', 'market_type_en']) {
    add(
      `dict-${dictType}`,
      `Header menu and home tiles: dictionary ${dictType}, language in the type, no lang`,
      post('/basedata/dict/listData', { dictType }),
    )
  }
  for (const lang of ['zh-CN', 'en-US']) {
    const l = lang === 'zh-CN' ? 'zh' : 'en'
    add(`carousel-${l}`, 'Home banner (reads name, title, desc)', get('/basedata/carousel/listData', { lang }))
    add(`map-data-${l}`, 'Home blocks (reads report[] and market[])', get('/basedata/home/mapData', { lang }))
    add(`hot-reports-${l}`, 'Market page cards', get('/report/researchReport/hotReports', { lang }))
    add(
      `market-type-list-${l}`,
      'Report categories (marketTypeList; the client writes the path without its leading slash)',
      post('/report/researchReport/marketTypeList', { lang }),
    )
    add(`news-top-six-${l}`, 'The six newest articles (marketInfoTopSixList)', get('/report/marketInfo/marketInfoTopSixList', { lang }))
  }
  add(
    'report-page-list-first',
    'Report list as first opened',
    post('/report/researchReport/pageList', { pageSize: 10, pageNo: 1, lang: 'zh-CN' }),
  )
  add(
    'report-page-list-category',
    'Report list of a category from the route',
    post('/report/researchReport/pageList', { pageSize: 10, pageNo: 1, marketType: 'energy', lang: 'zh-CN' }),
  )
  add(
    'report-page-list-stale-filters',
    'Report list with the filters the client blanks but keeps sending ("" and a price band as a number)',
    post('/report/researchReport/pageList', {
      pageSize: 10,
      pageNo: 1,
      marketType: '',
      lang: 'en-US',
      queryPrice: 15001,
      priceEnd: '',
      priceStr: '',
      queryPublishDate: '',
      publishDateStr: '',
      publishDateEnd: '',
      reportRegion: '1',
      queryKeyword: 'battery',
    }),
  )
  add(
    'report-page-list-price-range',
    'Report list with a price range whose upper bound was cleared (null)',
    post('/report/researchReport/pageList', {
      pageSize: 10,
      pageNo: 1,
      lang: 'zh-CN',
      priceStr: 10000,
      priceEnd: null,
      queryPrice: '',
    }),
  )
  add(
    'report-page-list-from-date',
    'Report list from a date, the date facet blanked',
    post('/report/researchReport/pageList', {
      pageSize: 10,
      pageNo: 1,
      lang: 'zh-CN',
      publishDateStr: '2025-01-01',
      queryPublishDate: '',
    }),
  )
  add(
    'news-page-list-type',
    'News list of a market type',
    post('/report/marketInfo/pageList', { pageSize: 10, pageNo: 1, marketType: 'energy', lang: 'zh-CN' }),
  )
  add(
    'news-page-list-category',
    'News list of a category, the type blanked',
    post('/report/marketInfo/pageList', { pageSize: 10, pageNo: 1, marketType: '', marketCategory: 'industry-news', lang: 'en-US' }),
  )
  add(
    'news-page-list-keyword',
    'News list searched, page 1',
    post('/report/marketInfo/pageList', { pageSize: 10, pageNo: 1, marketType: '', marketCategory: '', lang: 'zh-CN', keyword: '锂电' }),
  )

  // Report detail: the form, then the three configuration calls, language in the key prefix.
  const report = reports[0]!
  for (const lang of ['zh-CN', 'en-US']) {
    const l = lang === 'zh-CN' ? 'zh' : 'en'
    const id = await idOf(base, '/report/researchReport/form', report.webTitle, lang, (d) => d.id)
    add(
      `report-form-${l}`,
      'Report detail by the id at the end of its slug (reads contextHtml, directoryHtml, reportScopeHtml, chartsHtml)',
      get('/report/researchReport/form', { id, lang }),
    )
    const site = lang === 'zh-CN' ? 'cn' : 'en'
    add(
      `config-prices-data-${l}`,
      'Detail page prices, Standard edition (reads configValue and configName.split("-")[3])',
      get('/basedata/config/findListByKeys', {
        keys: `${site}.global.data.single.price,${site}.global.data.multi.price,${site}.global.data.enterprise.price`,
      }),
    )
    add(
      `config-prices-full-${l}`,
      'Detail page prices, Professional edition',
      get('/basedata/config/findListByKeys', {
        keys: `${site}.global.full.single.price,${site}.global.full.multi.price,${site}.global.full.enterprise.price`,
      }),
    )
    add(
      `config-counts-${l}`,
      'Detail page page and chart counts, in the order asked',
      get('/basedata/config/findListByKeys', { keys: `${site}.global.page.number,${site}.global.chart.number` }),
    )
  }
  add(
    'config-form',
    'One configuration value (basedata/config/form)',
    get('/basedata/config/form', { configKey: 'cn.global.data.single.price' }),
  )

  // News detail: vo, last and next.
  for (const lang of ['zh-CN', 'en-US']) {
    const article = news.find((n) => n.lang === lang)!
    const id = await idOf(base, '/report/marketInfo/detailList', article.webTitle, lang, (d) => (d.vo as { id?: string } | undefined)?.id)
    add(
      `news-detail-${lang === 'zh-CN' ? 'zh' : 'en'}`,
      'Article by id, with last and next',
      get('/report/marketInfo/detailList', { id, lang }),
    )
  }

  // The request form as its modal posts it: ten keys, type null away from the detail page, reportPrice a string.
  add(
    'customer-info-contact',
    'Contact request from the home page (type null, reportId "", reportPrice null); the only call here that stores data',
    post('/basedata/customerInfo/save', {
      name: '张三',
      contact: '13800138000',
      email: 'legacy.client@example.com',
      companyName: '示例科技有限公司',
      demand: '希望了解储能行业定制研究',
      reportId: '',
      reportPrice: null,
      addr: '湖北省武汉市',
      lang: 'zh-CN',
      type: null,
    }),
  )
  add(
    'customer-info-invalid-phone',
    'A request the form rules refuse: the outcome in code, with HTTP 200',
    post('/basedata/customerInfo/save', {
      name: 'Li Lei',
      contact: '12345',
      email: 'legacy.client@example.com',
      companyName: 'Example Ltd',
      demand: 'Sample',
      reportId: '',
      reportPrice: '0',
      addr: 'Buyer',
      lang: 'en-US',
      type: '2',
    }),
  )
  return list
}
