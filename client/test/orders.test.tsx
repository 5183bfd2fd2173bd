import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ModalHost } from '../src/app/modal-host'
import { resolveRoute } from '../src/app/routes'
import OrdersPage from '../src/features/orders/components/orders-page'
import { configureApiClient } from '../src/lib/api-client'
import { fileNameOf } from '../src/lib/api-download'
import { isIOS, payMethodFor } from '../src/lib/device'
import { closeModal, modalStore, openModal } from '../src/lib/modal-store'
import { clearSessionUser, setSessionUser } from '../src/lib/session'
import { mockFetch, renderAt } from './render'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36'

beforeEach(() => {
  configureApiClient({ getLocale: () => 'zh-CN', notify: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
  act(() => {
    closeModal()
    clearSessionUser()
  })
})

describe('payment methods', () => {
  it('uses the h5 variants on mobile user agents', () => {
    expect(payMethodFor('alipay', DESKTOP)).toBe('zfb')
    expect(payMethodFor('wechat', DESKTOP)).toBe('wx')
    expect(payMethodFor('alipay', IPHONE)).toBe('zfb_h5')
    expect(payMethodFor('wechat', IPHONE)).toBe('wx_h5')
    expect(isIOS(IPHONE)).toBe(true)
    expect(isIOS(DESKTOP)).toBe(false)
  })

  it('reads the UTF-8 file name of a download', () => {
    expect(fileNameOf(`attachment; filename="report.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`)).toBe('报告.pdf')
    expect(fileNameOf('attachment; filename="brief.pdf"')).toBe('brief.pdf')
    expect(fileNameOf(null)).toBeNull()
  })
})

describe('pay modal', () => {
  const target = { kind: 'brief' as const, researchBriefReportId: '5', title: '氢能行业简报', payPrice: 199, currency: 'CNY' }

  it('pays a bulletin with WeChat and shows the QR dialog', async () => {
    const { calls } = mockFetch(() => ({
      body: { code: 200, msg: '', data: { payMethod: 'wx', orderPayUrl: 'weixin://wxpay/bizpayurl?pr=abc', id: '1', orderNo: 'B1' } },
    }))
    const user = userEvent.setup()
    renderAt(<ModalHost />)
    act(() => openModal({ mode: 'pay', target }))
    expect(await screen.findByRole('dialog', { name: '选择支付方式' })).toBeInTheDocument()
    expect(screen.getByText('￥199')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /微信支付/ }))
    await user.click(screen.getByRole('button', { name: '立即支付' }))
    expect(await screen.findByRole('dialog', { name: '微信支付' })).toBeInTheDocument()
    expect(screen.getByText('请使用微信扫一扫完成支付')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: '支付二维码' })).toBeInTheDocument()
    expect(calls[0]?.url).toBe('/api/report/websiteUserOrder/payOrder')
    expect(calls[0]?.body).toEqual({ researchBriefReportId: '5', payMethod: 'wx', payPrice: 199, lang: 'zh-CN' })
  })

  it('opens the Alipay cashier in a new window on desktop', async () => {
    mockFetch(() => ({
      body: { code: 200, msg: '', data: { payMethod: 'zfb', orderPayUrl: 'https://pay.example/cashier', id: '1', orderNo: 'B1' } },
    }))
    const open = vi.fn()
    vi.stubGlobal('open', open)
    const user = userEvent.setup()
    renderAt(<ModalHost />)
    act(() => openModal({ mode: 'pay', target: { ...target, kind: 'research', orderId: '9', researchBriefReportId: undefined } }))
    await user.click(await screen.findByRole('button', { name: '立即支付' }))
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pay.example/cashier', '_blank', 'noopener'))
    expect(screen.getByText('支付页面已打开，请在该页面完成支付后返回。')).toBeInTheDocument()
  })
})

