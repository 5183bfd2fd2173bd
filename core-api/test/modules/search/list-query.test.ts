import { expect, it } from 'vitest'
import { Conditions } from '../../../src/platform/lib/sql.ts'
import {
  addKeywordSubstringCondition,
  conditionsWithout,
  filterExpressions,
  listConditions,
  matchKey,
} from '../../../src/modules/search/list-query.ts'

// A list query as SQL: every value bound, each filter under its facet's name.

it('binds each filter under the facet it narrows, a price band or a year as a range', () => {
  const c = new Conditions()
  const filters = filterExpressions(
    { marketType: 'energy', reportRegion: '1', price: 12000, priceEnd: 14000, publishDate: '2024', publishDateStr: '2024-03-01' },
    c,
  )
  expect(filters).toEqual({
    marketType: 'r.market_type = $1',
    reportRegion: 'r.report_region = $2',
    price: 'r.price <= $3 AND r.price <= $4',
    publishDate: 'r.publish_date >= $5::date AND r.publish_date < $6::date AND r.publish_date >= $7::date',
  })
  expect(c.params).toEqual(['energy', '1', 12000, 14000, '2024-01-01', '2025-01-01', '2024-03-01'])
  // "Over 15000" is its own band value.
  expect(filterExpressions({ price: 15001 }, new Conditions())).toEqual({ price: 'r.price > $1' })
  expect(filterExpressions({}, new Conditions())).toEqual({})
})

it('leaves out the one filter whose facet is being counted, keyword included', () => {
  const query = { lang: 'en-US' as const, keyword: ' Battery ', marketType: 'energy', publishDate: '2023' }
  const withoutType = conditionsWithout(query, 'marketType')
  expect(withoutType.where).toMatch(
    /^WHERE r\.lang = \$1 AND r\.status = '0' AND r\.search_text LIKE \$2 AND r\.publish_date >= \$\d::date AND r\.publish_date < \$\d::date$/,
  )
  expect(withoutType.params).toEqual(expect.arrayContaining(['en-US', '%battery%', '2023-01-01', '2024-01-01']))
  const withoutKeyword = conditionsWithout(query, 'keyword')
  expect(withoutKeyword.where).not.toContain('search_text')
  expect(withoutKeyword.where).toContain('r.market_type = $2')
  expect(withoutKeyword.params).toEqual(['en-US', 'energy', '2023-01-01', '2024-01-01'])
  expect(listConditions('zh-CN').where).toBe(`WHERE r.lang = $1 AND r.status = '0'`)
})

it('tests a walked keyword as a substring, and one or two characters without white space', () => {
  const short = listConditions('zh-CN')
  addKeywordSubstringCondition(short, ' 锂电 ', 'r')
  expect(short.where).toBe(`WHERE r.lang = $1 AND r.status = '0' AND strpos(r.search_text, $2) > 0 AND $3::text !~ '\\s'`)
  expect(short.params).toEqual(['zh-CN', '锂电', '锂电'])
  const long = new Conditions()
  addKeywordSubstringCondition(long, '100%_A')
  expect(long.where).toBe('WHERE strpos(search_text, $1) > 0')
  expect(long.params).toEqual(['100%_a'])
  const none = new Conditions()
  addKeywordSubstringCondition(none, '   ')
  expect(none.where).toBe('')
})

it('keys a keyword per language as search compares it', () => {
  expect(matchKey({ lang: 'en-US', keyword: '  Market ' })).toBe('en-US|market')
  expect(matchKey({ lang: 'zh-CN' })).toBe('zh-CN|')
})
