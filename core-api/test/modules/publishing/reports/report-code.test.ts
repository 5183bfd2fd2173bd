import { businessDay, businessDayStart } from '@rpt/contract'
import { describe, expect, it } from 'vitest'
import { newCode } from '../../../../src/modules/publishing/reports/report-service.ts'
import { useTimeZone } from '../../../helpers/time-zone.ts'

// A report made without a code is named by the publisher's day: China time,
// whatever zone the server runs in (a container runs in UTC, where the
// morning in Beijing is still the day before).

describe("a new report's code", () => {
  useTimeZone('UTC')

  it('carries the day in Shanghai, not the UTC day, around midnight', () => {
    // 06:19 on 12-02 in Beijing is 22:19 on 12-01 in UTC.
    expect(newCode(new Date('2026-12-01T22:19:00Z'))).toMatch(/^R20261202-[0-9A-Z]{1,8}$/)
    // One second before midnight in Beijing: still the 1st.
    expect(newCode(new Date('2026-12-01T15:59:59Z'))).toMatch(/^R20261201-/)
    expect(newCode(new Date('2026-12-01T16:00:00Z'))).toMatch(/^R20261202-/)
    // The year turns in Shanghai first.
    expect(newCode(new Date('2026-12-31T16:30:00Z'))).toMatch(/^R20270101-/)
  })

  it('reads the same day in any server zone', () => {
    const at = new Date('2026-12-01T22:19:00Z')
    for (const zone of ['America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati']) {
      process.env.TZ = zone
      expect(businessDay(at), zone).toBe('2026-12-02')
    }
    process.env.TZ = 'UTC'
  })

  it("bounds a publisher's day by China's midnights", () => {
    expect(businessDayStart('2026-12-02')?.toISOString()).toBe('2026-12-01T16:00:00.000Z')
    expect(businessDayStart('2026-12-02', 1)?.toISOString()).toBe('2026-12-02T16:00:00.000Z')
    expect(businessDayStart('2026-02-30')).toBeUndefined()
    expect(businessDayStart('yesterday')).toBeUndefined()
  })
})
