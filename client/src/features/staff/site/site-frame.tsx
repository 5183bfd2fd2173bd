import type { ReactNode } from 'react'
import { buttonColumn, type Column } from '../kit/data-table'
import { SaveStatus, useMaySave, type SaveOutcome } from './site-status'
import { useStaff } from '../kit/staff-context'
import { SectionHead, titleIdOf } from '../kit/section-head'
import { useStaffT } from '../kit/use-staff-t'

interface SiteFrameProps {
  /** `<words>.title` and `.lead` in messages/ */
  words: 'staff.carousel' | 'staff.dict' | 'staff.config'
  /** Beside the title: the "add" button */
  action?: ReactNode
  /** What the section shows: a type, a language, a search */
  toolbar: ReactNode
  outcome: SaveOutcome
  onReload: () => void
  /** The section could not be loaded */
  error: unknown
  children: ReactNode
}

/** What the site sections (carousel, dictionary, settings) show around their table and form. */
export function SiteFrame({ words, action, toolbar, outcome, onReload, error, children }: SiteFrameProps) {
  const t = useStaffT()
  const { endedSession } = useStaff()
  const maySave = useMaySave()
  const titleId = titleIdOf(words)
  return (
    <section className="staff-section" aria-labelledby={titleId}>
      <SectionHead id={titleId} title={t(`${words}.title`)}>
        {maySave && action}
      </SectionHead>
      <p className="muted">{t(`${words}.lead`)}</p>
      {!maySave && <p className="staff-banner staff-banner-warning">{t('staff.site.readOnly')}</p>}
      {toolbar}
      <SaveStatus outcome={outcome} onReload={onReload} />
      {Boolean(error) && (
        <p role="alert" className="staff-error">
          {endedSession(error) ? '' : t('staff.site.loadFailed')}
        </p>
      )}
      {children}
    </section>
  )
}

/** The column of a site table's "Edit" buttons, each named for its row. */
export function useEditColumn<T>(nameOf: (item: T) => string, onEdit: (item: T) => void): Column<T> {
  const t = useStaffT()
  return buttonColumn(t('staff.site.edit'), (item) => t('staff.site.editOf', { name: nameOf(item) }), onEdit)
}

/** A site form's buttons: save (while it saves, saying so) and cancel. */
export function FormButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const t = useStaffT()
  return (
    <div className="button-row">
      <button type="submit" className="button button-primary" disabled={saving}>
        {saving ? t('staff.site.saving') : t('staff.site.save')}
      </button>
      <button type="button" className="button button-secondary" onClick={onCancel}>
        {t('staff.site.cancel')}
      </button>
    </div>
  )
}
