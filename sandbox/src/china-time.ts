// The gateways read and write China time (UTC+8, no daylight saving)
// whatever the host's zone, computed from the instant and never from the
// host's clock fields.

/** The instant's wall-clock fields in China, as ISO text without the zone. */
function chinaClock(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)
}

/** yyyy-MM-dd HH:mm:ss (Alipay's notify_time, gmt_*) */
export const alipayTime = (date: Date): string => chinaClock(date).replace('T', ' ')

/** RFC 3339 with +08:00 (WeChat's success_time, create_time) */
export const wechatTime = (date: Date): string => `${chinaClock(date)}+08:00`

/** Date.UTC of the fields, or undefined unless they name a real calendar moment (no 2026-02-30 rolling into March). */
function instant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  offsetMinutes: number,
): Date | undefined {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined
  const local = Date.UTC(year, month - 1, day, hour, minute, second)
  if (new Date(local).getUTCDate() !== day) return undefined
  return new Date(local - offsetMinutes * 60_000)
}

/** Alipay's `yyyy-MM-dd HH:mm:ss`, read as China time; undefined unless it is exactly that and a real date. */
export function parseAlipayTime(text: unknown): Date | undefined {
  const match = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text) : null
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number]
  return instant(year, month, day, hour, minute, second, 8 * 60)
}

/** RFC 3339 with seconds and an explicit offset (WeChat's time_expire, e.g. 2018-06-08T10:34:56+08:00); undefined otherwise. */
export function parseWechatTime(text: unknown): Date | undefined {
  const match =
    typeof text === 'string'
      ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:(Z)|([+-])(\d{2}):(\d{2}))$/.exec(text)
      : null
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const sign = match[8] === '-' ? -1 : 1
  const offsetHours = Number(match[9] ?? 0)
  const offsetMinutes = Number(match[10] ?? 0)
  if (offsetHours > 23 || offsetMinutes > 59) return undefined
  return instant(year, month, day, hour, minute, second, match[7] ? 0 : sign * (offsetHours * 60 + offsetMinutes))
}
