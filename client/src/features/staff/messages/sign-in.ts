import type { Locale } from '../../../lib/locale'
import { signInEnUS, type StaffSignInMessageId } from './sign-in-en-US'
import { signInZhCN } from './sign-in-zh-CN'

export type { StaffSignInMessageId }

/** The sign-in's words in both languages: all the server-rendered /staff page needs before the console's chunk loads. */
export const staffSignInMessages: Record<Locale, Record<StaffSignInMessageId, string>> = { 'en-US': signInEnUS, 'zh-CN': signInZhCN }
