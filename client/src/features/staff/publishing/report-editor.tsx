import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useSWRConfig } from 'swr'
import { showToast } from '../../../lib/toast'
import { STAFF_VERSION_CONFLICT } from '../../../lib/staff-api-client'
import { createReport, getReport, LANGUAGES, reportKey, updateReport, useReport, type Language, type StaffReport } from '../api/reports'
import { LanguageForm } from './language-form'
import { languagesOf, emptyLanguage, formOf, type FieldErrors, type ReportForm } from './report-form'
import { ReportActions } from './report-actions'
import { failureText, useStaff } from '../kit/staff-context'
import { EditorHead, SaveProblems } from './editor-status'
import { useStaffT } from '../kit/use-staff-t'

/** getReport / createReport / updateReport: both languages in tabs, saved with the version they were read at. */
export function ReportEditor({ code }: { code?: string }) {
  const t = useStaffT()
  const { data: report, error, isLoading } = useReport(code)
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
  return <EditorForm report={report} />
}

function EditorForm({ report: initial }: { report?: StaffReport }) {
  const t = useStaffT()
  const { navigate, endedSession } = useStaff()
  const { mutate } = useSWRConfig()
  const [report, setReport] = useState(initial)
  const [form, setForm] = useState<ReportForm>(() => formOf(initial))
  const [dirty, setDirty] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string>()
  const [conflict, setConflict] = useState(false)
  const [saving, setSaving] = useState(false)
  const [tab, setTab] = useState<Language>('zh-CN')
  const conflictRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (conflict) conflictRef.current?.focus()
  }, [conflict])

  /** A newer record from the server: the form shows it as saved. */
  const accept = (next: StaffReport, resetForm: boolean) => {
    setReport(next)
    void mutate(reportKey(next.code), next, { revalidate: false })
    if (resetForm) {
      setForm(formOf(next))
      setDirty(false)
    }
  }
  const change = (language: Language, next: ReportForm[Language]) => {
    setForm((current) => ({ ...current, [language]: next }))
    setDirty(true)
  }
  const refused = (error: unknown) => {
    if (endedSession(error)) return
    if ((error as { code?: number }).code === STAFF_VERSION_CONFLICT) return setConflict(true)
    setFailure(failureText(error, t('staff.editor.failed')))
  }

  const save = async () => {
    const { languages, errors: found } = languagesOf(form, (id) => t(`staff.check.${id}`))
    setErrors(found)
    setFailure(undefined)
    if (!languages) {
      const first = LANGUAGES.find((language) => Object.keys(found).some((key) => key.startsWith(`${language}.`)))
      if (first) setTab(first)
      return setFailure(t('staff.editor.fix'))
    }
    setSaving(true)
    try {
      const saved = report ? await updateReport(report.code, report.version, languages) : await createReport(languages)
      accept(saved, true)
      showToast(t('staff.editor.saved'), 'success')
      if (!report) navigate(`/staff/reports/${encodeURIComponent(saved.code)}`, { replace: true })
    } catch (error) {
      refused(error)
    } finally {
      setSaving(false)
    }
  }

  const reload = async () => {
    if (!report) return
    try {
      accept(await getReport(report.code), true)
      setConflict(false)
      setErrors({})
      setFailure(undefined)
    } catch (error) {
      refused(error)
    }
  }

  /** An upload is a save too: read the new version, keep what is being typed. */
  const afterUpload = async () => {
    if (!report) return
    try {
      accept(await getReport(report.code), !dirty)
    } catch (error) {
      refused(error)
    }
  }

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
        saving={saving}
        onSave={() => void save()}
      />

      <SaveProblems
        conflict={conflict}
        conflictRef={conflictRef}
        onReload={() => void reload()}
        onKeepEditing={() => setConflict(false)}
        failure={failure}
      />

      {report && <ReportActions report={report} dirty={dirty} onChanged={(next) => accept(next, !dirty)} onRefused={refused} />}

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
              onUploaded={() => void afterUpload()}
              onConflict={() => setConflict(true)}
            />
          )}
        </div>
      ))}
    </section>
  )
}
