import { configCalls } from '@rpt/contract/site-calls'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

// Which research editions include a paper copy: the setting staff edit in the
// console (cn.paperCopy.editions, en.paperCopy.editions), read as any public
// setting is. Unset, the Professional edition does, as the server assumes.

const keyOf = (locale: Locale) => `${locale === 'en-US' ? 'en' : 'cn'}.paperCopy.editions`

export function parseEditions(value: string | undefined): string[] {
  if (value === undefined) return ['professional']
  return value
    .split(/[,，\s]+/)
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean)
}

export async function getPaperCopyEditions(locale: Locale): Promise<string[]> {
  const rows = await apiCall(configCalls.findListByKeys, { keys: keyOf(locale) }, { silent: true })
  return parseEditions(rows.find((row) => row.configKey === keyOf(locale))?.configValue)
}

export function usePaperCopyEditions(locale: Locale) {
  return useSWR(['config', 'paperCopy', locale] as const, () => getPaperCopyEditions(locale), { revalidateOnFocus: false })
}
