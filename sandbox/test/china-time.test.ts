import { describe, expect, it } from 'vitest'
import { useTimeZone } from '../../core-api/test/helpers/time-zone.ts'
import { alipayTime, parseAlipayTime, parseWechatTime, wechatTime } from '../src/china-time.ts'

// The gateways' China time (UTC+8, no daylight saving) whatever the host's
// zone, and their texts read back exactly, or not at all.

for (const zone of ['UTC', 'America/New_York', 'Asia/Shanghai']) {
  describe(`with TZ=${zone}`, () => {
    useTimeZone(zone)

    it('writes an instant in China time and reads it back to the same instant', () => {
      // Past midnight in China, and in New York the morning daylight saving starts.
      const instant = new Date('2031-03-09T16:05:07Z')
      expect([alipayTime(instant), wechatTime(instant)]).toEqual(['2031-03-10 00:05:07', '2031-03-10T00:05:07+08:00'])
      expect([parseAlipayTime(alipayTime(instant)), parseWechatTime(wechatTime(instant))]).toEqual([instant, instant])
      // Milliseconds are dropped, never rounded up into the next second or day.
      expect(alipayTime(new Date('2026-12-31T15:59:59.999Z'))).toBe('2026-12-31 23:59:59')
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
    for (const text of [
      '2031-03-10T00:05:07',
      '2031-03-10 00:05:07+08:00',
      '2031-02-30T00:00:00+08:00',
      '2031-03-10T24:00:00+08:00',
      '2031-03-10T00:05:07+8:00',
      '',
      20310310,
    ]) {
      expect(parseWechatTime(text)).toBeUndefined()
    }
    for (const text of [
      '2031-03-10T00:05:07',
      '2031-3-10 00:05:07',
      '2031-02-29 00:00:00',
      '2031-03-10 00:60:00',
      '2031-03-10 00:05',
      undefined,
    ]) {
      expect(parseAlipayTime(text)).toBeUndefined()
    }
    expect(parseAlipayTime('2028-02-29 12:00:00')).toEqual(new Date('2028-02-29T04:00:00Z'))
  })
})
