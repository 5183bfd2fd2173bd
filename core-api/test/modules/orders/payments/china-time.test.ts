import { describe, expect, it } from 'vitest'
import { alipayTime, wechatTime } from '../../../../src/modules/orders/payments/gateways/china-time.ts'
import { useTimeZone } from '../../../helpers/time-zone.ts'

// China time (UTC+8, no daylight saving) from the instant, whatever the
// host's zone. (Reading the texts back is the gateways' side: sandbox/test.)

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
  })
}
