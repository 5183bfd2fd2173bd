import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import MyInfoPage from '../src/features/auth/components/my-info-page'
import { configureApiClient } from '../src/lib/api-client'
import { clearSessionUser, setSessionUser } from '../src/lib/session'
import { mockFetch, renderAt } from './render'

// Text a visitor typed (a profile, a custom request) is rendered as text:
// React escapes it, and nothing the server returns in a text field can become
// an element or run. (Rich text is sanitized by the core API; see SECURITY.md.)
const HOSTILE = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'

afterEach(() => {
  vi.unstubAllGlobals()
  act(() => clearSessionUser())
})

describe('stored text in the page', () => {
  it('shows a hostile profile as literal text and runs none of it', async () => {
    configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
    act(() => setSessionUser({ id: '1', name: HOSTILE }))
    mockFetch(() => ({
      body: {
        code: 200,
        msg: '',
        data: {
          id: '1',
          loginCode: 'buyer01',
          name: HOSTILE,
          companyName: HOSTILE,
          addr: '',
          email: 'buyer@example.com',
          contact: '13912345678',
          lang: 'en-US',
          createDate: '',
        },
      },
    }))
    const { container } = renderAt(<MyInfoPage />, '/en/personalCenter/myInfo')
    expect((await screen.findAllByText(HOSTILE)).length).toBeGreaterThan(0)
    expect(container.querySelector('img[src="x"]')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined()
  })
})
