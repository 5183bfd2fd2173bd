import { describe, expect, it } from 'vitest'
import { formatAmount, renderCashierPage } from '../src/cashier-page.ts'

// The cashier page on its own: amounts per currency, and a final state shown
// instead of the Pay / Fail forms.

describe('cashier page', () => {
  it('formats amounts per currency', () => {
    expect(formatAmount(123400, 'CNY')).toBe('¥ 1,234.00')
    expect(formatAmount(123400, 'USD')).toBe('US$ 1,234.00')
    expect(formatAmount(5, 'CNY')).toBe('¥ 0.05')
    expect(formatAmount(123456789, 'USD')).toBe('US$ 1,234,567.89')
  })

  it('shows a final state instead of the forms', () => {
    const html = renderCashierPage({
      provider: 'alipay',
      subject: 'x',
      amount: 100,
      currency: 'USD',
      orderNo: 'A1',
      actionUrl: '/pay',
      state: 'SUCCESS',
      lang: 'en-US',
      note: 'a <note>',
    })
    expect(html).not.toContain('<form')
    expect(html).toContain('Payment succeeded')
    expect(html).toContain('a &lt;note&gt;')
    expect(html).toContain('US$ 1.00')
  })

  it('says SANDBOX in both languages and offers Pay and Fail while waiting', () => {
    const html = renderCashierPage({
      provider: 'wechatpay',
      subject: '<b>',
      amount: 1,
      currency: 'CNY',
      orderNo: 'W1',
      actionUrl: '/c?a=1&b=2',
      state: 'WAIT',
    })
    expect(html).toContain('沙箱环境 · SANDBOX')
    expect(html).toContain('action="/c?a=1&amp;b=2"')
    expect(html).toContain('value="success"')
    expect(html).toContain('value="fail"')
    expect(html).toContain('&lt;b&gt;')
  })
})
