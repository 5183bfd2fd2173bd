// The publisher's day: it works in China, so a day (a report's publish
// date, a report code's date, the staff desk's day filters, the accounting
// day of orders) is the day in Asia/Shanghai, whatever zone the server or
// the browser runs in. A container runs in UTC, where 06:19 in Beijing is
// still the day before.
//
// No imports: the console reads it from source (@rpt/contract/business-day)
// without bundling the schemas.

export const BUSINESS_TIME_ZONE = 'Asia/Shanghai'

/** China has kept no daylight saving since 1991: its offset is fixed, so a day's bounds are plain instants. */
export const BUSINESS_UTC_OFFSET = '+08:00'

const parts = (at: Date) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value])) as Record<string, string>
}

/** The publisher's day of an instant, YYYY-MM-DD. */
export function businessDay(at: Date = new Date()): string {
  const p = parts(at)
  return `${p.year}-${p.month}-${p.day}`
}

/** The publisher's wall clock of an instant to the minute, as a datetime-local input holds it: YYYY-MM-DDTHH:mm. */
export function businessMinute(at: Date = new Date()): string {
  const p = parts(at)
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/** The instant a publisher's day (YYYY-MM-DD) starts, `plusDays` later; undefined for a day that does not parse. */
export function businessDayStart(day: string, plusDays = 0): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const start = new Date(`${day}T00:00:00${BUSINESS_UTC_OFFSET}`)
  // A day that does not exist (02-30) parses as another one: refused, not moved.
  if (Number.isNaN(start.getTime()) || businessDay(start) !== day) return undefined
  return new Date(start.getTime() + plusDays * 86_400_000)
}
