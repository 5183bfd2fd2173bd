// Both gateways keep China time (UTC+8, no daylight saving), whatever the
// host's zone: containers run in UTC, and a local-time formatter is 8 hours
// off there. Formatted from the instant, never from the host's clock fields.

const CHINA_OFFSET_MS = 8 * 3600_000

/** Alipay's `yyyy-MM-dd HH:mm:ss` (timestamp, time_expire, notify_time) in China time. */
export function alipayTime(date: Date): string {
  return new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19)
}

/** WeChat Pay's RFC 3339 with `+08:00` (time_expire, success_time). */
export function wechatTime(date: Date): string {
  return `${new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`
}
