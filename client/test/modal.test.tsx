import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ModalHost } from '../src/app/modal-host'
import { ConfirmDialog } from '../src/components/confirm-dialog'
import { configureApiClient } from '../src/lib/api-client'
import { closeModal, modalStore, openModal } from '../src/lib/modal-store'
import { sessionStore } from '../src/lib/session'
import { mockFetch, renderAt } from './render'

beforeEach(() => {
  configureApiClient({ getLocale: () => 'zh-CN', notify: () => {} })
})
/** Modals load on first use (lazy chunks): open one and wait for it. */
async function openAndSettle(state: Parameters<typeof openModal>[0]) {
  act(() => openModal(state))
  await screen.findByRole('dialog')
}

afterEach(() => {
  act(() => closeModal())
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

describe('login / register modal', () => {
  it('shows every login error beside its field before sending anything', async () => {
    const { fn } = mockFetch(() => undefined)
    const user = userEvent.setup()
    renderAt(<ModalHost />, '/en')
    configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
    await openAndSettle({ mode: 'login' })
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByText('Verification code is required')).toBeInTheDocument()
    const username = screen.getByLabelText(/Username/)
    expect(username).toHaveAttribute('aria-invalid', 'true')
    expect(username.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(username.getAttribute('aria-describedby')!.split(' ')[0]!)).toHaveTextContent('Username is required')
    expect(username).toHaveFocus()
    expect(fn).not.toHaveBeenCalled()
  })

  it('switches login → register → login', async () => {
    const user = userEvent.setup()
    renderAt(<ModalHost />)
    await openAndSettle({ mode: 'login' })
    expect(screen.getByRole('dialog', { name: '登录' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '立即注册' }))
    expect(screen.getByRole('dialog', { name: '注册' })).toBeInTheDocument()
    expect(screen.getByLabelText(/确认密码/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '去登录' }))
    expect(screen.getByRole('dialog', { name: '登录' })).toBeInTheDocument()
  })

  it('logs in with encrypted credentials, stores only the user and closes', async () => {
    const { calls } = mockFetch((url) =>
      url.includes('/login') ? { body: { code: 200, msg: '', data: { user: { id: '9', name: '李伟' } } } } : undefined,
    )
    const user = userEvent.setup()
    renderAt(<ModalHost />)
    await openAndSettle({ mode: 'login' })
    await user.type(screen.getByLabelText(/用户名/), 'liwei')
    await user.type(screen.getByLabelText(/^密码/), 'secret')
    await user.type(screen.getByRole('textbox', { name: /验证码/ }), 'ab12')
    await user.click(screen.getByRole('button', { name: '登录' }))
    await waitFor(() => expect(modalStore.get()).toBeNull())
    const body = calls.find((c) => c.url.endsWith('/report/websiteUser/login'))?.body
    expect(body).toMatchObject({ validCode: 'ab12', lang: 'zh-CN' })
    expect(body?.loginCode).not.toBe('liwei')
    expect(body?.password).not.toBe('secret')
    expect(body?.unTime).toMatch(/^\d+$/)
    expect(sessionStore.get()).toMatchObject({ id: '9', name: '李伟' })
    expect(JSON.parse(localStorage.getItem('rpt.user')!)).toEqual({ id: '9', name: '李伟' })
  })

  it('clears the code and refreshes the captcha after a failed login', async () => {
    mockFetch(() => ({ body: { code: 100001, msg: '验证码错误', data: null } }))
    const user = userEvent.setup()
    renderAt(<ModalHost />)
    await openAndSettle({ mode: 'login' })
    const captcha = screen.getByAltText<HTMLImageElement>('验证码图片，点击刷新')
    const before = captcha.src
    await user.type(screen.getByLabelText(/用户名/), 'liwei')
    await user.type(screen.getByLabelText(/^密码/), 'secret')
    await user.type(screen.getByRole('textbox', { name: /验证码/ }), 'zz99')
    await new Promise((r) => setTimeout(r, 5))
    await user.click(screen.getByRole('button', { name: '登录' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: /验证码/ })).toHaveValue(''))
    expect(captcha.src).not.toBe(before)
    expect(captcha.src).toContain('/api/report/websiteUser/getValidCode?unTime=')
    expect(modalStore.get()).toEqual({ mode: 'login' })
  })

  it('refuses mismatched passwords when registering', async () => {
    const { fn } = mockFetch(() => undefined)
    const user = userEvent.setup()
    renderAt(<ModalHost />)
    await openAndSettle({ mode: 'register' })
    await user.type(screen.getByLabelText(/^密码/), 'secret1')
    await user.type(screen.getByLabelText(/确认密码/), 'secret2')
    await user.click(screen.getByRole('button', { name: '注册' }))
    expect(screen.getByText('两次输入的密码不一致')).toBeInTheDocument()
    expect(screen.getByText('请输入用户名')).toBeInTheDocument()
    expect(fn).not.toHaveBeenCalled()
  })

  it('traps focus inside and returns it to the opener on close', async () => {
    const user = userEvent.setup()
    renderAt(
      <>
        <button type="button" onClick={() => openModal({ mode: 'login' })}>
          open
        </button>
        <ModalHost />
      </>,
    )
    const opener = screen.getByRole('button', { name: 'open' })
    await user.click(opener)
    const dialog = await screen.findByRole('dialog')
    for (let i = 0; i < 12; i++) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opener).toHaveFocus()
  })
})

