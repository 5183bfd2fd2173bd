import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alipayTime, parseAlipayTime, parseWechatTime, wechatTime } from '../src/china-time.ts'

/** The enclosing describe's tests run with the host in that zone: Node applies a change of process.env.TZ at once. */
function useTimeZone(zone: string): void {
  const saved = process.env.TZ
  beforeAll(() => {
    process.env.TZ = zone
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ
    else process.env.TZ = saved
  })
}

// China time (UTC+8, no daylight saving) from the instant, whatever the
// host's zone; and the gateways' texts read back exactly, or not at all.

for (const zone of ['UTC', 'America/New_York', 'Asia/Shanghai']) {
  describe(`with TZ=${zone}`, () => {
    useTimeZone(zone)

    it('formats the same instant the same way', () => {
      // 16:05:07Z on 9 March is past midnight in China and, in New York, the morning of the day DST starts.
      const instant = new Date('2031-03-09T16:05:07.999Z')
      expect(alipayTime(instant)).toBe('2031-03-10 00:05:07')
      expect(wechatTime(instant)).toBe('2031-03-10T00:05:07+08:00')
      expect(alipayTime(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00')
    })

    it('reads the texts back to the instant', () => {
      expect(parseAlipayTime('2031-03-10 00:05:07')).toEqual(new Date('2031-03-09T16:05:07Z'))
      expect(parseWechatTime('2031-03-10T00:05:07+08:00')).toEqual(new Date('2031-03-09T16:05:07Z'))
    })
  })
}

describe('parsing', () => {
  it('takes any RFC 3339 offset and fractions of a second', () => {
    expect(parseWechatTime('2031-03-09T16:05:07Z')).toEqual(new Date('2031-03-09T16:05:07Z'))
    expect(parseWechatTime('2031-03-09T11:05:07-05:00')).toEqual(new Date('2031-03-09T16:05:07Z'))
    expect(parseWechatTime('2031-03-10T00:05:07.250+08:00')).toEqual(new Date('2031-03-09T16:05:07Z'))
  })

  it('refuses other shapes and dates that do not exist', () => {
    for (const text of ['2031-03-10T00:05:07', '2031-03-10 00:05:07+08:00', '2031-02-30T00:00:00+08:00', '2031-03-10T24:00:00+08:00', '2031-03-10T00:05:07+8:00', '', 20310310]) {
      expect(parseWechatTime(text)).toBeUndefined()
    }
    for (const text of ['2031-03-10T00:05:07', '2031-3-10 00:05:07', '2031-02-29 00:00:00', '2031-03-10 00:60:00', '2031-03-10 00:05', undefined]) {
      expect(parseAlipayTime(text)).toBeUndefined()
    }
    expect(parseAlipayTime('2028-02-29 12:00:00')).toEqual(new Date('2028-02-29T04:00:00Z'))
  })
})
