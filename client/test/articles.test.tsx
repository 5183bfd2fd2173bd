import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import BulletinDetailPage from '../src/features/bulletins/components/bulletin-detail-page'
import BulletinListPage from '../src/features/bulletins/components/bulletin-list-page'
import NewsDetailPage from '../src/features/news/components/news-detail-page'
import NewsListPage from '../src/features/news/components/news-list-page'
import { configureApiClient } from '../src/lib/api-client'
import { mockFetch, renderAt } from './render'

const ok = (data: unknown) => ({ body: { code: 200, msg: '', data } })

const bulletin = {
  id: 'b1',
  webTitle: 'lithium-brief',
  title: '锂电池行业简报',
  marketType: 'industry-brief',
  marketTypeName: '行业简报',
  topLabelId: 'l1',
  topLabelName: '新能源',
  publishDate: '2026-03-01 10:00:00',
  pageNum: 12,
  outline: '简报摘要',
  context: '<p>简报正文</p>',
  price: 990,
  currency: 'CNY',
  hasFile: true,
}

const article = {
  id: 'n1',
  webTitle: 'ev-sales-march',
  title: '三月新能源车销量',
  marketType: 'auto',
  marketTypeName: '汽车',
  marketCategory: 'ev',
  marketCategoryName: '电动车',
  publishDate: '2026-03-02 09:30:00',
  outline: '资讯摘要',
  keyword: '',
  context: '<p>资讯正文</p>',
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('bulletins', () => {
  it('lists one page of bulletins with the count, the type tabs and the page links', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    mockFetch((url) => {
      if (url.includes('categoryList')) return ok([{ marketType: 'industry-brief', marketTypeName: '行业简报', marketCount: 25 }])
      if (url.includes('labelList') || url.includes('LabelList')) return ok([])
      if (url.includes('pageList')) return ok({ list: [bulletin], count: 25, pageNo: 1, pageSize: 10 })
      return ok([])
    })
    renderAt(<BulletinListPage params={{}} />, '/bulletin')
    expect(await screen.findByRole('link', { name: bulletin.title })).toBeInTheDocument()
    expect(screen.getByText('共 25 条结果')).toBeInTheDocument()
    expect(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: /3/ })).toBeInTheDocument()
  })

  it('shows a bulletin with its price, under the breadcrumb of its type', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    mockFetch(() => ok(bulletin))
    renderAt(<BulletinDetailPage params={{ webTitle: bulletin.webTitle }} />, `/bulletin/detail/${bulletin.webTitle}`)
    expect(await screen.findByRole('heading', { level: 1, name: bulletin.title })).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: '面包屑导航' })
    expect(within(crumbs).getByRole('link', { name: '行业简报' })).toBeInTheDocument()
    expect(screen.getByText('简报正文')).toBeInTheDocument()
  })

  it('says a bulletin is missing when the address names none', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    mockFetch(() => ok(null))
    renderAt(<BulletinDetailPage params={{}} />, '/bulletin/detail')
    expect(await screen.findByRole('link', { name: /返回/ })).toBeInTheDocument()
  })
})

describe('news', () => {
  it('lists articles with their market facets', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    mockFetch((url) => {
      if (url.includes('categoryList'))
        return ok([
          {
            marketType: 'auto',
            marketTypeName: '汽车',
            marketCount: 1,
            categories: [{ marketCategory: 'ev', marketCategoryName: '电动车', marketCount: 1 }],
          },
        ])
      if (url.includes('pageList')) return ok({ list: [article], count: 1, pageNo: 1, pageSize: 10 })
      return ok([])
    })
    renderAt(<NewsListPage params={{ marketType: 'auto' }} />, '/news-categories/auto')
    expect(await screen.findByRole('link', { name: article.title })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: /电动车/ })).toBeInTheDocument()
    expect(screen.getByText('共 1 条结果')).toBeInTheDocument()
  })

  it('shows an article with the previous and next ones', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    mockFetch((url) => {
      if (url.includes('detailList'))
        return ok({ vo: article, last: null, next: { ...article, webTitle: 'next-one', title: '下一篇资讯' } })
      return ok([])
    })
    renderAt(<NewsDetailPage params={{ webTitle: article.webTitle }} />, `/news/${article.webTitle}`)
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '下一篇资讯' })).toBeInTheDocument()
  })
})