describe('forgot password', () => {
  it('goes from login to the e-mail form, then to the sent confirmation', async () => {
    let resolve: (() => void) | undefined
    const gate = new Promise<void>((r) => (resolve = r))
    const { calls } = mockFetch(() => ({ body: { code: 200, msg: '发送成功', data: null } }))
    const fetchFn = globalThis.fetch
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate
      return fetchFn(...args)
    })
    const user = userEvent.setup()
    renderAt(<ModalHost />)
    await openAndSettle({ mode: 'login' })
    await user.click(screen.getByRole('button', { name: '忘记密码？' }))
    expect(await screen.findByRole('dialog', { name: '忘记密码' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '发送' }))
    expect(screen.getByText('请输入邮箱地址')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/电子邮箱/), 'abc@example.com')
    await user.click(screen.getByRole('button', { name: '发送' }))
    expect(screen.getByRole('button', { name: '发送中…' })).toBeDisabled()
    resolve?.()
    await screen.findByRole('dialog', { name: '请查收邮件' })
    expect(calls[0]?.body).toMatchObject({ email: 'abc@example.com' })
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('reset password from the e-mail link', () => {
  it('opens the set-new-password mode from ?resetToken and ends in the success mode', async () => {
    window.history.replaceState(null, '', '/?resetToken=tok-123')
    const { calls } = mockFetch(() => ({ body: { code: 200, msg: '', data: null } }))
    const user = userEvent.setup()
    renderAt(<ModalHost />, '/en')
    configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
    expect(await screen.findByRole('dialog', { name: 'Set a new password' })).toBeInTheDocument()
    await user.type(screen.getByLabelText(/New password/), 'n3w-pass')
    await user.type(screen.getByLabelText(/Confirm password/), 'different')
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
    await user.clear(screen.getByLabelText(/Confirm password/))
    await user.type(screen.getByLabelText(/Confirm password/), 'n3w-pass')
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(await screen.findByRole('dialog', { name: 'Password changed' })).toBeInTheDocument()
    expect(calls[0]?.url).toBe('/api/report/websiteUser/resetPwd')
    expect(calls[0]?.body).toMatchObject({ resetToken: 'tok-123', lang: 'en-US' })
    expect(calls[0]?.body?.newPassword).not.toBe('n3w-pass')
    expect(window.location.search).toBe('')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeInTheDocument()
  })
})

describe('custom request modal', () => {
  it('asks for the version only for a sample request in Chinese and sends the report', async () => {
    const { calls } = mockFetch(() => ({ body: { code: 200, msg: '', data: { id: '1' } } }))
    const user = userEvent.setup()
    renderAt(<ModalHost />)
    await openAndSettle({ mode: 'custom', type: '1', reportId: '42', reportPrice: 8900, reportTitle: '报告A' })
    await user.click(screen.getByRole('button', { name: '提交' }))
    for (const text of ['请输入公司名称', '请输入邮箱地址', '请输入联系电话', '请输入联系人', '请简要描述您的需求', '请选择版本']) {
      expect(screen.getByText(text)).toBeInTheDocument()
    }
    await user.type(screen.getByLabelText(/公司名称/), '恒智')
    await user.type(screen.getByLabelText(/联系人/), '李伟')
    await user.type(screen.getByLabelText(/联系电话/), '010-12345678')
    await user.type(screen.getByLabelText(/电子邮箱/), 'abc@example.com')
    await user.type(screen.getByLabelText(/需求描述/), '需要样本')
    await user.click(screen.getByLabelText('全球及中国版'))
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(modalStore.get()).toBeNull())
    expect(calls[0]?.body).toEqual({
      type: '1',
      version: '1',
      companyName: '恒智',
      addr: '',
      email: 'abc@example.com',
      contact: '010-12345678',
      name: '李伟',
      demand: '需要样本',
      reportId: '42',
      reportPrice: 8900,
      lang: 'zh-CN',
    })
  })

  it('has no version choice in English', async () => {
    renderAt(<ModalHost />, '/en/reports/x')
    await openAndSettle({ mode: 'custom', type: '1', reportId: '42' })
    expect(screen.getByRole('dialog', { name: 'Request a sample' })).toBeInTheDocument()
    expect(screen.queryByText('Version')).toBeNull()
  })
})

describe('confirmation dialog', () => {
  it('is not closed by Esc or the mask', async () => {
    const onCancel = vi.fn()
    const user = userEvent.setup()
    renderAt(
      <ConfirmDialog title="退出登录" text="确定吗？" confirmLabel="退出" cancelLabel="取消" onConfirm={() => {}} onCancel={onCancel} />,
    )
    await user.keyboard('{Escape}')
    await user.click(screen.getByTestId('modal-mask'))
    expect(onCancel).not.toHaveBeenCalled()
    expect(screen.getByRole('alertdialog', { name: '退出登录' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '取消' }))
    expect(onCancel).toHaveBeenCalledOnce()
  })
})
