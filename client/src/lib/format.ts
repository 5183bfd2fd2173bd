import type { Locale } from './locale'

// Made once per locale: constructing an Intl.NumberFormat costs about a millisecond,
// and a report page formats a price per edition (the largest part of a server render's own time).
const priceFormats = new Map<Locale, Intl.NumberFormat>()
function priceFormat(locale: Locale): Intl.NumberFormat {
  let format = priceFormats.get(locale)
  if (!format)
    priceFormats.set(locale, (format = new Intl.NumberFormat(locale === 'zh-CN' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 0 })))
  return format
}

// Prices show as ￥ in the Chinese edition and USD in the English one.
export function formatPrice(value: number | null | undefined, currency: string | undefined, locale: Locale): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—'
  const amount = priceFormat(locale).format(value)
  const code = (currency ?? (locale === 'zh-CN' ? 'CNY' : 'USD')).toUpperCase()
  if (code === 'CNY' || code === 'RMB') return `￥${amount}`
  if (code === 'USD') return `$${amount}`
  return `${amount} ${code}`
}

/** Dates arrive as 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' in the publisher's time. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  return value.slice(0, 10)
}

export function minPrice(values: Array<number | null | undefined>): number | null {
  const present = values.filter((v): v is number => typeof v === 'number' && v > 0)
  return present.length ? Math.min(...present) : null
}
