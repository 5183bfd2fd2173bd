import { describe, expect, it } from 'vitest'
import { codesInText, licenceLine, newTraceCode, sampleLine } from '../../../../src/modules/licensing/stamping/index.ts'

describe('trace codes', () => {
  it('are RPT- and two groups of four Crockford base32 characters, random', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newTraceCode()))
    expect(codes.size).toBe(2000)
    for (const code of codes) expect(code).toMatch(/^RPT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
  })

  it('are found in pasted text, however it was mangled', () => {
    expect(codesInText('… 2026-12-02 · RPT-7K2M-9QXD')).toEqual(['RPT-7K2M-9QXD'])
    expect(codesInText('licensed rpt-7k2m-9qxd here')).toEqual(['RPT-7K2M-9QXD'])
    expect(codesInText('R P T - 7 K 2 M -\n9 Q X D')).toEqual(['RPT-7K2M-9QXD'])
    expect(codesInText('RPT－7K2M－9QXD')).toEqual(['RPT-7K2M-9QXD']) // full-width hyphens
    expect(codesInText('ＲＰＴ－７Ｋ２Ｍ－９ＱＸＤ')).toEqual(['RPT-7K2M-9QXD']) // full-width letters
    expect(codesInText('RPT–7K2M—9QXD')).toEqual(['RPT-7K2M-9QXD']) // en and em dashes
    expect(codesInText('RPT-7K2M-\r\n9QXD2026')).toEqual(['RPT-7K2M-9QXD'])
    expect(codesInText('RPT-OK2M-9QXI')).toEqual(['RPT-0K2M-9QX1']) // Crockford: O is 0, I is 1
    expect(codesInText('RPT-7K2M-9QXD and RPT-AAAA-BBBB, again rpt-7k2m-9qxd')).toEqual(['RPT-7K2M-9QXD', 'RPT-AAAA-BBBB'])
    expect(codesInText('RPT-7K2U-9QXD')).toEqual([]) // U is in no code
    expect(codesInText('report 2026-12-02, order 2026120212345678')).toEqual([])
  })
})

describe('licence lines', () => {
  const v = { holder: 'Li Wei', company: 'Acme Analytics Ltd', orderNo: '2026120212345678', date: '2026-12-02', code: 'RPT-7K2M-9QXD' }

  it('name the holder, the company, the licence, the order, the date and the code', () => {
    expect(licenceLine('en-US', { ...v, licence: 'multi' })).toBe(
      'Licensed to Li Wei, Acme Analytics Ltd · Multi-user licence · order 2026120212345678 · 2026-12-02 · RPT-7K2M-9QXD',
    )
    expect(licenceLine('zh-CN', { ...v, holder: '李伟', company: '上海某某咨询有限公司', licence: 'enterprise' })).toBe(
      '授权给 李伟（上海某某咨询有限公司）· 企业许可 · 订单 2026120212345678 · 2026-12-02 · RPT-7K2M-9QXD',
    )
    expect(licenceLine('zh-CN', { ...v, holder: '李伟', company: '', licence: 'single' })).toBe(
      '授权给 李伟 · 单用户许可 · 订单 2026120212345678 · 2026-12-02 · RPT-7K2M-9QXD',
    )
  })

  it('leave out a company that is empty or the holder, and flatten line breaks', () => {
    expect(licenceLine('en-US', { ...v, company: '', licence: 'single' })).toMatch(/^Licensed to Li Wei · Single-user licence · /)
    expect(licenceLine('en-US', { ...v, company: 'Li Wei', licence: 'single' })).toMatch(/^Licensed to Li Wei · /)
    expect(licenceLine('en-US', { ...v, company: 'Acme\r\n  Ltd', licence: 'enterprise' })).toMatch(
      /^Licensed to Li Wei, Acme Ltd · Enterprise licence · /,
    )
  })

  it('say who a sample is for', () => {
    const s = { company: 'Acme', email: 'li@acme.com', requestNo: 'S2026-0042', date: '2026-12-02', code: 'RPT-7K2M-9QXD' }
    expect(sampleLine('en-US', s)).toBe('Sample for Acme <li@acme.com> · request S2026-0042 · 2026-12-02 · RPT-7K2M-9QXD')
    expect(sampleLine('zh-CN', { ...s, company: '某某公司' })).toBe(
      '样章 · 提供给 某某公司（li@acme.com）· 申请 S2026-0042 · 2026-12-02 · RPT-7K2M-9QXD',
    )
  })
})
