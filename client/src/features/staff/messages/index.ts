import type { Locale } from '../../../lib/locale'
import { enUS, type ConsoleMessageId } from './en-US'
import { staffSignInMessages, type StaffSignInMessageId } from './sign-in'
import { zhCN } from './zh-CN'

export type StaffMessageId = ConsoleMessageId | StaffSignInMessageId

/** The console's words in both languages, the sign-in's included, merged into react-intl's by StaffPage. */
export const staffMessages: Record<Locale, Record<StaffMessageId, string>> = {
  'en-US': { ...staffSignInMessages['en-US'], ...enUS },
  'zh-CN': { ...staffSignInMessages['zh-CN'], ...zhCN },
}
