import { clientErrors, type CatalogueEntry } from '@rpt/server-kit'
import ownErrors from './error-catalogue.json' with { type: 'json' }

// The error catalogue: every code the API answers with, its HTTP status and
// its message in both interface languages. Codes are the legacy contract's
// (product spec section 8); the few added here fill gaps the spec leaves
// (validation, unknown path, rate limit) and never reuse a legacy code.

export type Lang = 'zh-CN' | 'en-US'
export const LANGS: readonly Lang[] = ['zh-CN', 'en-US']
export const DEFAULT_LANG: Lang = 'zh-CN'

export function isLang(value: unknown): value is Lang {
  return value === 'zh-CN' || value === 'en-US'
}

/**
 * error-catalogue.json (a code a line) and what the framework refuses, worded
 * as the BFF words it (@rpt/server-kit: validation 100001, unknown path, body
 * too large or of an unsupported type, rate limit, readiness, system
 * exception). Added beside the legacy codes: FILE_NOT_READY (a paid research
 * order whose report has no file yet; staff mail it), LOGIN_FAILED (one message
 * for an unknown user and a wrong password), ACCOUNT_LOCKED (its msg says for
 * how long), 200005-200008 (200008: an account staff disabled) and 416.
 */
export const catalogue = { ...ownErrors, ...clientErrors } satisfies Record<string, CatalogueEntry>

export type ErrorKey = keyof typeof catalogue

export function messageFor(key: ErrorKey, lang: Lang): string {
  return catalogue[key][lang]
}

/**
 * A failure the client is meant to see. The error handler turns it into the
 * envelope; `msg` overrides the catalogue text when the failure is more
 * specific than its code (a named validation rule, say).
 */
export class AppError extends Error {
  readonly key: ErrorKey
  readonly code: number
  readonly status: number
  readonly localized: Partial<Record<Lang, string>>

  constructor(key: ErrorKey, localized: Partial<Record<Lang, string>> = {}) {
    super(localized['en-US'] ?? catalogue[key]['en-US'])
    this.name = 'AppError'
    this.key = key
    this.code = catalogue[key].code
    this.status = catalogue[key].status
    this.localized = localized
  }

  messageIn(lang: Lang): string {
    return this.localized[lang] ?? catalogue[this.key][lang]
  }
}

/** A validation failure with a message in both languages. */
export function invalid(zh: string, en: string): AppError {
  return new AppError('INVALID_PARAMETER', { 'zh-CN': zh, 'en-US': en })
}
