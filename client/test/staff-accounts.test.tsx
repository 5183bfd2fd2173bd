import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import type { StaffAccount } from '@rpt/contract'
import { renderAt } from './render'
import { AXE_RULES, Console, desk, inEnglish, ok, refuse, SLOW } from './staff-desk'

inEnglish()

const URI = 'otpauth://totp/RPT%20staff:chen?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=RPT%20staff'

const account = (name: string, change: Partial<StaffAccount> = {}): StaffAccount => ({
  name,
  role: 'editor',
  status: 'active',
  createdAt: '2026-11-01T02:00:00Z',
  lastSignInAt: '2026-11-20T02:00:00Z',
  activeSessions: 1,
  ...change,
})

/** The BFF as an admin named wang sees the staff accounts; `refusals` answers a call's path with a refusal. */
function accountsDesk(refusals: Record<string, ReturnType<typeof refuse>> = {}) {
  let list = [account('chen'), account('wang', { role: 'admin' })]
  const replace = (next: StaffAccount) => {
    list = list.some((item) => item.name === next.name) ? list.map((item) => (item.name === next.name ? next : item)) : [...list, next]
    return next
  }
  const found = (url: string) => list.find((item) => url.includes(`/accounts/${item.name}/`))!
  return desk((url, init, body) => {
    const path = url.split('?')[0]!
    if (refusals[path]) return refusals[path]
    const method = init?.method ?? 'GET'
    if (path === '/staff-api/accounts' && method === 'GET') return ok({ list })
    if (path === '/staff-api/accounts' && method === 'POST') {
      const added = replace(
        account(body!.name as string, { role: body!.role as StaffAccount['role'], lastSignInAt: null, activeSessions: 0 }),
      )
      return ok({ account: added, credentials: { password: 'Zq3-one-time-pass-24chars', otpauthUri: URI } })
    }
    if (path.endsWith('/disable'))
      return ok({ account: replace({ ...found(path), status: 'disabled', activeSessions: 0 }), sessionsEnded: 1 })
    if (path.endsWith('/enable')) return ok({ account: replace({ ...found(path), status: 'active' }) })
    if (path.endsWith('/reset')) {
      const replaced = body!.replace as string
      const credentials = replaced === 'secondFactor' ? { otpauthUri: URI } : { password: 'New-one-time-pass-24char' }
      return ok({ account: replace({ ...found(path), status: 'active', activeSessions: 0 }), credentials, sessionsEnded: 1 })
    }
    if (path.endsWith('/role')) return ok({ account: replace({ ...found(path), role: body!.role as StaffAccount['role'] }) })
    return undefined
  }, 'admin')
}

