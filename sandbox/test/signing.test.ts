import { describe, expect, it } from 'vitest'
import { fenToYuan, httpUrl, yuanToFen } from '../src/signing.ts'

// Alipay's amounts as text, read and written digit by digit.

describe('amounts', () => {
  it('reads yuan text exactly, or not at all', () => {
    expect([yuanToFen('12.3'), yuanToFen('0.05'), yuanToFen('1234.00'), yuanToFen('7')]).toEqual([1230, 5, 123400, 700])
    for (const bad of ['01', '1.234', '-1', '1e3', ' 1', '', '12345678901', 12.3, undefined]) expect(yuanToFen(bad)).toBeUndefined()
  })

  it('writes minor units as yuan with two decimals', () => {
    expect([fenToYuan(5), fenToYuan(99), fenToYuan(100), fenToYuan(123400)]).toEqual(['0.05', '0.99', '1.00', '1234.00'])
  })
})

describe('notify URLs', () => {
  it('are absolute http(s) URLs of at most 500 characters', () => {
    expect(httpUrl('https://merchant.test/n')).toBe(true)
    for (const bad of ['/n', 'ftp://x/n', `https://x/${'a'.repeat(500)}`, 1]) expect(httpUrl(bad)).toBe(false)
  })
})
