import { configCalls } from '@rpt/contract/site-calls'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export const SITE_CONFIG_KEYS = [
  'cn.contact.phone',
  'cn.contact.mobile',
  'cn.contact.email',
  'cn.contact.address',
  'en.contact.phone',
  'en.contact.intl',
  'en.contact.email',
  'en.contact.address',
  'cn.footer.icp',
  'cn.footer.icpUrl',
  'cn.footer.police',
  'cn.footer.policeUrl',
  'cn.footer.copyright',
  'en.footer.copyright',
  'cn.site.name',
  'en.site.name',
] as const

export async function getSiteConfig(): Promise<Record<string, string>> {
  const rows = await apiCall(configCalls.findListByKeys, { keys: SITE_CONFIG_KEYS.join(',') }, { silent: true })
  return Object.fromEntries(rows.map((row) => [row.configKey, row.configValue]))
}

export const siteConfigKey = (locale: Locale) => ['config', 'site', locale] as const

export function useSiteConfig(locale: Locale) {
  return useSWR(siteConfigKey(locale), getSiteConfig, { revalidateOnFocus: false })
}
