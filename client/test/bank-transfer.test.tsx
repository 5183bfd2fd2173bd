import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TransferDetails } from '@rpt/contract'
import { ModalHost } from '../src/app/modal-host'
import { OrderTransfer } from '../src/features/orders/components/order-transfer'
import { configureApiClient } from '../src/lib/api-client'
import { closeModal, openModal } from '../src/lib/modal-store'
import { mockFetch, renderAt } from './render'

// The buyer's bank transfer: offered in the pay modal for a report's amount
// (not a bulletin's), its details after the choice (the reference with a copy
// button, the account, the deadline, the proforma), and the order page's view
// of getOrderDocuments' proforma, received or not.

const TRANSFER: TransferDetails = {
  reference: 'RPT7K3M9Q2X',
  amount: 12800,
  currency: 'CNY',
  deadline: '2026-12-09T02:00:00.000Z',
  account: { name: '北京恒智研究咨询有限公司', bank: '招商银行北京分行营业部', number: '1109 0123 4567 890' },
  downloadUrl: '/api/orders/proforma?orderNo=R20261202000001',
  received: false,
}

beforeEach(() => {
  configureApiClient({ getLocale: () => 'zh-CN', notify: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
  act(() => closeModal())
})

describe('pay modal', () => {
  const report = { kind: 'research' as const, orderId: '9', title: '储能电池市场报告', payPrice: 12800, currency: 'CNY' }

  it('offers bank transfer for a report, and shows the reference, account, deadline and proforma once chosen', async () => {
    const { calls } = mockFetch(() => ({
      body: {
        code: 200,
        msg: '',
        data: { payMethod: 'bank', orderPayUrl: TRANSFER.downloadUrl, id: '9', orderNo: 'R20261202000001', transfer: TRANSFER },
      },
    }))
    const open = vi.fn()
    vi.stubGlobal('open', open)
    const user = userEvent.setup()
    renderAt(<ModalHost />)
    act(() => openModal({ mode: 'pay', target: report }))
    await user.click(await screen.findByRole('radio', { name: /银行转账/ }))
    await user.click(screen.getByRole('button', { name: '立即支付' }))
    expect(await screen.findByRole('dialog', { name: '银行转账（对公）' })).toBeInTheDocument()
    expect(calls[0]?.body).toEqual({ id: '9', payMethod: 'bank', payPrice: 12800, lang: 'zh-CN' })
    expect(open).not.toHaveBeenCalled()
    expect(screen.getByTestId('transfer-reference')).toHaveTextContent('RPT7K3M9Q2X')
    expect(screen.getByText('1109 0123 4567 890')).toBeInTheDocument()
    expect(screen.getByText('￥12,800')).toBeInTheDocument()
    expect(screen.getByText(/2026年12月9日/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '下载形式发票（PDF）' })).toHaveAttribute('href', TRANSFER.downloadUrl)
    await user.click(screen.getByRole('button', { name: '复制' }))
    expect(await navigator.clipboard.readText()).toBe('RPT7K3M9Q2X')
    expect(await screen.findByRole('button', { name: '已复制' })).toBeInTheDocument()
  })

  it('does not offer bank transfer for a bulletin of a few hundred', async () => {
    renderAt(<ModalHost />)
    act(() =>
      openModal({ mode: 'pay', target: { kind: 'brief', researchBriefReportId: '5', title: '简报', payPrice: 199, currency: 'CNY' } }),
    )
    expect(await screen.findByRole('radio', { name: /支付宝/ })).toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: /银行转账/ })).not.toBeInTheDocument()
  })
})

describe('OrderTransfer', () => {
  it('renders the proforma field in English, and a received transfer as paid without its deadline', () => {
    const english = { ...TRANSFER, currency: 'USD' as const, amount: 1900, account: { ...TRANSFER.account, swift: 'CMBCCNBS' } }
    const first = renderAt(<OrderTransfer proforma={english} />, '/en/personalCenter/moreOrders')
    expect(screen.getByText('SWIFT/BIC').nextSibling).toHaveTextContent('CMBCCNBS')
    expect(screen.getByText('$1,900')).toBeInTheDocument()
    expect(screen.getByText(/Dec 9, 2026.*UTC/)).toBeInTheDocument()
    first.unmount()
    renderAt(<OrderTransfer proforma={{ ...english, received: true }} />, '/en/personalCenter/moreOrders')
    expect(screen.getByRole('status')).toHaveTextContent('The payment has arrived: the order is paid.')
    expect(screen.queryByText('Pay by')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument()
  })
})
