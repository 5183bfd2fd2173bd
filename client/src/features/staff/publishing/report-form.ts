import { businessDay } from '@rpt/contract/business-day'
import { LANGUAGES, type Language, type LanguagesInput, type StaffReport } from '../api/reports'

// The editor's form state: every field as the inputs hold it (strings), one
// per language, and its conversion to and from the contract's editions.

export const CURRENCY: Record<Language, string> = { 'zh-CN': 'CNY', 'en-US': 'USD' }
export const LICENCES = ['single', 'multi', 'enterprise'] as const
export type Licence = (typeof LICENCES)[number]
export const RICH_FIELDS = ['summary', 'contents', 'scope', 'context', 'chartsHtml'] as const
export type RichField = (typeof RICH_FIELDS)[number]

export interface LanguageForm {
  enabled: boolean
  title: string
  slug: string
  category: string
  region: '' | '0' | '1'
  publishDate: string
  pages: string
  charts: string
  hot: boolean
  hotSort: string
  recommended: boolean
  seoTitle: string
  seoDescription: string
  prices: Record<Licence, string>
  summary: string
  contents: string
  scope: string
  context: string
  chartsHtml: string
}

export type ReportForm = Record<Language, LanguageForm>
export type FieldErrors = Partial<Record<`${Language}.${string}`, string>>

// A new report is dated the publisher's day (China time): in UTC, a Beijing morning is still the day before.
const today = () => businessDay()

export const emptyLanguage = (enabled: boolean): LanguageForm => ({
  enabled,
  title: '',
  slug: '',
  category: '',
  region: '',
  publishDate: today(),
  pages: '',
  charts: '',
  hot: false,
  hotSort: '',
  recommended: false,
  seoTitle: '',
  seoDescription: '',
  prices: { single: '', multi: '', enterprise: '' },
  summary: '',
  contents: '',
  scope: '',
  context: '',
  chartsHtml: '',
})

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

export function formOf(report: StaffReport | undefined): ReportForm {
  const form = { 'zh-CN': emptyLanguage(true), 'en-US': emptyLanguage(true) }
  if (!report) return form
  for (const language of LANGUAGES) {
    const stored = report.editions[language]
    if (!stored) {
      form[language] = emptyLanguage(false)
      continue
    }
    form[language] = {
      enabled: true,
      title: stored.title,
      slug: stored.slug ?? '',
      category: stored.category,
      region: stored.region ?? '',
      publishDate: stored.publishDate,
      pages: text(stored.pages),
      charts: text(stored.charts),
      hot: Boolean(stored.hot),
      hotSort: text(stored.hotSort),
      recommended: Boolean(stored.recommended),
      seoTitle: stored.seoTitle ?? '',
      seoDescription: stored.seoDescription ?? '',
      prices: { single: text(stored.prices.single), multi: text(stored.prices.multi), enterprise: text(stored.prices.enterprise) },
      summary: stored.summary ?? '',
      contents: stored.contents ?? '',
      scope: stored.scope ?? '',
      context: stored.context ?? '',
      chartsHtml: stored.chartsHtml ?? '',
    }
  }
  return form
}

type Check = (id: 'required' | 'wholeNumber' | 'price' | 'date' | 'slug' | 'oneLanguage') => string

const SLUG = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u
const WHOLE = /^\d{1,6}$/
const PRICE = /^\d{1,9}(\.\d{1,2})?$/

/** Checks the form as the server will, and builds the languages to send (only enabled ones). */
export function languagesOf(form: ReportForm, message: Check): { languages?: LanguagesInput; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const languages: LanguagesInput = {}
  const enabled = LANGUAGES.filter((language) => form[language].enabled)
  if (enabled.length === 0) errors['zh-CN.enabled'] = message('oneLanguage')
  for (const language of enabled) {
    const f = form[language]
    const fail = (field: string, id: Parameters<Check>[0]) => (errors[`${language}.${field}`] = message(id))
    if (!f.title.trim()) fail('title', 'required')
    if (f.slug.trim() && !SLUG.test(f.slug.trim())) fail('slug', 'slug')
    if (!f.category) fail('category', 'required')
    if (!/^\d{4}-\d{2}-\d{2}$/.test(f.publishDate)) fail('publishDate', 'date')
    for (const field of ['pages', 'charts', 'hotSort'] as const)
      if (f[field].trim() && !WHOLE.test(f[field].trim())) fail(field, 'wholeNumber')
    for (const licence of LICENCES)
      if (f.prices[licence].trim() && !PRICE.test(f.prices[licence].trim())) fail(`prices.${licence}`, 'price')
    const number = (value: string) => (value.trim() ? Number(value.trim()) : null)
    languages[language] = {
      title: f.title.trim(),
      ...(f.slug.trim() ? { slug: f.slug.trim() } : {}),
      category: f.category,
      ...(f.region ? { region: f.region } : {}),
      summary: f.summary,
      context: f.context,
      contents: f.contents,
      scope: f.scope,
      chartsHtml: f.chartsHtml,
      publishDate: f.publishDate,
      pages: number(f.pages),
      charts: number(f.charts),
      hot: f.hot,
      ...(f.hotSort.trim() ? { hotSort: Number(f.hotSort.trim()) } : {}),
      recommended: f.recommended,
      seoTitle: f.seoTitle.trim(),
      seoDescription: f.seoDescription.trim(),
      prices: { single: number(f.prices.single), multi: number(f.prices.multi), enterprise: number(f.prices.enterprise) },
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { languages, errors }
}

/** The public address of a language's slug. */
export const publicPath = (language: Language, slug: string) => `${language === 'en-US' ? '/en' : ''}/reports/${encodeURIComponent(slug)}`