describe('staff accounts (admins)', () => {
  it('lists the accounts and adds one, showing its one-time password and authenticator secret once', SLOW, async () => {
    const { calls } = accountsDesk()
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/members')
    const table = await screen.findByRole('table', { name: 'Staff accounts by name' })
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page')
    const own = within(table).getByText('wang').closest('tr')!
    expect(within(own).getByText('you')).toBeInTheDocument()
    expect(within(own).getByRole('combobox', { name: 'Role of wang' })).toHaveValue('admin')

    await user.click(screen.getByRole('button', { name: 'Add a staff member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a staff member' })
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'li lei')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(within(dialog).getByText('Use 2–64 letters, digits, dots, dashes or underscores')).toBeInTheDocument()
    expect(calls.filter((c) => c.init?.method === 'POST')).toEqual([])

    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }))
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'li.lei')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'finance')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))

    const shown = await screen.findByRole('dialog', { name: 'Sign-in details for li.lei' })
    expect(calls.find((c) => c.init?.method === 'POST')?.body).toEqual({ name: 'li.lei', role: 'finance', lang: 'en-US' })
    expect(within(shown).getByText('Zq3-one-time-pass-24chars')).toBeInTheDocument()
    expect(within(shown).getByRole('img', { name: 'QR code of the authenticator secret for li.lei' })).toBeInTheDocument()
    expect(within(shown).getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument()
    expect((await axe.run(container.ownerDocument.body, AXE_RULES)).violations.map((v) => v.id)).toEqual([])
    await user.click(within(shown).getByRole('button', { name: 'Handed over' }))

    // Gone once handed over: nothing on the page, in the address or in the list keeps it.
    expect(screen.queryByText('Zq3-one-time-pass-24chars')).toBeNull()
    expect(within(table).getByText('li.lei')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('li.lei added')
  })

  it('disables, resets and changes a role, each once confirmed; a refusal is the server’s words', SLOW, async () => {
    const { calls } = accountsDesk({
      '/staff-api/accounts/wang/role': refuse(409, 300008, 'At least one active admin must remain: enable or add another admin first.'),
    })
    const user = userEvent.setup()
    renderAt(<Console />, '/en/staff/members')
    const table = await screen.findByRole('table', { name: 'Staff accounts by name' })
    const row = () => within(table).getByText('chen').closest('tr')!
    const writes = () =>
      calls.filter((c) => c.init?.method && c.init.method !== 'GET').map((c) => [c.init!.method, c.url.split('?')[0], c.body])

    await user.click(within(row()).getByRole('button', { name: 'Disable' }))
    const asked = await screen.findByRole('alertdialog', { name: 'Disable chen?' })
    expect(within(asked).getByText(/chen can no longer sign in/)).toBeInTheDocument()
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }))
    expect(writes()).toEqual([])
    await user.click(within(row()).getByRole('button', { name: 'Disable' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('chen disabled; 1 session ended'))
    expect(within(row()).getByText('Disabled')).toBeInTheDocument()
    expect(within(row()).getByRole('button', { name: 'Enable' })).toBeInTheDocument()

    await user.selectOptions(within(row()).getByRole('combobox', { name: 'Reset chen' }), 'secondFactor')
    const reset = await screen.findByRole('alertdialog', { name: 'Reset chen: New second factor?' })
    await user.click(within(reset).getByRole('button', { name: 'New second factor' }))
    const shown = await screen.findByRole('dialog', { name: 'Sign-in details for chen' })
    expect(within(shown).getByRole('img', { name: /QR code/ })).toBeInTheDocument()
    expect(within(shown).queryByText('One-time password')).toBeNull()
    await user.click(within(shown).getByRole('button', { name: 'Handed over' }))
    expect(within(row()).getByText('Active')).toBeInTheDocument()

    await user.selectOptions(within(row()).getByRole('combobox', { name: 'Role of chen' }), 'sales')
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Change the role of chen to Sales?' })).getByRole('button', { name: 'Sales' }),
    )
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('chen is now Sales'))
    expect(within(row()).getByRole('combobox', { name: 'Role of chen' })).toHaveValue('sales')

    // The last admin demoting themself: the dialog says it is their own account, the server refuses.
    const mine = within(table).getByText('wang').closest('tr')!
    await user.selectOptions(within(mine).getByRole('combobox', { name: 'Role of wang' }), 'editor')
    expect(within(await screen.findByRole('alertdialog')).getByText(/This is your own account/)).toBeInTheDocument()
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Editor' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('At least one active admin must remain')
    expect(within(mine).getByRole('combobox', { name: 'Role of wang' })).toHaveValue('admin')

    expect(writes()).toEqual([
      ['POST', '/staff-api/accounts/chen/disable', { lang: 'en-US' }],
      ['POST', '/staff-api/accounts/chen/reset', { replace: 'secondFactor', lang: 'en-US' }],
      ['PUT', '/staff-api/accounts/chen/role', { role: 'sales', lang: 'en-US' }],
      ['PUT', '/staff-api/accounts/wang/role', { role: 'editor', lang: 'en-US' }],
    ])
  })

  it('is not in the nav of other roles, and its address says they have no access to it', SLOW, async () => {
    const { calls } = desk(() => ok({ list: [], count: 0, pageNo: 1, pageSize: 20 }), 'editor')
    renderAt(<Console />, '/en/staff/members')
    expect(await screen.findByRole('heading', { level: 1, name: 'You don’t have access to this section' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Reports' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Staff' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Your account' })).toBeNull()
    expect(calls.some((c) => c.url.startsWith('/staff-api/accounts'))).toBe(false)
  })
})

describe('one’s own account', () => {
  it('opens from one’s name, and changes the password once the form’s checks pass', SLOW, async () => {
    let refused = true
    const { calls } = desk((url) => {
      if (!url.startsWith('/staff-api/me/password')) return undefined
      if (refused) {
        refused = false
        return refuse(400, 300009, 'The current password is not correct.')
      }
      return ok({ sessionsEnded: 2 })
    }, 'editor')
    const user = userEvent.setup()
    const view = renderAt(<Console />, '/en/staff/reports')
    await user.click(await screen.findByRole('link', { name: /wang/ }))
    expect(view.history.at(-1)).toBe('/en/staff/account')
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument()
    expect(screen.getByText('Signed in as wang (Editor).')).toBeInTheDocument()

    const form = screen.getByRole('form', { name: 'Change your password' })
    const current = within(form).getByLabelText(/Current password/)
    const next = within(form).getByLabelText(/^New password( \*)?$/)
    const again = within(form).getByLabelText(/New password again/)
    await user.type(next, 'short')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(within(form).getByText('Enter your current password')).toBeInTheDocument()
    expect(within(form).getByText('Use at least 12 characters')).toBeInTheDocument()
    await user.type(current, 'old password 1')
    await user.clear(next)
    await user.type(next, 'a new long passphrase')
    await user.type(again, 'a new long passphrase!')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(within(form).getByText('The two new passwords differ')).toBeInTheDocument()
    const posts = () => calls.filter((c) => c.url.startsWith('/staff-api/me/password'))
    expect(posts()).toEqual([])

    await user.clear(again)
    await user.type(again, 'a new long passphrase')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('The current password is not correct.')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByRole('status')).toHaveTextContent('Password changed. 2 other sessions ended.')
    expect(posts().map((c) => c.body)).toEqual([
      { currentPassword: 'old password 1', newPassword: 'a new long passphrase', lang: 'en-US' },
      { currentPassword: 'old password 1', newPassword: 'a new long passphrase', lang: 'en-US' },
    ])
    expect(current).toHaveValue('')
  })

  it('shows a new authenticator once, and replaces the old only when its code and the password confirm it', SLOW, async () => {
    let confirmations = 0
    const { calls } = desk((url) => {
      if (url.startsWith('/staff-api/me/second-factor/confirm')) {
        confirmations += 1
        return confirmations === 1
          ? refuse(400, 300012, 'This second-factor setup has expired or is not valid. Start again.')
          : ok({ sessionsEnded: 0 })
      }
      if (url.startsWith('/staff-api/me/second-factor'))
        return ok({ enrollment: `v1.sealed-${confirmations}`, otpauthUri: URI, expiresAt: '2026-11-20T02:10:00Z' })
      return undefined
    }, 'sales')
    const user = userEvent.setup()
    const { container } = renderAt(<Console />, '/en/staff/account')
    const form = await screen.findByRole('form', { name: 'Change your second factor' })
    await user.click(within(form).getByRole('button', { name: 'Set up a new authenticator' }))
    expect(await within(form).findByRole('img', { name: 'QR code of your new authenticator secret' })).toBeInTheDocument()
    expect(within(form).getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument()
    expect((await axe.run(container, AXE_RULES)).violations.map((v) => v.id)).toEqual([])

    await user.click(within(form).getByRole('button', { name: 'Confirm the new authenticator' }))
    expect(within(form).getByText('Enter the 6 digits the new authenticator shows')).toBeInTheDocument()
    const fill = async () => {
      await user.type(within(form).getByLabelText(/Code from the new authenticator/), '12a3456')
      await user.type(within(form).getByLabelText(/Current password/), 'my password')
      await user.click(within(form).getByRole('button', { name: 'Confirm the new authenticator' }))
    }
    await fill()
    // Expired: the secret shown is dropped, and the member starts again.
    expect(await within(form).findByRole('alert')).toHaveTextContent('has expired or is not valid')
    expect(within(form).queryByRole('img')).toBeNull()
    await user.click(within(form).getByRole('button', { name: 'Set up a new authenticator' }))
    await within(form).findByRole('img')
    await user.clear(within(form).getByLabelText(/Current password/))
    await fill()
    expect(await within(form).findByRole('status')).toHaveTextContent('Second factor replaced')
    expect(within(form).queryByRole('img')).toBeNull()
    expect(calls.filter((c) => c.url.startsWith('/staff-api/me/second-factor/confirm')).map((c) => c.body)).toEqual([
      { currentPassword: 'my password', enrollment: 'v1.sealed-0', totp: '123456', lang: 'en-US' },
      { currentPassword: 'my password', enrollment: 'v1.sealed-1', totp: '123456', lang: 'en-US' },
    ])
  })

  it('speaks Chinese in the Chinese console', SLOW, async () => {
    desk(() => undefined, 'admin')
    renderAt(<Console />, '/staff/account')
    expect(await screen.findByRole('heading', { level: 1, name: '我的账号' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '员工' })).toHaveAttribute('href', '/staff/members')
    expect(screen.getByRole('button', { name: '设置新的验证器' })).toBeInTheDocument()
  })
})
