import { useState, type KeyboardEvent } from 'react'
import { createReport, getReport, LANGUAGES, reportKey, updateReport, useReport, type Language, type StaffReport } from '../api/reports'
import { LanguageForm } from './language-form'
import { languagesOf, emptyLanguage, formOf, type FieldErrors, type ReportForm } from './report-form'
import { ReportActions } from './report-actions'
import { failureText, useMay } from '../kit/staff-context'
import { ReadOnlyFields } from '../kit/form-fields'
import { NoAccess } from '../kit/section-head'
import { EditorHead, refusedSave, SaveProblems } from './editor-status'
import { useContentEditor } from './use-content-editor'
import { useStaffT } from '../kit/use-staff-t'

/** getReport / createReport / updateReport: both languages in tabs, saved with the version they were read at. */
export function ReportEditor({ code }: { code?: string }) {
  const t = useStaffT()
  const { data: report, error, isLoading } = useReport(code)
  // Sales and finance read reports (to look them up for customers); editors and administrators write them.
  const readOnly = !useMay()('reports.write')
  if (!code && readOnly)
    return <NoAccess text={t('staff.access.newReport')} back={{ path: '/staff/reports', label: t('staff.list.title') }} />
  if (code && isLoading) return <p className="staff-loading">{t('staff.loading')}</p>
  if (code && (error || !report))
    return (
      <section className="staff-section">
        <h1 className="staff-title" tabIndex={-1}>
          {t('staff.editor.title')}
        </h1>
        <p role="alert" className="staff-error">
          {failureText(error, t('staff.editor.notFound'))}
        </p>
      </section>
    )
  return <EditorForm report={report} readOnly={readOnly} />
}

function EditorForm({ report: initial, readOnly }: { report?: StaffReport; readOnly: boolean }) {
  const t = useStaffT()
  const [tab, setTab] = useState<Language>('zh-CN')
  const editor = useContentEditor<StaffReport, ReportForm, FieldErrors>({
    initial,
    recordKey: `reports:${initial?.code ?? 'new'}`,
    formOf,
    cacheKey: (report) => reportKey(report.code),
    read: (report) => getReport(report.code),
    check: (form) => {
      if (readOnly) return { errors: {}, write: refusedSave(t('staff.access.saveRefused')) }
      const { languages, errors } = languagesOf(form, (id) => t(`staff.check.${id}`))
      return {
        errors,
        write:
          languages &&
          ((stored: StaffReport | undefined, version: number | undefined) =>
            stored && version !== undefined ? updateReport(stored.code, version, languages) : createReport(languages)),
      }
    },
    pathOf: (saved) => `/staff/reports/${encodeURIComponent(saved.code)}`,
    // The first language with an error comes to the front.
    onInvalid: (errors) => {
      const first = LANGUAGES.find((language) => Object.keys(errors).some((key) => key.startsWith(`${language}.`)))
      if (first) setTab(first)
    },
  })
  const { record: report, form, errors, dirty } = editor
  const change = (language: Language, next: ReportForm[Language]) => editor.setForm((current) => ({ ...current, [language]: next }))

  // Tabs: arrow keys move between the two languages (WAI-ARIA tabs).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const next = tab === 'zh-CN' ? 'en-US' : 'zh-CN'
    setTab(next)
    document.getElementById(`staff-tab-${next}`)?.focus()
  }

  return (
    <section className="staff-section" aria-labelledby="staff-editor-title">
      <EditorHead
        list={{ path: '/staff/reports', label: t('staff.list.title') }}
        title={report ? t('staff.editor.editTitle', { code: report.code }) : t('staff.editor.newTitle')}
        stored={report}
        saving={editor.saving}
        onSave={() => void editor.save()}
        readOnly={readOnly ? t('staff.access.readOnlyReports') : undefined}
      />

      <SaveProblems editor={editor} />

      {report && (
        <ReportActions report={report} dirty={dirty} onChanged={(next) => editor.accept(next, !dirty)} onRefused={editor.refused} />
      )}

      <div role="tablist" aria-label={t('staff.editor.languages')} className="staff-tabs">
        {LANGUAGES.map((language) => (
          <button
            key={language}
            id={`staff-tab-${language}`}
            type="button"
            role="tab"
            aria-selected={tab === language}
            aria-controls={`staff-panel-${language}`}
            tabIndex={tab === language ? 0 : -1}
            className="staff-tab"
            onClick={() => setTab(language)}
            onKeyDown={onTabKey}
          >
            {t(`staff.language.${language}`)}
            {!form[language].enabled && <span className="muted"> ({t('staff.editor.off')})</span>}
          </button>
        ))}
      </div>
      {LANGUAGES.map((language) => (
        // Both panels stay mounted (hidden), so each editor keeps its text and history.
        <div
          key={language}
          id={`staff-panel-${language}`}
          role="tabpanel"
          aria-labelledby={`staff-tab-${language}`}
          hidden={tab !== language}
          className="staff-panel"
        >
          <ReadOnlyFields readOnly={readOnly}>
            <label className="staff-enable">
              <input
                type="checkbox"
                checked={form[language].enabled}
                onChange={(e) =>
                  change(
                    language,
                    e.target.checked
                      ? { ...(form[language].title ? form[language] : emptyLanguage(true)), enabled: true }
                      : { ...form[language], enabled: false },
                  )
                }
              />{' '}
              {t('staff.editor.include', { language: t(`staff.language.${language}`) })}
            </label>
            {errors[`${language}.enabled`] && (
              <p className="field-error" role="alert">
                {errors[`${language}.enabled`]}
              </p>
            )}
            {form[language].enabled && (
              <LanguageForm
                language={language}
                value={form[language]}
                errors={errors}
                onChange={(next) => change(language, next)}
                report={report}
                onUploaded={() => void editor.afterUpload()}
                onConflict={editor.showConflict}
              />
            )}
          </ReadOnlyFields>
        </div>
      ))}
    </section>
  )
}
