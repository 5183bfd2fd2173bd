import type { ReactNode } from 'react'
import { FormField } from '../../../components/form-field'
import { LanguageField, SeoFields, TextField } from '../kit/form-fields'
import { useDict } from '../api/categories'
import type { ArticleKind, Language } from '../api/articles'
import { KIND_DICTS, type ArticleErrors, type ArticleForm } from './article-form'
import { CURRENCY } from './report-form'
import { RichText } from '../kit/rich-text'
import { plainText } from '../../../lib/rich-summary'
import { localizePath } from '../../../lib/locale'
import { paths } from '../../../lib/paths'
import type { StaffMessageId } from '../messages'
import { useStaffT } from '../kit/use-staff-t'

interface Props {
  kind: ArticleKind
  value: ArticleForm
  errors: ArticleErrors
  onChange: (next: ArticleForm) => void
  /** The stored article: its language is fixed, its old slugs shown */
  stored?: { oldSlugs: string[] }
}

type TextKey = 'title' | 'slug' | 'pages' | 'price' | 'keyword' | 'seoTitle'

/** A bulletin's or a news item's fields: language, facts, texts (the body in the rich text editor) and SEO. */
export function ArticleFields({ kind, value, errors, onChange, stored }: Props) {
  const t = useStaffT()
  const set = <K extends keyof ArticleForm>(field: K, next: ArticleForm[K]) => onChange({ ...value, [field]: next })
  const dicts = KIND_DICTS[kind]
  const { data: categories } = useDict(dicts.category[0], value.language)
  const { data: labels } = useDict(dicts.label[0], value.language)

  const text = (field: TextKey, label: string, extra: { required?: boolean; hint?: string; max?: number } = {}): ReactNode => (
    <TextField
      label={label}
      error={errors[field]}
      required={extra.required}
      hint={extra.hint}
      maxLength={extra.max}
      value={value[field]}
      onChange={(next) => set(field, next)}
    />
  )
  const select = (field: 'category' | 'label', label: StaffMessageId, items: { dictValue: string; dictLabel: string }[] | undefined) => (
    <FormField label={t(label)} error={errors[field]} required>
      {(control) => (
        <select {...control} className="select" value={value[field]} onChange={(e) => set(field, e.target.value)}>
          <option value="">{t('staff.field.choose')}</option>
          {(items ?? []).map((item) => (
            <option key={item.dictValue} value={item.dictValue}>
              {item.dictLabel}
            </option>
          ))}
          {value[field] && !items?.some((item) => item.dictValue === value[field]) && <option value={value[field]}>{value[field]}</option>}
        </select>
      )}
    </FormField>
  )

  return (
    <div className="staff-language" lang={value.language}>
      <fieldset className="staff-fieldset">
        <legend>{t('staff.editor.facts')}</legend>
        <LanguageField
          label={t('staff.articles.language')}
          hint={t('staff.articles.languageHint')}
          required
          value={value.language}
          disabled={stored !== undefined}
          onChange={(language) => set('language', language)}
        />
        {text('title', t('staff.field.title'), { required: true, max: 300 })}
        {text('slug', t('staff.field.slug'), { max: 200, hint: stored ? undefined : t('staff.field.slugHint') })}
        {stored && stored.oldSlugs.length > 0 && (
          <p className="field-hint">{t('staff.field.oldSlugs', { slugs: stored.oldSlugs.join(', ') })}</p>
        )}
        <div className="staff-grid">
          {select('category', dicts.category[1], categories)}
          {select('label', dicts.label[1], labels)}
          <TextField
            label={t(kind === 'news' ? 'staff.field.publishTime' : 'staff.field.publishDate')}
            error={errors.publishDate}
            required
            type={kind === 'news' ? 'datetime-local' : 'date'}
            step={kind === 'news' ? 1 : undefined}
            value={value.publishDate}
            onChange={(next) => set('publishDate', next)}
          />
          {kind === 'bulletins' && text('price', t('staff.field.price', { currency: CURRENCY[value.language] }), { required: true })}
          {kind === 'bulletins' && text('pages', t('staff.field.pages'))}
        </div>
        {kind === 'bulletins' && (
          <div className="staff-checks">
            <label>
              <input type="checkbox" checked={value.choiceness} onChange={(e) => set('choiceness', e.target.checked)} />{' '}
              {t('staff.field.choiceness')}
            </label>
          </div>
        )}
        {kind === 'news' && text('keyword', t('staff.field.keyword'), { max: 300, hint: t('staff.field.keywordHint') })}
      </fieldset>

      <fieldset className="staff-fieldset">
        <legend>{t('staff.editor.texts')}</legend>
        <TextField
          label={t('staff.field.outline')}
          rows={4}
          maxLength={20_000}
          value={value.summary}
          onChange={(next) => set('summary', next)}
        />
        <RichText label={t('staff.field.context')} value={value.context} onChange={(html) => set('context', html)} />
      </fieldset>

      <SeoFields
        title={value.seoTitle}
        description={value.seoDescription}
        titleError={errors.seoTitle}
        onChange={(field, next) => set(field, next)}
        language={value.language}
        fallback={{ title: value.title, description: plainText(value.summary) }}
        address={value.slug.trim() ? `${window.location.origin}${articlePath(kind, value.language, value.slug.trim())}` : undefined}
      />
    </div>
  )
}

/** An article's public path in its language. */
const articlePath = (kind: ArticleKind, language: Language, slug: string) =>
  localizePath(language, kind === 'news' ? paths.newsDetail(slug) : paths.bulletin(slug))
