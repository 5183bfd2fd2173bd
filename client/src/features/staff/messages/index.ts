import type { Locale } from '../../../lib/locale'
import { enUS, type StaffMessageId } from './en-US'
import { zhCN } from './zh-CN'

export type { StaffMessageId }

/** The console's words in both languages, merged into react-intl's by StaffPage. */
export const staffMessages: Record<Locale, Record<StaffMessageId, string>> = { 'en-US': enUS, 'zh-CN': zhCN }