describe('research order e-mail (mode 6)', () => {
  it('requires both addresses to match, then continues to payment', async () => {
    const { calls: all } = mockFetch((url) => ({ body: { code: 200, msg: '', data: url.includes('findListByKeys') ? [] : {} } }))
    // The Standard edition has no paper copy (by default): the step asks only for the e-mail.
    const emailCalls = () => all.filter((c) => c.url.includes('updateEmail'))
    const user = userEvent.setup()
    renderAt(<ModalHost />, '/en')
    configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
    act(() =>
      openModal({
        mode: 'research-email',
        order: {
          id: '7',
          orderNo: 'R7',
          title: 'Battery report',
          edition: 'standard',
          licence: 'multi',
          email: 'abc@example.com',
          payPrice: 20000,
          currency: 'USD',
        },
      }),
    )
    expect(await screen.findByText(/Order R7: Standard, Multi user/)).toBeInTheDocument()
    await user.type(screen.getByLabelText(/Confirm e-mail/), 'abd@example.com')
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }))
    expect(screen.getByText('The email addresses are inconsistent.')).toBeInTheDocument()
    expect(emailCalls()).toHaveLength(0)
    await user.clear(screen.getByLabelText(/Confirm e-mail/))
    await user.type(screen.getByLabelText(/Confirm e-mail/), 'abc@example.com')
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }))
    await waitFor(() =>
      expect(modalStore.get()).toMatchObject({ mode: 'pay', target: { kind: 'research', orderId: '7', payPrice: 20000 } }),
    )
    expect(emailCalls()[0]?.body).toEqual({ id: '7', email: 'abc@example.com', confirmEmail: 'abc@example.com', lang: 'en-US' })
    expect(screen.queryByText('Where should the paper copy go?')).toBeNull()
  })

  it('asks where the paper copy of an edition that includes one goes, from the book', async () => {
    const address = {
      id: '41',
      kind: 'cn',
      recipient: '张三',
      phone: '13812345678',
      text: '北京市海淀区中关村大街 1 号',
      postcode: '100080',
    }
    const { calls } = mockFetch((url) => {
      if (url.includes('findListByKeys'))
        return { body: { code: 200, msg: '', data: [{ configKey: 'cn.paperCopy.editions', configValue: 'professional', configName: '' }] } }
      if (url.includes('websiteUserAddress/list')) return { body: { code: 200, msg: '', data: { list: [address], max: 20 } } }
      return { body: { code: 200, msg: '', data: {} } }
    })
    const user = userEvent.setup()
    renderAt(<ModalHost />)
    act(() =>
      openModal({
        mode: 'research-email',
        order: {
          id: '8',
          orderNo: 'R8',
          title: '电池报告',
          edition: 'professional',
          licence: 'single',
          email: 'abc@example.com',
          payPrice: 9800,
          currency: 'CNY',
        },
      }),
    )
    expect(await screen.findByText('纸质版寄送地址')).toBeInTheDocument()
    const choice = await screen.findByRole('radio', { name: /张三/ })
    await user.type(screen.getByLabelText(/确认邮箱|Confirm/), 'abc@example.com')
    await user.click(screen.getByRole('button', { name: /支付|Continue/ }))
    expect(await screen.findByText('请选择纸质版的寄送地址')).toBeInTheDocument()
    expect(calls.filter((c) => c.url.includes('updateEmail'))).toHaveLength(0)
    await user.click(choice)
    await user.click(screen.getByRole('button', { name: /支付|Continue/ }))
    await waitFor(() => expect(modalStore.get()).toMatchObject({ mode: 'pay' }))
    expect(calls.find((c) => c.url.includes('updateEmail'))?.body).toMatchObject({ id: '8', addressId: '41' })
  })
})

