import { configCalls } from '@rpt/contract/site-calls'
import useSWR from 'swr'
import { apiCall } from '../../../lib/api-client'
import type { Locale } from '../../../lib/locale'

export interface ContactInfo {
  phone: string
  /** 24-hour mobile line in Chinese, international number in English */
  secondPhone: string
  email: string
  address: string
}

const KEYS: Record<Locale, [string, string, string, string]> = {
  'zh-CN': ['cn.contact.phone', 'cn.contact.mobile', 'cn.contact.email', 'cn.contact.address'],
  'en-US': ['en.contact.phone', 'en.contact.intl', 'en.contact.email', 'en.contact.address'],
}

export async function getContact(locale: Locale): Promise<ContactInfo> {
  const keys = KEYS[locale]
  const rows = await apiCall(configCalls.findListByKeys, { keys: keys.join(',') }, { silent: true })
  const value = (key: string) => rows.find((r) => r.configKey === key)?.configValue ?? ''
  return { phone: value(keys[0]), secondPhone: value(keys[1]), email: value(keys[2]), address: value(keys[3]) }
}

export const contactKey = (locale: Locale) => ['config', 'contact', locale] as const

export function useContact(locale: Locale) {
  return useSWR(contactKey(locale), () => getContact(locale))
}
