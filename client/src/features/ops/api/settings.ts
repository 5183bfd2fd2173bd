import useSWR from 'swr'
import useSWRMutation from 'swr/mutation'
import { apiGet, apiPatch } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'
import type { SettingsData } from './types'

export const getSettings = (): Promise<SettingsData> => apiGet<SettingsData>('/bff/ops/settings', undefined, { silent: true })

/** Per language: the descriptions come in it. */
export const settingsKey = (locale: Locale) => ['ops/settings', locale] as const

export function useSettings(locale: Locale) {
  return useSWR(settingsKey(locale), getSettings)
}

/** Integers to change, null for a setting's start value: all of them or none. */
export const updateSettings = (change: Record<string, number | null>): Promise<SettingsData> =>
  apiPatch<SettingsData>('/bff/ops/settings', change)

export function useUpdateSettings(locale: Locale) {
  return useSWRMutation(
    settingsKey(locale),
    (_key: readonly unknown[], { arg }: { arg: Record<string, number | null> }) => updateSettings(arg),
    {
      populateCache: true,
      revalidate: false,
    },
  )
}
