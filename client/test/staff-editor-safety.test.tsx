import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { staffReport, staffReportLanguage } from './factories'
import { renderAt } from './render'
import { Console, desk, inEnglish, ok, SLOW } from './staff-desk'

// The report editor's safety net: what is typed survives a reload, leaving
// asks first, and Ctrl/Cmd+S saves.

inEnglish()
afterEach(() => localStorage.clear())

const stored = (version: number, title: string) => staffReport({ version, editions: { 'en-US': staffReportLanguage({ title }) } })

function api() {
  let report = stored(3, 'EV batteries')
  return desk((url, init, body) => {
    if (url.startsWith('/staff-api/reports/R1?') && (init?.method ?? 'GET') === 'GET') return ok(report)
    if (url === '/staff-api/reports/R1' && init?.method === 'PUT') {
      const title = (body?.editions as Record<string, { title: string }>)['en-US']!.title
      report = stored(report.version + 1, title)
      return ok(report)
    }
    if (url.startsWith('/staff-api/reports?')) return ok({ list: [], count: 0, pageNo: 1, pageSize: 20 })
    return undefined
  }, 'editor')
}

async function openTitle(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: /English edition/ }))
  return within(screen.getByRole('tabpanel', { name: /English edition/ })).getByLabelText(/^Title/)
}

describe('staff editor safety net', () => {
  it('keeps what was typed in this browser, offers it after a reload, and saves it', SLOW, async () => {
    const { calls } = api()
    const user = userEvent.setup()
    const first = renderAt(<Console />, '/en/staff/reports/R1')
    const title = await openTitle(user)
    await user.clear(title)
    await user.type(title, 'EV batteries, typed before the crash')
    await waitFor(() => expect(JSON.stringify({ ...localStorage })).toContain('typed before the crash'), { timeout: 3000 })
    first.unmount()

    renderAt(<Console />, '/en/staff/reports/R1')
    await user.click(await screen.findByRole('button', { name: 'Restore them' }))
    expect(await openTitle(user)).toHaveValue('EV batteries, typed before the crash')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText(/Version 4/)
    const put = calls.find((c) => c.init?.method === 'PUT')
    expect(put?.body).toMatchObject({ version: 3, editions: { 'en-US': { title: 'EV batteries, typed before the crash' } } })
    // Saved: the browser no longer holds the draft.
    expect(JSON.stringify({ ...localStorage })).not.toContain('typed before the crash')
  })

  it('asks before leaving unsaved changes, and stays when told to', SLOW, async () => {
    api()
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/reports/R1')
    const title = await openTitle(user)
    await user.type(title, ' (changed)')
    await user.click(screen.getAllByRole('link', { name: 'Reports' })[0]!)
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?')
    expect(title).toHaveValue('EV batteries (changed)')
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(true)

    confirm.mockReturnValue(true)
    await user.click(screen.getAllByRole('link', { name: 'Reports' })[0]!)
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument()
    confirm.mockRestore()
  })

  it('saves on Ctrl+S, and then leaves without asking', SLOW, async () => {
    const { calls } = api()
    const confirm = vi.spyOn(window, 'confirm')
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/reports/R1')
    const title = await openTitle(user)
    await user.type(title, ' 2027')
    await user.keyboard('{Control>}s{/Control}')
    await screen.findByText(/Version 4/)
    expect(calls.filter((c) => c.init?.method === 'PUT')).toHaveLength(1)
    await user.click(screen.getAllByRole('link', { name: 'Reports' })[0]!)
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument()
    expect(confirm).not.toHaveBeenCalled()
    confirm.mockRestore()
  })
})
