import type { CarouselList } from '@rpt/contract'
import useSWR from 'swr'
import { apiGet } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const getCarousel = (): Promise<CarouselList> => apiGet<CarouselList>('/basedata/carousel/listData', undefined, { silent: true })

export const carouselKey = (locale: Locale) => ['carousel/listData', locale] as const

export function useCarousel(locale: Locale) {
  return useSWR(carouselKey(locale), getCarousel)
}
