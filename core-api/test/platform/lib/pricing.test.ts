import { expect, it } from 'vitest'
import { enUsNumber, PRICE_LIMITS, PRICE_OVER_VALUE, priceBandLabel } from '../../../src/platform/lib/pricing.ts'

it('writes numbers as toLocaleString(en-US) does, without it for positive whole numbers', () => {
  const values = [
    1,
    9,
    10,
    99,
    100,
    999,
    1000,
    1001,
    9999,
    10_000,
    123_456,
    1_234_567,
    12_345_678,
    Number.MAX_SAFE_INTEGER,
    0,
    -0,
    -8000,
    1.5,
    12_000.25,
    NaN,
    Infinity,
  ]
  for (let value = 1; value < 2_000_000; value += 997) values.push(value)
  for (const value of values) expect(enUsNumber(value), String(value)).toBe(value.toLocaleString('en-US'))
})

it('labels every price band as before', () => {
  for (const value of [...PRICE_LIMITS, PRICE_OVER_VALUE]) {
    const amount = (value === PRICE_OVER_VALUE ? PRICE_LIMITS[PRICE_LIMITS.length - 1]! : value).toLocaleString('en-US')
    expect(priceBandLabel(value, 'en-US')).toBe(value === PRICE_OVER_VALUE ? `Over ${amount} USD` : `Under ${amount} USD`)
    expect(priceBandLabel(value, 'zh-CN')).toBe(value === PRICE_OVER_VALUE ? `${amount}元以上` : `${amount}元以下`)
  }
})
