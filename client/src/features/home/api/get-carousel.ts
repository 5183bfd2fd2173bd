import { carouselCalls } from '@rpt/contract/site-calls'
import type { CarouselList } from '@rpt/contract'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const getCarousel = (): Promise<CarouselList> => apiCall(carouselCalls.listData, undefined, { silent: true })

export const carouselKey = (locale: Locale) => ['carousel/listData', locale] as const

export function useCarousel(locale: Locale) {
  return useSWR(carouselKey(locale), getCarousel)
}
