import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiGet, apiPost, configureApiClient } from '../src/lib/api-client'
import { sessionStore, setSessionUser } from '../src/lib/session'
import { mockFetch } from './render'

describe('api client', () => {
  const notify = vi.fn()
  const onSessionExpired = vi.fn()

  beforeEach(() => {
    notify.mockReset()
    onSessionExpired.mockReset()
    configureApiClient({ getLocale: () => 'en-US', notify, onSessionExpired })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sends lang, the XHR header and same-origin credentials, and unwraps data', async () => {
    const { calls } = mockFetch(() => ({ body: { code: 200, msg: 'success', data: { list: [1] } } }))
    await expect(apiPost('/report/researchReport/pageList', { pageNo: 1 })).resolves.toEqual({ list: [1] })
    await apiGet('/basedata/carousel/listData', { limit: 3 })
    const [post, get] = calls
    expect(post?.url).toBe('/api/report/researchReport/pageList')
    expect(post?.body).toEqual({ pageNo: 1, lang: 'en-US' })
    expect((post?.init?.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest')
    expect(post?.init?.credentials).toBe('same-origin')
    expect(get?.url).toBe('/api/basedata/carousel/listData?limit=3&lang=en-US')
    expect(get?.init?.method).toBe('GET')
  })

  it('treats an empty code as success', async () => {
    mockFetch(() => ({ body: { code: '', msg: '', data: 'x' } }))
    await expect(apiGet('/x')).resolves.toBe('x')
  })

  it.each([-400, 5001])('code %i: login expired, user cleared, go home', async (code) => {
    setSessionUser({ id: 7, name: 'Li' })
    mockFetch(() => ({ status: 401, body: { code, msg: 'whatever', data: null } }))
    const error = await apiGet('/report/websiteUser/getUserInfo').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('Your login has expired. Please log in again.')
    expect(notify).toHaveBeenCalledWith('Your login has expired. Please log in again.')
    expect(sessionStore.get()).toBeNull()
    expect(localStorage.getItem('rpt.user')).toBeNull()
    expect(onSessionExpired).toHaveBeenCalledOnce()
  })

  it.each([500, 5002])('code %i shows the server msg, else a server-error message', async (code) => {
    mockFetch(() => ({ status: 500, body: { code, msg: 'Database unavailable', data: null } }))
    await expect(apiGet('/x')).rejects.toThrow('Database unavailable')
    mockFetch(() => ({ status: 500, body: { code, msg: '', data: null } }))
    await expect(apiGet('/x')).rejects.toThrow('Server error. Please try again later.')
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('uses the local message of a catalogued code over the server msg', async () => {
    mockFetch(() => ({ status: 401, body: { code: 200001, msg: 'server text', data: null } }))
    await expect(apiPost('/report/websiteUserOrder/orderList')).rejects.toThrow('User not logged in')
    expect(notify).toHaveBeenCalledWith('User not logged in')
  })

  it('speaks Chinese in the Chinese edition', async () => {
    configureApiClient({ getLocale: () => 'zh-CN', notify, onSessionExpired })
    mockFetch(() => ({ body: { code: 100005, msg: 'x', data: null } }))
    await expect(apiGet('/report/researchReport/form')).rejects.toThrow('研究报告为空')
    mockFetch(() => ({ body: { code: 900001, msg: 'x', data: null } }))
    await expect(apiGet('/x')).rejects.toThrow('系统异常，请稍后再试')
  })

  it('falls back to the server msg for codes it does not know', async () => {
    mockFetch(() => ({ status: 400, body: { code: 100001, msg: 'Please enter the company name', data: null } }))
    const error = (await apiPost('/basedata/customerInfo/save', {}).catch((e: unknown) => e)) as ApiError
    expect(error.code).toBe(100001)
    expect(error.message).toBe('Please enter the company name')
  })

  it('reads rate-limit answers as envelopes', async () => {
    mockFetch(() => ({ status: 429, body: { code: 429, msg: 'Too many requests. Please try again later.', data: null } }))
    await expect(apiPost('/report/websiteUser/login', {})).rejects.toMatchObject({
      code: 429,
      status: 429,
      message: 'Too many requests. Please try again later.',
    })
  })

  it('reports a network failure in the interface language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(apiGet('/x')).rejects.toThrow('The network is unavailable')
  })

  it('does not notify for silent requests', async () => {
    mockFetch(() => ({ body: { code: 100005, msg: 'x', data: null } }))
    await expect(apiGet('/x', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError)
    expect(notify).not.toHaveBeenCalled()
  })
})

describe('session expiry', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('announces an expired session and goes home even for a silent request', async () => {
    const notify = vi.fn()
    const onSessionExpired = vi.fn()
    configureApiClient({ getLocale: () => 'en-US', notify, onSessionExpired })
    setSessionUser({ id: 1, name: 'x' })
    mockFetch(() => ({ status: 401, body: { code: 5001, msg: '', data: null } }))
    await expect(apiGet('/report/websiteUserOrder/orderList', undefined, { silent: true })).rejects.toMatchObject({ code: 5001 })
    expect(sessionStore.get()).toBeNull()
    expect(notify).toHaveBeenCalledWith('Your login has expired. Please log in again.')
    expect(onSessionExpired).toHaveBeenCalledOnce()
  })
})

describe('background session check', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('clears an expired session quietly, without leaving the page', async () => {
    const notify = vi.fn()
    const onSessionExpired = vi.fn()
    configureApiClient({ getLocale: () => 'zh-CN', notify, onSessionExpired })
    setSessionUser({ id: 1, name: 'x' })
    mockFetch(() => ({ status: 401, body: { code: 5001, msg: '', data: null } }))
    await expect(apiGet('/report/websiteUser/getUserInfo', undefined, { silent: true, background: true })).rejects.toBeInstanceOf(ApiError)
    expect(sessionStore.get()).toBeNull()
    expect(notify).not.toHaveBeenCalled()
    expect(onSessionExpired).not.toHaveBeenCalled()
  })
})
