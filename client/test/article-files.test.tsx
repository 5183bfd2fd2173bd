import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLocation } from 'wouter'
import { resolveRoute } from '../src/app/routes'
import { ArticleCover, articleCoverUrl } from '../src/components/article-cover'
import { DictIcon } from '../src/components/dict-icon'
import BulletinDetailPage from '../src/features/bulletins/components/bulletin-detail-page'
import NewsDetailPage from '../src/features/news/components/news-detail-page'
import ReportListPage from '../src/features/reports/components/report-list-page'
import StaffPage from '../src/features/staff/shell/staff-page'
import { configureApiClient } from '../src/lib/api-client'
import { staffBulletin } from './factories'
import { mockFetch, renderAt } from './render'

// What an article carries besides its text, from the editor to the reader:
// the article editor's cover image and bulletin file, the covers and renamed
// slugs on the public pages, and the dictionary's icons.

afterEach(() => vi.unstubAllGlobals())

const SLOW = { timeout: 30_000 }
const ok = (data: unknown) => ({ body: { code: 200, msg: 'success', data } })
const SHA = 'a'.repeat(64)

/** XMLHttpRequest as the console's uploads use it: records each PUT and answers it with `answer`. */
function fakeUploads(answer: (url: string) => unknown) {
  const sent: Array<{ method: string; url: string; body: unknown }> = []
  class FakeXhr {
    status = 0
    responseText = ''
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    private method = ''
    private url = ''
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader() {}
    addEventListener(name: string, listener: () => void) {
      if (name === 'load') this.onload = listener
    }
    abort() {}
    getResponseHeader() {
      return 'application/json'
    }
    send(body: unknown) {
      sent.push({ method: this.method, url: this.url, body })
      setTimeout(() => {
        this.status = 200
        this.responseText = JSON.stringify({ code: 200, msg: 'success', data: answer(this.url) })
        this.onload?.()
      })
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return sent
}

function Console() {
  const [location] = useLocation()
  return <StaffPage params={resolveRoute(location).params} />
}

const bulletin = (version: number, extra: Record<string, unknown> = {}) => staffBulletin(version, 'draft', null, extra)
const cover = { filePath: 'media/images/', fileName: `${SHA}.png`, url: `/api/media/images/${SHA}.png` }
const storedFile = { name: 'brief.pdf', size: 2048, sha256: 'b'.repeat(64), type: 'application/pdf', uploadedAt: '2026-11-21T08:00:00Z' }
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams)

describe('the article editor: cover image and file', () => {
  beforeEach(() => configureApiClient({ getLocale: () => 'en-US', notify: () => {} }))

  it('uploads, shows and removes a bulletin’s cover, and uploads its file with the version it read', SLOW, async () => {
    let stored = bulletin(1)
    const { calls } = mockFetch((url, init) => {
      if (url.startsWith('/api/')) return ok([{ dictValue: 'industry-brief', dictLabel: 'Industry brief' }])
      if (url.startsWith('/staff-api/me')) return ok({ name: 'mei', role: 'editor' })
      if (url.startsWith('/staff-api/bulletins/42/cover') && init?.method === 'DELETE') {
        stored = bulletin(stored.version + 1)
        return ok(stored)
      }
      if (url.startsWith('/staff-api/bulletins/42?')) return ok(stored)
      return undefined
    })
    const sent = fakeUploads((url) => {
      if (url.includes('/cover')) stored = bulletin(stored.version + 1, { cover })
      else stored = bulletin(stored.version + 1, { cover: stored.cover, file: storedFile })
      return url.includes('/cover') ? stored : storedFile
    })
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/bulletins/42')
    const files = await screen.findByRole('group', { name: 'Cover image and file' })
    expect(within(files).getByText('No cover image: the public pages show the category’s picture.')).toBeInTheDocument()
    expect(within(files).getByText('No file yet.')).toBeInTheDocument()

    await user.upload(within(files).getByLabelText('Cover image'), new File(['png'], 'cover.png', { type: 'image/png' }))
    const preview = await within(files).findByRole('img', { name: 'The cover image as the public pages show it' })
    expect(preview).toHaveAttribute('src', `/api/media/images/${SHA}.png`)
    expect(sent[0]).toMatchObject({ method: 'PUT' })
    expect(sent[0]!.url.split('?')[0]).toBe('/staff-api/bulletins/42/cover')
    expect(query(sent[0]!.url)).toEqual({ version: '1', name: 'cover.png', lang: 'en-US' })
    expect(await screen.findByText(/Version 2/)).toBeInTheDocument()

    await user.upload(within(files).getByLabelText('File (buyers download)'), new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }))
    expect(await within(files).findByText('brief.pdf')).toBeInTheDocument()
    expect(sent[1]!.url.split('?')[0]).toBe('/staff-api/bulletins/42/file')
    expect(query(sent[1]!.url)).toMatchObject({ version: '2', name: 'brief.pdf' })
    expect(await screen.findByText(/Version 3/)).toBeInTheDocument()

    await user.click(within(files).getByRole('button', { name: 'Remove the cover image' }))
    expect(await within(files).findByText('No cover image: the public pages show the category’s picture.')).toBeInTheDocument()
    const removal = calls.find((c) => c.init?.method === 'DELETE')!
    expect(removal.url.split('?')[0]).toBe('/staff-api/bulletins/42/cover')
    expect(query(removal.url)).toMatchObject({ version: '3' })
  })

  it('offers a news article its cover only, and says to save a new article first', SLOW, async () => {
    const news = { ...bulletin(4), cover, marketCategory: 'policy', keyword: '' }
    mockFetch((url) => {
      if (url.startsWith('/api/')) return ok([])
      if (url.startsWith('/staff-api/me')) return ok({ name: 'mei', role: 'editor' })
      if (url.startsWith('/staff-api/news/42?')) return ok(news)
      return undefined
    })
    const view = renderAt(<Console />, '/en/staff/news/42')
    const files = await screen.findByRole('group', { name: 'Cover image' })
    expect(within(files).getByRole('img')).toHaveAttribute('src', cover.url)
    expect(within(files).queryByLabelText('File (buyers download)')).not.toBeInTheDocument()
    view.navigate('/en/staff/news/new')
    expect(await screen.findByText('Save the article once to add its cover image and file.')).toBeInTheDocument()
  })
})