describe('my orders', () => {
  const order = {
    id: '3',
    orderNo: 'R3',
    kind: 'research',
    title: '锂电池报告',
    productId: '2',
    createDate: '2026-11-22T10:00:00Z',
    payMethod: null,
    status: '0',
    payPrice: 25800,
    currency: 'CNY',
    edition: 'standard',
    licence: 'single',
    email: 'a@b.cn',
    expireDate: '',
    paidDate: null,
    hasFile: true,
  }

  it('lists orders with their state and cancels only after confirmation', async () => {
    act(() => setSessionUser({ id: '1', name: '李' }))
    const { calls } = mockFetch((url) =>
      url.endsWith('/orderList')
        ? { body: { code: 200, msg: '', data: { list: [order], count: 1, pageNo: 1, pageSize: 10 } } }
        : { body: { code: 200, msg: '', data: { ...order, status: '2' } } },
    )
    const user = userEvent.setup()
    renderAt(<OrdersPage params={{}} />, '/personalCenter/moreOrders')
    const row = (await screen.findByText('锂电池报告')).closest('tr') as HTMLElement
    expect(within(row).getByText('待支付')).toBeInTheDocument()
    expect(within(row).getByText('￥25,800')).toBeInTheDocument()
    expect(calls[0]?.url).toBe('/api/report/websiteUserResearchOrder/orderList')
    await user.click(within(row).getByRole('button', { name: '取消订单' }))
    const dialog = screen.getByRole('alertdialog', { name: '取消该订单？' })
    await user.keyboard('{Escape}')
    expect(dialog).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: '取消订单' }))
    await waitFor(() => expect(calls.some((c) => c.url === '/api/report/websiteUserResearchOrder/cancelOrder')).toBe(true))
    await user.click(within(row).getByRole('button', { name: '去支付' }))
    expect(modalStore.get()).toMatchObject({ mode: 'pay', target: { kind: 'research', orderId: '3', payPrice: 25800 } })
  })

  it('asks to log in first', () => {
    renderAt(<OrdersPage params={{}} />, '/personalCenter/moreOrders')
    expect(screen.getByText('请先登录后查看个人中心。')).toBeInTheDocument()
  })

  it('routes the personal-centre order pages', () => {
    expect(resolveRoute('/personalCenter/moreOrders').route.screen).toBe('orders')
    expect(resolveRoute('/en/personalCenter/myDownload').route.screen).toBe('downloads')
    expect(resolveRoute('/personalCenter/payBack', '?orderNo=B1')).toMatchObject({
      route: { screen: 'payBack', bare: true },
      params: { orderNo: 'B1' },
    })
  })
})

describe('pay back', () => {
  it('looks the returning order up by its number and shows its result', async () => {
    configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
    act(() => setSessionUser({ id: '7', name: 'Li Lei' }))
    const { calls } = mockFetch((url) =>
      url.includes('/orderInfo')
        ? {
            body: {
              code: 200,
              msg: '',
              data: {
                id: '9',
                orderNo: 'B20261122000000123456',
                kind: 'brief',
                status: '1',
                hasFile: true,
                title: 'Brief',
                payPrice: 29,
                currency: 'USD',
                payMethod: 'wx',
                createDate: '',
                productId: '1',
                edition: null,
                licence: null,
                email: null,
                expireDate: '',
                paidDate: '',
              },
            },
          }
        : undefined,
    )
    const { default: PayBackPage } = await import('../src/features/orders/components/pay-back-page')
    renderAt(<PayBackPage params={{ out_trade_no: 'B20261122000000123456' }} />, '/en/personalCenter/payBack')
    expect(await screen.findByText('Payment successful. Thank you for your order.')).toBeInTheDocument()
    expect(calls.find((c) => c.url.includes('/orderInfo'))?.body).toMatchObject({ orderNo: 'B20261122000000123456', lang: 'en-US' })
  })

  it('tells a buyer who paid a closed order that the money goes back, and a second payment apart from the first', async () => {
    configureApiClient({ getLocale: () => 'en-US', notify: () => {} })
    act(() => setSessionUser({ id: '7', name: 'Li Lei' }))
    const order = {
      id: '9',
      kind: 'brief',
      hasFile: true,
      title: 'Brief',
      payPrice: 29,
      currency: 'USD',
      payMethod: 'zfb',
      createDate: '',
      productId: '1',
      edition: null,
      licence: null,
      email: null,
      expireDate: '',
      paidDate: null,
    }
    mockFetch((url, init) =>
      url.includes('/orderInfo')
        ? {
            body: {
              code: 200,
              msg: '',
              data:
                typeof init?.body === 'string' && init.body.includes('B1CLOSED')
                  ? { ...order, orderNo: 'B1CLOSED', status: '2', refund: { state: 'refunding', amount: 29 } }
                  : { ...order, orderNo: 'B2PAID', status: '1', refund: { state: 'refunded', amount: 29 } },
            },
          }
        : undefined,
    )
    const { default: PayBackPage } = await import('../src/features/orders/components/pay-back-page')
    const closed = renderAt(<PayBackPage params={{ orderNo: 'B1CLOSED' }} />, '/en/personalCenter/payBack')
    expect(await screen.findByText(/This order is closed\. The \$29 you paid for it is being returned/)).toBeInTheDocument()
    closed.unmount()
    renderAt(<PayBackPage params={{ orderNo: 'B2PAID' }} />, '/en/personalCenter/payBack')
    expect(await screen.findByText(/This order was already paid\. The \$29 of this second payment has been returned/)).toBeInTheDocument()
  })
})
