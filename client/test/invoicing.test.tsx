import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import InvoiceTitlesPage from '../src/features/invoicing/components/invoice-titles-page'
import { validateTitle, EMPTY_TITLE } from '../src/features/invoicing/components/title-rules'
import { OrderDocuments } from '../src/features/orders/components/order-documents'
import { configureApiClient } from '../src/lib/api-client'
import { clearSessionUser, setSessionUser } from '../src/lib/session'
import { mockFetch, renderAt } from './render'

// The invoice titles' book and the order page's invoice section, on a mocked API.

beforeEach(() => {
  configureApiClient({ getLocale: () => 'zh-CN', notify: () => {} })
  act(() => setSessionUser({ id: '1', name: '李' }))
})
afterEach(() => {
  vi.unstubAllGlobals()
  act(() => clearSessionUser())
})

describe('the title rules', () => {
  it('checks the 统一社会信用代码 as the server does, and the 专票 fields together', () => {
    const company = { ...EMPTY_TITLE, name: '示例科技有限公司' }
    expect(validateTitle('zh-CN', { ...company, taxNo: '914403001922038216' })).toEqual({})
    expect(validateTitle('zh-CN', { ...company, taxNo: '914403001922038217' })).toEqual({ taxNo: 'invoices.error.uscc.check-digit' })
    expect(validateTitle('zh-CN', { ...company, taxNo: '' })).toEqual({ taxNo: 'invoices.error.uscc.missing' })
    expect(validateTitle('zh-CN', { ...company, taxNo: '914403001922038216', bank: '招商银行' })).toMatchObject({
      address: 'invoices.error.special',
      account: 'invoices.error.special',
    })
    expect(validateTitle('zh-CN', { ...EMPTY_TITLE, kind: 'personal', name: '张三' })).toEqual({})
    expect(validateTitle('en-US', { ...company, name: 'Acme Ltd' })).toEqual({ address: 'invoices.error.address' })
  })
})

describe('the titles page', () => {
  it('refuses a wrong check digit beside the field, then saves the title', async () => {
    const { calls } = mockFetch((url, _init, body) => {
      if (url.endsWith('/invoiceTitle/save'))
        return { body: { code: 200, msg: '', data: { id: '9', lang: 'zh-CN', special: false, updatedAt: '', ...body } } }
      return { body: { code: 200, msg: '', data: [] } }
    })
    const user = userEvent.setup()
    renderAt(<InvoiceTitlesPage />, '/personalCenter/invoiceTitles')
    expect(await screen.findByText('还没有发票抬头')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '新增抬头' }))
    await user.type(screen.getByLabelText(/单位名称/), '示例科技有限公司')
    await user.type(screen.getByLabelText(/统一社会信用代码/), '914403001922038217')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('统一社会信用代码校验位不正确，请核对')).toBeInTheDocument()
    expect(calls.some((call) => call.url.endsWith('/invoiceTitle/save'))).toBe(false)
    await user.clear(screen.getByLabelText(/统一社会信用代码/))
    await user.type(screen.getByLabelText(/统一社会信用代码/), '914403001922038216')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/invoiceTitle/save'))?.body).toMatchObject({
        kind: 'company',
        name: '示例科技有限公司',
        taxNo: '914403001922038216',
      }),
    )
  })
})

describe("the order page's invoice", () => {
  it('offers the request form with the buyer’s titles, then shows the issued invoice with its download', async () => {
    let invoice: Record<string, unknown> | null = null
    const { calls } = mockFetch((url) => {
      if (url.endsWith('/invoiceTitle/list'))
        return {
          body: {
            code: 200,
            msg: '',
            data: [
              {
                id: '3',
                lang: 'zh-CN',
                kind: 'company',
                name: '示例科技有限公司',
                taxNo: '914403001922038216',
                special: false,
                updatedAt: '',
              },
            ],
          },
        }
      if (url.endsWith('/invoice/request')) {
        invoice = {
          status: 'issued',
          type: '82',
          title: '示例科技有限公司',
          number: '26110000000000000001',
          amount: 299,
          currency: 'CNY',
          issuedAt: '2026-12-02T02:00:00Z',
          downloadUrl: '/api/report/invoice/file?orderNo=ZY1',
        }
        return { body: { code: 200, msg: '', data: invoice } }
      }
      return { body: { code: 200, msg: '', data: { orderNo: 'ZY1', invoice, proforma: null, shipment: null } } }
    })
    const user = userEvent.setup()
    renderAt(<OrderDocuments orderNo="ZY1" paid />, '/personalCenter/order')
    const section = await screen.findByRole('region', { name: '发票' })
    await within(section).findByRole('option', { name: /示例科技有限公司/ })
    // A 专票 needs the bank details this title lacks.
    expect(within(section).getByRole('radio', { name: '数电专票' })).toBeDisabled()
    await user.click(within(section).getByRole('button', { name: '申请发票' }))
    expect(calls.find((call) => call.url.endsWith('/invoice/request'))?.body).toMatchObject({ orderNo: 'ZY1', titleId: '3', type: '82' })
    expect(await within(section).findByRole('link', { name: '下载发票' })).toHaveAttribute('href', '/api/report/invoice/file?orderNo=ZY1')
    expect(within(section).getByText('26110000000000000001')).toBeInTheDocument()
  })
})