describe('the public pages', () => {
  it('show an uploaded cover, and nothing for any other filePath/fileName', () => {
    expect(articleCoverUrl('media/images/', `${SHA}.webp`)).toBe(`/api/media/images/${SHA}.webp`)
    for (const [path, name] of [
      [null, null],
      ['2019/05/', 'photo.jpg'],
      ['media/images/', '../secret.png'],
      ['media/images/', `${SHA}.svg`],
      ['https://evil.test/', `${SHA}.png`],
    ])
      expect(articleCoverUrl(path, name)).toBeUndefined()
    const { container } = render(<ArticleCover filePath="javascript:" fileName="alert(1)" />)
    expect(container).toBeEmptyDOMElement()
  })

  it('follow a renamed bulletin’s and news article’s new slug, the query kept', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    const missing = { status: 404, body: { code: 100005, msg: '为空', data: null } }
    const { calls } = mockFetch((url) => {
      if (url.startsWith('/bff/pages/bulletin?')) return { body: { code: 100005, msg: '为空', data: { movedTo: 'hydrogen-2027' } } }
      if (url.startsWith('/bff/pages/article?')) return { body: { code: 100005, msg: '为空', data: { movedTo: 'ethylene-weekly-2' } } }
      if (url.includes('/researchBriefReport/form') || url.includes('/marketInfo/detailList')) return missing
      return ok([])
    })
    const bulletinPage = renderAt(
      <BulletinDetailPage params={{ webTitle: 'hydrogen-2026' }} />,
      '/bulletin/bulletin-detail/hydrogen-2026?ref=x',
    )
    await waitFor(() => expect(bulletinPage.history).toEqual(['/bulletin/bulletin-detail/hydrogen-2027?ref=x']))
    expect(screen.queryByText('未找到该简报。')).not.toBeInTheDocument()
    bulletinPage.unmount()
    const newsPage = renderAt(<NewsDetailPage params={{ webTitle: 'ethylene-weekly' }} />, '/news/ethylene-weekly')
    await waitFor(() => expect(newsPage.history).toEqual(['/news/ethylene-weekly-2']))
    const asked = calls.find((c) => c.url.startsWith('/bff/pages/article?'))!
    expect(query(asked.url)).toEqual({ webTitle: 'ethylene-weekly', lang: 'zh-CN' })
  })

  it('draw each category’s dictionary icon in the report list’s facet, and never markup from it', async () => {
    configureApiClient({ getLocale: () => 'en-US' })
    mockFetch((url, _init, body) => {
      if (body?.dictType === 'reports_category_en')
        return ok([
          { dictValue: 'automotive', dictLabel: 'Automotive', dictIcon: 'iconfont icon-qiche' },
          { dictValue: 'energy', dictLabel: 'Energy', dictIcon: '"><img src=x onerror=alert(1)>' },
          { dictValue: 'ict', dictLabel: 'ICT', dictIcon: 'iconfont icon-made-up-later' },
        ])
      return ok({
        categories: ['automotive', 'energy', 'ict'].map((value) => ({
          marketType: value,
          marketTypeName: value.toUpperCase(),
          marketCount: 2,
        })),
        prices: [],
        publishDates: [],
        pageList: { list: [], count: 0, pageNo: 1, pageSize: 10 },
      })
    })
    const { params } = resolveRoute('/en/report-industries', '')
    const { container } = renderAt(<ReportListPage params={params} />, '/en/report-industries')
    const automotive = await screen.findByRole('link', { name: /AUTOMOTIVE/ })
    await waitFor(() => expect(automotive.querySelector('svg')).toHaveAttribute('data-icon', 'icon-qiche'))
    expect(screen.getByRole('link', { name: /ICT/ }).querySelector('svg')).toHaveAttribute('data-icon', 'icon-made-up-later')
    expect(screen.getByRole('link', { name: /ENERGY/ }).querySelector('svg')).toBeNull()
    expect(container.querySelector('img')).toBeNull()
  })

  it('change the drawing with the entry’s icon name', () => {
    const { container, rerender } = render(<DictIcon icon="iconfont icon-qiche" />)
    const first = container.querySelector('path')!.getAttribute('d')
    rerender(<DictIcon icon="iconfont icon-yaopin" />)
    expect(container.querySelector('svg')).toHaveAttribute('data-icon', 'icon-yaopin')
    expect(container.querySelector('path')!.getAttribute('d')).not.toBe(first)
    rerender(<DictIcon icon={null} />)
    expect(container).toBeEmptyDOMElement()
  })
})
