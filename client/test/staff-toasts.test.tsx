import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '../src/components/toaster'
import { showToast, toastStore } from '../src/lib/toast'
import { renderAt } from './render'
import { Console, desk, inEnglish, ok, SLOW } from './staff-desk'

// A save's toast says what was just done on that screen: it goes after a few
// seconds, and at once when the reader moves to another screen (a link,
// the nav, Back), so it never sits over a later one.

inEnglish()
afterEach(() => {
  act(() => toastStore.set([]))
})

const config = [{ key: 'cn.contact.phone', name: 'Phone', value: '400-800-0000', kind: 'text', version: 1 }]

describe("the console's toasts", () => {
  it('go after a few seconds', () => {
    vi.useFakeTimers()
    try {
      renderAt(<Toaster />, '/en/staff')
      act(() => showToast('Saved.', 'success'))
      expect(screen.getByRole('status')).toHaveTextContent('Saved.')
      act(() => {
        vi.advanceTimersByTime(5000)
      })
      expect(screen.queryByRole('status')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('go when the reader moves to another screen, by a link or Back', SLOW, async () => {
    desk(
      (url) =>
        url.startsWith('/staff-api/reports')
          ? ok({ list: [], count: 0, pageNo: 1, pageSize: 20 })
          : url.startsWith('/staff-api/config')
            ? ok(config)
            : undefined,
      'editor',
    )
    const user = userEvent.setup()
    renderAt(
      <>
        <Console />
        <Toaster />
      </>,
      '/en/staff/reports',
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument()
    act(() => showToast('Saved.', 'success', 60_000))
    expect(screen.getByText('Saved.')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Settings' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    expect(screen.queryByText('Saved.')).toBeNull()

    act(() => showToast('Saved.', 'success', 60_000))
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await waitFor(() => expect(screen.queryByText('Saved.')).toBeNull())
  })
})
