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

export function priceBandLabel(value: number, lang: Lang): string {
  const band = priceBand(value)
  const amount = band.limit.toLocaleString('en-US')
  if (lang === 'en-US') return band.kind === 'over' ? `Over ${amount} USD` : `Under ${amount} USD`
  return band.kind === 'over' ? `${amount}元以上` : `${amount}元以下`
}

/** Rounds a derived price to a tidy list price. */
export function roundListPrice(value: number): number {
  return Math.round(value / 100) * 100
}

export const toCents = (amount: number): number => Math.round(amount * 100)
