import { afterAll, beforeAll } from 'vitest'

/** The enclosing describe's tests run with the host in that zone: Node applies a change of process.env.TZ at once. */
export function useTimeZone(zone: string): void {
  const saved = process.env.TZ
  beforeAll(() => {
    process.env.TZ = zone
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ
    else process.env.TZ = saved
  })
}
