import type { Lang } from '../errors.ts'

// Price bands of the list filter (product spec section 9). A legacy client
// sends the band's upper limit, or one above the last limit for "over".
export const PRICE_LIMITS = [8000, 12000, 15000] as const
export const PRICE_OVER_VALUE = PRICE_LIMITS[PRICE_LIMITS.length - 1]! + 1

export type PriceBand = { kind: 'under'; limit: number } | { kind: 'over'; limit: number }

export function priceBand(value: number): PriceBand {
  const top = PRICE_LIMITS[PRICE_LIMITS.length - 1]!
  return value === PRICE_OVER_VALUE ? { kind: 'over', limit: top } : { kind: 'under', limit: value }
}

export function currencyFor(lang: Lang): 'CNY' | 'USD' {
  return lang === 'en-US' ? 'USD' : 'CNY'
}

/**
 * A number as toLocaleString('en-US') writes it (15,000). A positive whole
 * number is grouped here: the first toLocaleString of a process loads ICU's
 * number formats, some 5 MB of the Node binary's data that then stay
 * resident, for the band labels of every list answer. Anything else is left
 * to toLocaleString.
 */
export function enUsNumber(value: number): string {
  if (!Number.isSafeInteger(value) || value <= 0) return value.toLocaleString('en-US')
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',')
}

export function priceBandLabel(value: number, lang: Lang): string {
  const band = priceBand(value)
  const amount = enUsNumber(band.limit)
  if (lang === 'en-US') return band.kind === 'over' ? `Over ${amount} USD` : `Under ${amount} USD`
  return band.kind === 'over' ? `${amount}元以上` : `${amount}元以下`
}

/** Rounds a derived price to a tidy list price. */
export function roundListPrice(value: number): number {
  return Math.round(value / 100) * 100
}
