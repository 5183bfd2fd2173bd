import { describe, expect, it } from 'vitest'
import { escapeCell } from '../../../src/platform/lib/spreadsheet-cell.ts'

describe('escapeCell (CSV injection)', () => {
  it('prefixes a single quote to text a spreadsheet would run as a formula', () => {
    for (const value of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1', '=']) {
      expect(escapeCell(value)).toBe(`'${value}`)
    }
  })

  it('prefixes one to the full-width signs a Chinese input method types, which CJK spreadsheets may read as formulas', () => {
    for (const value of ['\uFF1DHYPERLINK("http://x","y")', '\uFF0B1', '\uFF0D2\uFF0B3', '\uFF20SUM(A1:A2)', '＝1+1']) {
      expect(escapeCell(value)).toBe(`'${value}`)
    }
  })

  it('leaves other text as it is, a formula sign later in it included', () => {
    for (const value of ['', 'Acme Ltd', '1+1=2', "'quoted", ' =1', '中国储能', 'a@b.com', '\n=1', '公司＝Acme', '１＋１']) {
      expect(escapeCell(value)).toBe(value)
    }
  })
})
