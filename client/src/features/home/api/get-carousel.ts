import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface Slide {
  id: string
  title: string
  /** The line under the title (the contract's legacy name) */
  desc: string
  /** A full site path, already in the right edition */
  linkUrl: string
  color: string
  sort: number
}

export const getCarousel = (): Promise<Slide[]> => apiGet<Slide[]>('/basedata/carousel/listData', undefined, { silent: true })

export const carouselKey = (locale: Locale) => ['carousel/listData', locale] as const

export function useCarousel(locale: Locale) {
  return useSWR(carouselKey(locale), getCarousel)
}
