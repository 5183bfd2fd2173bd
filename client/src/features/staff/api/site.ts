import type {
  CarouselSlideInput,
  EditionLang as Language,
  StaffCarousel,
  StaffCarouselSlide,
  StaffConfigItem,
  StaffDictItem,
  StaffDictList,
  UpdateDictItemBody,
} from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall } from '../../../lib/staff-api-client'

// The staff site calls (contract/src/routes/staff-site.ts): carousel, dictionaries, configuration, through the BFF's /staff-api.

const S = STAFF_CALLS.staffSite

export type { CarouselSlideInput, StaffCarousel, StaffCarouselSlide, StaffConfigItem, StaffDictItem, StaffDictList }
export type DictItemInput = Omit<UpdateDictItemBody, 'lang'>

export const getCarousel = (language: Language) =>
  staffCall<typeof S.listCarousel.path, StaffCarousel>(S.listCarousel, undefined, { edition: language }, { silent: true })
export const carouselKey = (language: Language) => ['staff/carousel', language] as const
export function useCarousel(language: Language) {
  return useSWR<StaffCarousel, Error>(carouselKey(language), () => getCarousel(language), { revalidateOnFocus: false })
}
export const updateCarousel = (language: Language, version: number, slides: CarouselSlideInput[]) =>
  staffCall<typeof S.updateCarousel.path, StaffCarousel>(
    S.updateCarousel,
    undefined,
    { edition: language, version, slides },
    { silent: true },
  )

export const getDictItems = (type?: string) =>
  staffCall<typeof S.listDictItems.path, StaffDictList>(S.listDictItems, undefined, type ? { type } : {}, { silent: true })
export const dictKey = (type?: string) => ['staff/dict', type ?? ''] as const
export function useDictItems(type?: string) {
  return useSWR<StaffDictList, Error>(dictKey(type), () => getDictItems(type), { revalidateOnFocus: false, keepPreviousData: true })
}
export const saveDictItem = (type: string, value: string, input: DictItemInput) =>
  staffCall<typeof S.updateDictItem.path, StaffDictItem>(S.updateDictItem, { type, value }, input, { silent: true })

export const getConfig = (q?: string) =>
  staffCall<typeof S.listConfig.path, StaffConfigItem[]>(S.listConfig, undefined, q ? { q } : {}, { silent: true })
export const configKey = (q?: string) => ['staff/config', q ?? ''] as const
export function useConfig(q?: string) {
  return useSWR<StaffConfigItem[], Error>(configKey(q), () => getConfig(q), { revalidateOnFocus: false, keepPreviousData: true })
}
export const saveConfig = (key: string, input: { version?: number; value: string; name?: string }) =>
  staffCall<typeof S.updateConfig.path, StaffConfigItem>(S.updateConfig, { key }, input, { silent: true })
