import { describe, expect, it } from 'vitest'
import { resolveRoute } from '../src/app/routes'
import { paths } from '../src/lib/paths'
import { localizePath, splitLocale } from '../src/lib/locale'

describe('route table', () => {
  it.each([
    ['/', 'home', 0],
    ['/about', 'about', 5],
    ['/link', 'about', 5],
    ['/order', 'about', 5],
    ['/term', 'about', 5],
    ['/qualify', 'about', 5],
    ['/contactUs', 'contact', 6],
    ['/market', 'market', 2],
    ['/report-industries', 'reports', 1],
    ['/reports/some-report-12', 'reportDetail', 1],
    ['/news-categories', 'news', 4],
    ['/news/some-news', 'newsDetail', 4],
    ['/bulletin', 'bulletins', 3],
    ['/bulletin/detail', 'bulletinDetail', 3],
    ['/personalCenter/myInfo', 'myInfo', 7],
    ['/personalCenter/updatePwd', 'updatePwd', 7],
  ])('%s → %s (menu group %i)', (path, screen, activeIndex) => {
    const resolved = resolveRoute(path)
    expect(resolved.route.screen).toBe(screen)
    expect(resolved.route.activeIndex).toBe(activeIndex)
    expect(resolved.locale).toBe('zh-CN')
  })

  it.each([
    ['/aboutUs/researchMethod', 'method'],
    ['/aboutUs/orderingProcess', 'order'],
    ['/aboutUs/enterpriseQuality', 'qualify'],
    ['/aboutUs/relevantClause', 'term'],
    ['/en/link', 'method'],
    ['/en/order', 'order'],
    ['/en/term', 'term'],
    ['/en/qualify', 'qualify'],
  ])('legacy about path %s → %s', (path, section) => {
    const resolved = resolveRoute(path)
    expect(resolved.route.screen).toBe('about')
    expect(resolved.params.section).toBe(section)
    expect(resolved.route.activeIndex).toBe(5)
  })

  it('puts English under /en', () => {
    expect(resolveRoute('/en')).toMatchObject({ locale: 'en-US', path: '/', route: { screen: 'home' } })
    expect(resolveRoute('/en/')).toMatchObject({ locale: 'en-US', route: { screen: 'home' } })
    expect(resolveRoute('/en/reports/battery-2026')).toMatchObject({
      locale: 'en-US',
      route: { screen: 'reportDetail' },
      params: { webTitle: 'battery-2026' },
    })
  })

  it('accepts the /{lang?}/ forms of news and reports', () => {
    expect(resolveRoute('/en-US/news/a-b')).toMatchObject({ locale: 'en-US', route: { screen: 'newsDetail' }, params: { webTitle: 'a-b' } })
    expect(resolveRoute('/zh-CN/reports/x')).toMatchObject({ locale: 'zh-CN', route: { screen: 'reportDetail' } })
    expect(resolveRoute('/en/report-industries/energy/battery')).toMatchObject({
      locale: 'en-US',
      route: { screen: 'reports' },
      params: { activeIndustryType: 'energy', keyword: 'battery' },
    })
    expect(resolveRoute('/en/news-categories/energy/policy/lithium')).toMatchObject({
      params: { marketType: 'energy', marketCategory: 'policy', keyword: 'lithium' },
    })
  })

  it('treats "all" as an empty filter and decodes keywords', () => {
    expect(resolveRoute(`/report-industries/all/${encodeURIComponent('锂电')}`).params).toMatchObject({
      activeIndustryType: undefined,
      keyword: '锂电',
    })
  })

  it('reads the news variant with activeIndustryType and keyword', () => {
    expect(resolveRoute('/news-categories', '?activeIndustryType=energy&keyword=grid').params).toMatchObject({
      marketType: 'energy',
      keyword: 'grid',
    })
  })

  it('resolves every bulletin form', () => {
    expect(resolveRoute('/bulletin', '?marketType=industry-brief').params.marketType).toBe('industry-brief')
    expect(resolveRoute('/bulletin/enterprise-hole-analysis')).toMatchObject({
      route: { screen: 'bulletins' },
      params: { marketType: 'enterprise-hole-analysis' },
    })
    expect(resolveRoute('/bulletin/bulletin-think-tank/industry-brief/new-energy/hydrogen').params).toMatchObject({
      marketType: 'industry-brief',
      topLabelId: 'new-energy',
      keyword: 'hydrogen',
    })
    expect(resolveRoute('/bulletin/bulletin-detail/hydrogen-brief')).toMatchObject({
      route: { screen: 'bulletinDetail' },
      params: { webTitle: 'hydrogen-brief' },
    })
    expect(resolveRoute('/bulletin/detail', '?webTitle=x').params.webTitle).toBe('x')
    expect(resolveRoute('/bulletin/unknown-type').route.screen).toBe('notFound')
  })

  it('hides the language switch on bulletin and personal-centre pages, and the chrome on updatePwd', () => {
    expect(resolveRoute('/bulletin').route.hideLanguageSwitch).toBe(true)
    expect(resolveRoute('/personalCenter/myInfo').route.hideLanguageSwitch).toBe(true)
    expect(resolveRoute('/personalCenter/updatePwd').route.bare).toBe(true)
    expect(resolveRoute('/report-industries').route.hideLanguageSwitch).toBeFalsy()
  })

  it('sends unknown paths to the 404 screen', () => {
    expect(resolveRoute('/nowhere').route.screen).toBe('notFound')
    expect(resolveRoute('/reports').route.screen).toBe('notFound')
    expect(resolveRoute('/en/nowhere')).toMatchObject({ locale: 'en-US', route: { screen: 'notFound' } })
  })

  it('builds canonical links that resolve back to the same filters', () => {
    const link = paths.news(undefined, undefined, '锂电')
    expect(link).toBe('/news-categories/all/all/%E9%94%82%E7%94%B5')
    expect(resolveRoute(link).params).toMatchObject({ marketType: undefined, marketCategory: undefined, keyword: '锂电' })
    expect(resolveRoute(paths.bulletins(undefined, undefined, 'ai')).params).toMatchObject({ keyword: 'ai' })
    expect(resolveRoute(paths.reports('energy')).params.activeIndustryType).toBe('energy')
  })

  it('localizes paths per edition', () => {
    expect(localizePath('zh-CN', '/market')).toBe('/market')
    expect(localizePath('en-US', '/market')).toBe('/en/market')
    expect(localizePath('en-US', '/')).toBe('/en')
    expect(splitLocale('/english-page')).toEqual({ locale: 'zh-CN', path: '/english-page' })
  })
})
