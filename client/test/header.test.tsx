import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Header } from '../src/features/layout/components/header'
import { searchPath } from '../src/features/layout/components/menu'
import { configureApiClient } from '../src/lib/api-client'
import { modalStore, closeModal } from '../src/lib/modal-store'
import { clearSessionUser, sessionStore, setSessionUser } from '../src/lib/session'
import { mockFetch, renderAt } from './render'

const dict = (dictType: string) => {
  if (dictType.startsWith('reports_category'))
    return [{ dictLabel: dictType.endsWith('_en') ? 'Energy & Power' : '能源电力', dictValue: 'energy' }]
  if (dictType.startsWith('market_type')) return [{ dictLabel: '能源', dictValue: 'energy' }]
  return [{ dictLabel: '行业简报', dictValue: 'industry-brief' }]
}

beforeEach(() => {
  mockFetch((url, _init, body) => {
    if (url.includes('/dict/listData')) {
      return { body: { code: 200, msg: '', data: dict(String(body?.dictType)) } }
    }
    if (url.includes('/logout')) return { body: { code: 200, msg: '', data: null } }
    return { body: { code: 200, msg: '', data: [] } }
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  act(() => {
    clearSessionUser()
    closeModal()
  })
})

/** The menu's dictionaries have arrived (so no update lands after the test). */
const menuLoaded = () => waitFor(() => expect(screen.getAllByRole('link', { name: '能源电力' }).length).toBeGreaterThan(0))

describe('header', () => {
  it('shows the full Chinese menu with dictionary children and Login / Register', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    renderAt(<Header activeIndex={1} hideLanguageSwitch={false} />, '/report-industries')
    const nav = screen.getAllByRole('navigation', { name: '主导航' })[0]!
    for (const label of ['首页', '研究报告', '定制研究', '智库简报', '行业资讯', '关于我们', '联系我们']) {
      expect(within(nav).getByRole('link', { name: new RegExp(`^${label}`) })).toBeInTheDocument()
    }
    expect(within(nav).getByRole('link', { name: /^研究报告/ })).toHaveAttribute('aria-current', 'page')
    expect(await within(nav).findByRole('link', { name: '能源电力' })).toHaveAttribute('href', '/report-industries/energy')
    expect(within(nav).getByRole('link', { name: '企业资质' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: '登录' }).length).toBeGreaterThan(0)
    expect(screen.getAllByRole('link', { name: '切换到英文版' })[0]).toHaveAttribute('href', '/en')
  })

  it('hides bulletin, news and qualification entries and Login / Register in English', async () => {
    configureApiClient({ getLocale: () => 'en-US' })
    renderAt(<Header activeIndex={0} hideLanguageSwitch={false} />, '/en')
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!
    expect(within(nav).queryByRole('link', { name: /Think Tank/ })).toBeNull()
    expect(within(nav).queryByRole('link', { name: /Industry News/ })).toBeNull()
    expect(within(nav).queryByRole('link', { name: 'Enterprise Qualifications' })).toBeNull()
    expect(await within(nav).findByRole('link', { name: 'Energy & Power' })).toHaveAttribute('href', '/en/report-industries/energy')
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull()
    expect(screen.getAllByRole('link', { name: 'Switch to the Chinese edition' })[0]).toHaveAttribute('href', '/')
    const types = screen.getAllByLabelText('Search in')[0] as HTMLSelectElement
    expect([...types.options].map((o) => o.value)).toEqual(['reports', 'news'])
  })

  it('hides the language switch when asked', async () => {
    renderAt(<Header activeIndex={3} hideLanguageSwitch />, '/bulletin')
    await menuLoaded()
    expect(screen.queryByRole('link', { name: '切换到英文版' })).toBeNull()
  })

  it('opens the login modal', async () => {
    const user = userEvent.setup()
    renderAt(<Header activeIndex={0} hideLanguageSwitch={false} />)
    await menuLoaded()
    await user.click(screen.getAllByRole('button', { name: '登录' })[0]!)
    expect(modalStore.get()).toEqual({ mode: 'login' })
  })

  it('links the user name to my info and logs out only after confirmation', async () => {
    configureApiClient({ getLocale: () => 'zh-CN' })
    act(() => setSessionUser({ id: '3', name: '王芳' }))
    const user = userEvent.setup()
    const { history } = renderAt(<Header activeIndex={0} hideLanguageSwitch={false} />, '/report-industries')
    await menuLoaded()
    expect(screen.getAllByRole('link', { name: /王芳/ })[0]).toHaveAttribute('href', '/personalCenter/myInfo')
    await user.click(screen.getAllByRole('button', { name: '退出' })[0]!)
    // The dialog loads on the first ask (lazy), a moment later.
    const dialog = await screen.findByRole('alertdialog', { name: '退出登录' })
    await user.keyboard('{Escape}')
    expect(dialog).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: '退出' }))
    await waitFor(() => expect(sessionStore.get()).toBeNull())
    expect(history.at(-1)).toBe('/')
  })

  it('searches the chosen type, defaulting to the first', async () => {
    const user = userEvent.setup()
    const { history } = renderAt(<Header activeIndex={0} hideLanguageSwitch={false} />)
    await menuLoaded()
    const input = screen.getAllByRole('searchbox', { name: '关键词' })[0]!
    await user.type(input, '锂电{Enter}')
    expect(history.at(-1)).toBe('/report-industries/all/%E9%94%82%E7%94%B5')
    await user.selectOptions(screen.getAllByLabelText('搜索范围')[0]!, 'bulletin')
    await user.click(screen.getAllByRole('button', { name: '搜索' })[0]!)
    expect(history.at(-1)).toBe('/bulletin/bulletin-think-tank/all/all/%E9%94%82%E7%94%B5')
  })

  it('searches what the form holds, typed before the page hydrated too, and submits to /search without script', async () => {
    const { history } = renderAt(<Header activeIndex={0} hideLanguageSwitch={false} />)
    await menuLoaded()
    const form = screen.getAllByRole<HTMLFormElement>('search')[0]!
    // What a plain GET submits before hydration: the BFF's redirect reads these names.
    expect(form.getAttribute('action')).toBe('/search')
    expect(form.getAttribute('method')).toBe('get')
    // Typed into the server's markup, not through React's events.
    within(form).getByRole<HTMLInputElement>('searchbox', { name: '关键词' }).value = '储能'
    within(form).getByLabelText<HTMLSelectElement>('搜索范围').value = 'news'
    expect([...new FormData(form).keys()]).toEqual(['type', 'keyword'])
    act(() => form.requestSubmit())
    expect(history.at(-1)).toBe('/news-categories/all/all/%E5%82%A8%E8%83%BD')
  })
})

describe('search paths', () => {
  it('falls back to reports and never offers bulletins in English', () => {
    expect(searchPath(undefined, ' ai ', 'zh-CN')).toBe('/report-industries/all/ai')
    expect(searchPath('news', 'ai', 'zh-CN')).toBe('/news-categories/all/all/ai')
    expect(searchPath('bulletin', 'ai', 'en-US')).toBe('/report-industries/all/ai')
    expect(searchPath('news', '', 'en-US')).toBe('/news-categories')
  })
})
