import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from '../src/app/error-boundary'
import { AppRouter } from '../src/app/router'
import { configureApiClient } from '../src/lib/api-client'
import { mockFetch, renderAt } from './render'

afterEach(() => {
  vi.unstubAllGlobals()
})

function Boom(): never {
  throw new Error('render failure')
}

describe('app shell', () => {
  it('shows the 404 screen with the path, titled in the edition language', async () => {
    mockFetch(() => ({ body: { code: 200, msg: '', data: [] } }))
    configureApiClient({ getLocale: () => 'en-US' })
    renderAt(<AppRouter />, '/en/no-such-page')
    expect(await screen.findByText('Page not found: /en/no-such-page')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Page Not Found - Hengzhi Research'))
  })

  it('renders an about page from a legacy path with its Chinese title', async () => {
    mockFetch(() => ({ body: { code: 200, msg: '', data: [] } }))
    configureApiClient({ getLocale: () => 'zh-CN' })
    renderAt(<AppRouter />, '/aboutUs/orderingProcess')
    expect(await screen.findByRole('heading', { level: 1, name: '订购流程' })).toBeInTheDocument()
    expect(document.title).toBe('订购流程 - 恒智研究')
  })

  it('hides header and footer on the password page', async () => {
    mockFetch(() => ({ body: { code: 200, msg: '', data: [] } }))
    renderAt(<AppRouter />, '/personalCenter/updatePwd')
    expect(await screen.findByRole('heading', { level: 1, name: '修改密码' })).toBeInTheDocument()
    expect(screen.queryByRole('banner')).toBeNull()
    expect(screen.queryByRole('contentinfo')).toBeNull()
  })

  it('sends an application error home', () => {
    const onError = vi.fn()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    act(() => {
      renderAt(
        <ErrorBoundary onError={onError} resetKey="/x" fallbackText="failed" reloadLabel="reload">
          <Boom />
        </ErrorBoundary>,
      )
    })
    expect(onError).toHaveBeenCalled()
  })
})
