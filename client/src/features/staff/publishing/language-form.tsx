import type { ReactNode } from 'react'
import { FormField } from '../../../components/form-field'
import { SeoFields, TextField } from '../kit/form-fields'
import { useCategories } from '../api/categories'
import { uploadReportFile, type Language, type StaffReport, type StoredFile } from '../api/reports'
import { FileUpload } from '../kit/file-upload'
import { CURRENCY, LICENCES, publicPath, type LanguageForm as Form, type FieldErrors, type RichField } from './report-form'
import { RichText } from '../kit/rich-text'
import { plainText } from '../../../lib/rich-summary'
import { useStaffT } from '../kit/use-staff-t'

interface Props {
  language: Language
  value: Form
  errors: FieldErrors
  onChange: (next: Form) => void
  /** The saved report (files, the slug the server made), absent while creating */
  report?: StaffReport
  onUploaded: (file: StoredFile) => void
  onConflict: () => void
}

const RICH: Array<[RichField, 'summary' | 'contents' | 'scope' | 'context' | 'chartsList']> = [
  ['summary', 'summary'],
  ['contents', 'contents'],
  ['scope', 'scope'],
  ['context', 'context'],
  ['chartsHtml', 'chartsList'],
]

/** One language's fields: facts, flags, SEO, the licence prices, the rich texts and the files. */
export function LanguageForm({ language, value, errors, onChange, report, onUploaded, onConflict }: Props) {
  const t = useStaffT()
  const { data: categories } = useCategories(language)
  const err = (field: string) => errors[`${language}.${field}`]
  const set = <K extends keyof Form>(field: K, next: Form[K]) => onChange({ ...value, [field]: next })
  const stored = report?.editions[language]
  const text = (
    field: 'title' | 'slug' | 'seoTitle' | 'pages' | 'charts' | 'hotSort',
    label: string,
    extra: { required?: boolean; hint?: string; numeric?: boolean; max?: number } = {},
  ): ReactNode => (
    <TextField
      label={label}
      error={err(field)}
      required={extra.required}
      hint={extra.hint}
      inputMode={extra.numeric ? 'numeric' : undefined}
      maxLength={extra.max}
      value={value[field]}
      onChange={(next) => set(field, next)}
    />
  )

  return (
    <div className="staff-language" lang={language}>
      <fieldset className="staff-fieldset">
        <legend>{t('staff.editor.facts')}</legend>
        {text('title', t('staff.field.title'), { required: true, max: 300 })}
        {text('slug', t('staff.field.slug'), {
          max: 200,
          hint: stored ? t('staff.field.slugUrl', { url: publicPath(language, stored.slug) }) : t('staff.field.slugHint'),
        })}
        {stored && stored.oldSlugs.length > 0 && (
          <p className="field-hint">{t('staff.field.oldSlugs', { slugs: stored.oldSlugs.join(', ') })}</p>
        )}
        <div className="staff-grid">
          <FormField label={t('staff.field.category')} error={err('category')} required>
            {(control) => (
              <select {...control} className="select" value={value.category} onChange={(e) => set('category', e.target.value)}>
                <option value="">{t('staff.field.choose')}</option>
                {(categories ?? []).map((item) => (
                  <option key={item.dictValue} value={item.dictValue}>
                    {item.dictLabel}
                  </option>
                ))}
                {value.category && !categories?.some((item) => item.dictValue === value.category) && (
                  <option value={value.category}>{value.category}</option>
                )}
              </select>
            )}
          </FormField>
          <FormField label={t('staff.field.region')}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={value.region}
                onChange={(e) => set('region', e.target.value as Form['region'])}
              >
                <option value="">{t('staff.field.choose')}</option>
                <option value="0">{t('staff.region.0')}</option>
                <option value="1">{t('staff.region.1')}</option>
              </select>
            )}
          </FormField>
          <TextField
            label={t('staff.field.publishDate')}
            error={err('publishDate')}
            required
            type="date"
            value={value.publishDate}
            onChange={(next) => set('publishDate', next)}
          />
          {text('pages', t('staff.field.pages'), { numeric: true })}
          {text('charts', t('staff.field.charts'), { numeric: true })}
        </div>
        <div className="staff-checks">
          <label>
            <input type="checkbox" checked={value.hot} onChange={(e) => set('hot', e.target.checked)} /> {t('staff.field.hot')}
          </label>
          <label>
            <input type="checkbox" checked={value.recommended} onChange={(e) => set('recommended', e.target.checked)} />{' '}
            {t('staff.field.recommended')}
          </label>
        </div>
        {value.hot && text('hotSort', t('staff.field.hotSort'), { numeric: true, hint: t('staff.field.hotSortHint') })}
      </fieldset>

      <fieldset className="staff-fieldset">
        <legend>{t('staff.editor.prices', { currency: CURRENCY[language] })}</legend>
        <p className="field-hint">{t('staff.editor.pricesHint')}</p>
        <div className="staff-grid">
          {LICENCES.map((licence) => (
            <FormField key={licence} label={`${t(`staff.licence.${licence}`)} (${CURRENCY[language]})`} error={err(`prices.${licence}`)}>
              {(control) => (
                <input
                  {...control}
                  className="input staff-num"
                  inputMode="decimal"
                  value={value.prices[licence]}
                  onChange={(e) => set('prices', { ...value.prices, [licence]: e.target.value })}
                />
              )}
            </FormField>
          ))}
        </div>
      </fieldset>

      <SeoFields
        title={value.seoTitle}
        description={value.seoDescription}
        titleError={err('seoTitle')}
        onChange={(field, next) => set(field, next)}
        language={language}
        fallback={{ title: value.title, description: plainText(value.summary) }}
        address={value.slug.trim() ? `${window.location.origin}${publicPath(language, value.slug.trim())}` : undefined}
      />

      <fieldset className="staff-fieldset">
        <legend>{t('staff.editor.texts')}</legend>
        {RICH.map(([field, label]) => (
          <RichText key={field} label={t(`staff.field.${label}`)} value={value[field]} onChange={(html) => set(field, html)} />
        ))}
      </fieldset>

      <fieldset className="staff-fieldset">
        <legend>{t('staff.editor.files')}</legend>
        {report && stored ? (
          <div className="staff-grid staff-grid-2">
            {(['sample', 'full'] as const).map((kind) => (
              <FileUpload
                key={kind}
                label={t(kind === 'full' ? 'staff.file.full' : 'staff.file.sample')}
                send={(file, options) => uploadReportFile(report.code, language, kind, report.version, file, options)}
                stored={stored.files[kind]}
                onUploaded={onUploaded}
                onConflict={onConflict}
              />
            ))}
          </div>
        ) : (
          <p className="muted">{t('staff.file.saveFirst')}</p>
        )}
      </fieldset>
    </div>
  )
}
