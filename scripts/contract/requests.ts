import { readFile } from 'node:fs/promises'
import type { ExchangeRequest } from './exchange.ts'

// Every content endpoint of the legacy contract, in both languages where the
// answer depends on it, with the filters legacy clients send. Requests name
// records by slug, never by database id, so they replay on any database
// loaded with the fixtures.
export const contractRequests: { name: string; description: string; request: ExchangeRequest }[] = []

function add(name: string, description: string, request: ExchangeRequest) {
  contractRequests.push({ name, description, request })
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  const l = lang === 'zh-CN' ? 'zh' : 'en'
  for (const dictType of ['reports_category', 'market_type', 'news_category', 'bulletin_type', 'bulletin_label']) {
    const type = lang === 'en-US' ? `${dictType}_en` : dictType
    add(`dict-${type}`, `Dictionary ${type}`, { method: 'POST', path: '/basedata/dict/listData', body: { dictType: type, lang } })
  }
  add(`carousel-${l}`, 'Home carousel', { method: 'GET', path: '/basedata/carousel/listData', query: { lang } })
  add(`map-data-${l}`, 'Home map figures', { method: 'GET', path: '/basedata/home/mapData', query: { lang } })
  add(`report-page-list-${l}`, 'Report list, first page, with facets', {
    method: 'POST',
    path: '/report/researchReport/pageList',
    body: { pageNo: 1, pageSize: 10, lang },
  })
  add(`report-page-list-filtered-${l}`, 'Report list filtered by category and price band (legacy spellings)', {
    method: 'POST',
    path: '/report/researchReport/pageList',
    body: { pageNo: 1, pageSize: 5, lang, marketType: 'energy', queryPrice: 15001, queryKeyword: '' },
  })
  add(`report-page-list-keyword-${l}`, 'Report keyword search', {
    method: 'POST',
    path: '/report/researchReport/pageList',
    body: { pageNo: 1, pageSize: 5, lang, keyword: lang === 'zh-CN' ? '锂电' : 'battery' },
  })
  add(`report-page-list-year-${l}`, 'Report list filtered by publish year, page 2', {
    method: 'POST',
    path: '/report/researchReport/pageList',
    body: { pageNo: 2, pageSize: 5, lang, queryPublishDate: '2025' },
  })
  add(`report-hot-${l}`, 'Hot reports', { method: 'GET', path: '/report/researchReport/hotReports', query: { lang } })
  add(`report-publish-dates-${l}`, 'Publish years with counts', {
    method: 'POST',
    path: '/report/researchReport/publishDateList',
    body: { lang },
  })
  add(`report-categories-${l}`, 'Report categories with counts', {
    method: 'POST',
    path: '/report/researchReport/categoryList',
    body: { lang },
  })
  add(`bulletin-categories-${l}`, 'Bulletin sub-types with counts', {
    method: 'POST',
    path: '/report/researchBriefReport/categoryList',
    body: { lang },
  })
  add(`bulletin-labels-${l}`, 'Bulletin top labels with counts', {
    method: 'POST',
    path: '/report/researchBriefReport/categoryPage',
    body: { lang, marketType: 'industry-brief' },
  })
  add(`bulletin-page-list-${l}`, 'Bulletin list', {
    method: 'POST',
    path: '/report/researchBriefReport/pageList',
    body: { pageNo: 1, pageSize: 10, lang, marketType: 'industry-brief' },
  })
  add(`bulletin-choiceness-${l}`, 'Choice bulletins', {
    method: 'GET',
    path: '/report/researchBriefReport/choicenessReports',
    query: { lang },
  })
  add(`news-page-list-${l}`, 'News list', { method: 'POST', path: '/report/marketInfo/pageList', body: { pageNo: 1, pageSize: 10, lang } })
  add(`news-top-${l}`, 'Newest articles for the home page', { method: 'GET', path: '/report/marketInfo/topList', query: { lang } })
  add(`news-categories-${l}`, 'News market types and categories with counts', {
    method: 'POST',
    path: '/report/marketInfo/categoryList',
    body: { lang },
  })
}
add('config-footer-zh', 'Footer configuration', {
  method: 'GET',
  path: '/basedata/config/findListByKeys',
  query: { keys: 'cn.contact.phone,cn.contact.mobile,cn.contact.email,cn.contact.address,cn.footer.icp', lang: 'zh-CN' },
})
add('config-prices-en', 'Default prices of the English edition', {
  method: 'GET',
  path: '/basedata/config/findListByKeys',
  query: { keys: 'en.global.data.single.price,en.global.full.single.price,en.global.page.number', lang: 'en-US' },
})
add('customer-info-invalid-email-zh', 'Custom request with a malformed e-mail is refused with the rule message', {
  method: 'POST',
  path: '/basedata/customerInfo/save',
  body: {
    type: '2',
    companyName: '示例科技有限公司',
    email: 'ab@x.com',
    contact: '13912345678',
    name: '张三',
    demand: '需要储能行业定制研究',
    lang: 'zh-CN',
  },
})
add('customer-info-missing-company-en', 'Custom request without a company is refused with the rule message', {
  method: 'POST',
  path: '/basedata/customerInfo/save',
  body: { type: '2', email: 'buyer@example.com', contact: '13912345678', name: 'Li Lei', demand: 'Custom study', lang: 'en-US' },
})
add('report-form-missing', 'A report that does not exist', {
  method: 'GET',
  path: '/report/researchReport/form',
  query: { webTitle: 'no-such-report', lang: 'en-US' },
})
add('unknown-path', 'An unknown path', { method: 'GET', path: '/report/nothingHere', query: { lang: 'en-US' } })
add('malformed-body', 'A wrongly typed field', {
  method: 'POST',
  path: '/report/researchReport/pageList',
  body: { pageNo: 'one', lang: 'en-US' },
})

// Detail calls name the first fixture record of each kind by its slug.
const fixtures = new URL('../../fixtures/content/', import.meta.url)
const readFixture = async (name: string) =>
  JSON.parse(await readFile(new URL(name, fixtures), 'utf8')) as { webTitle: string; lang?: string }[]
const [reports, news, bulletins] = await Promise.all([readFixture('reports.json'), readFixture('news.json'), readFixture('bulletins.json')])
for (const lang of ['zh-CN', 'en-US'] as const) {
  const l = lang === 'zh-CN' ? 'zh' : 'en'
  const report = reports[0]
  if (report)
    add(`report-form-${l}`, 'Report detail by slug', {
      method: 'GET',
      path: '/report/researchReport/form',
      query: { webTitle: report.webTitle, lang },
    })
  const article = news.find((n) => n.lang === lang)
  if (article)
    add(`news-detail-${l}`, 'Article with previous and next', {
      method: 'GET',
      path: '/report/marketInfo/detailList',
      query: { webTitle: article.webTitle, lang },
    })
  const bulletin = bulletins.find((b) => b.lang === lang)
  if (bulletin)
    add(`bulletin-form-${l}`, 'Bulletin detail by slug', {
      method: 'GET',
      path: '/report/researchBriefReport/form',
      query: { webTitle: bulletin.webTitle, lang },
    })
}
