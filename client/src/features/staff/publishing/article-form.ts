import { businessMinute } from '@rpt/contract/business-day'
import type { ArticleInput, ArticleKind, Language, StaffArticle } from '../api/articles'

// The article editor's form state (bulletins and news): every field as the
// inputs hold it (strings), and its conversion to and from the contract's
// BulletinInput / NewsInput. The two kinds differ in a few fields only.

export interface ArticleForm {
  language: Language
  title: string
  slug: string
  category: string
  /** The second dictionary field: topLabelId (bulletins) or marketCategory (news) */
  label: string
  summary: string
  context: string
  /** YYYY-MM-DD (bulletins) or YYYY-MM-DDTHH:mm:ss as a datetime-local holds it (news) */
  publishDate: string
  pages: string
  price: string
  choiceness: boolean
  keyword: string
  seoTitle: string
  seoDescription: string
}

export type ArticleErrors = Partial<Record<keyof ArticleForm, string>>

/** The dictionaries of each kind's two dictionary fields, and their labels' message ids. */
export const KIND_DICTS = {
  bulletins: { category: ['bulletin_type', 'staff.field.subType'], label: ['bulletin_label', 'staff.field.topLabel'] },
  news: { category: ['market_type', 'staff.field.marketType'], label: ['news_category', 'staff.field.newsCategory'] },
} as const

// A new article is dated by the publisher's clock (China time), whatever zone the browser runs in.
const now = () => `${businessMinute()}:00`

export function articleFormOf(kind: ArticleKind, article: StaffArticle | undefined, language: Language = 'zh-CN'): ArticleForm {
  const a = (article ?? {}) as Partial<Record<string, unknown>> & Partial<StaffArticle>
  const text = (key: string) => (typeof a[key] === 'string' ? a[key] : '')
  const date = text('publishDate')
  return {
    language: a.edition ?? language,
    title: text('title'),
    slug: text('slug'),
    category: text('category'),
    label: text(kind === 'bulletins' ? 'topLabelId' : 'marketCategory'),
    summary: text('summary'),
    context: text('context'),
    publishDate: kind === 'news' ? (date ? date.replace(' ', 'T') : now()) : date || now().slice(0, 10),
    pages: typeof a.pages === 'number' ? String(a.pages) : '',
    price: typeof a.price === 'number' ? String(a.price) : '',
    choiceness: a.choiceness === true,
    keyword: text('keyword'),
    seoTitle: text('seoTitle'),
    seoDescription: text('seoDescription'),
  }
}

const SLUG = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u

/** The contract's input from the form, or the fields that need attention (by message id suffix: staff.check.<id>). */
export function articleInputOf(
  kind: ArticleKind,
  form: ArticleForm,
  message: (id: 'required' | 'wholeNumber' | 'price' | 'date' | 'dateTime' | 'slug') => string,
): { input?: ArticleInput; errors: ArticleErrors } {
  const errors: ArticleErrors = {}
  for (const key of ['title', 'category', 'label'] as const) if (!form[key].trim()) errors[key] = message('required')
  if (form.slug && !SLUG.test(form.slug)) errors.slug = message('slug')
  const common = {
    title: form.title.trim(),
    ...(form.slug ? { slug: form.slug } : {}),
    category: form.category,
    summary: form.summary,
    context: form.context,
    seoTitle: form.seoTitle,
    seoDescription: form.seoDescription,
  }
  if (kind === 'news') {
    const at = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(form.publishDate)
    if (!at) errors.publishDate = message('dateTime')
    if (Object.keys(errors).length > 0 || !at) return { errors }
    const publishDate = `${at[1]} ${at[2]}${at[3] ?? ':00'}`
    return { input: { ...common, marketCategory: form.label, keyword: form.keyword, publishDate }, errors }
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.publishDate)) errors.publishDate = message('date')
  if (form.pages && !/^\d{1,6}$/.test(form.pages)) errors.pages = message('wholeNumber')
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(form.price.trim())) errors.price = message(form.price.trim() ? 'price' : 'required')
  if (Object.keys(errors).length > 0) return { errors }
  return {
    input: {
      ...common,
      topLabelId: form.label,
      publishDate: form.publishDate,
      pages: form.pages ? Number(form.pages) : null,
      price: Number(form.price.trim()),
      choiceness: form.choiceness,
    },
    errors,
  }
}
