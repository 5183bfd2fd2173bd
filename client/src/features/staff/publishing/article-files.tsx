import { useContext, useId } from 'react'
import { removeArticleCover, uploadArticleCover, uploadBulletinFile, type ArticleKind, type StaffArticle } from '../api/articles'
import { FileUpload } from '../kit/file-upload'
import { ReadOnlyContext } from '../kit/form-fields'
import { useAttempt } from '../kit/use-attempt'
import { useStaffT } from '../kit/use-staff-t'

interface Props {
  kind: ArticleKind
  article: StaffArticle
  /** The article at its new version, after a cover was set or removed */
  onSaved: (next: StaffArticle) => void
  /** A file was uploaded: the article has a new version to read */
  onUploaded: () => void
  /** Refused: a version conflict or an ended session, which the editor handles */
  onRefused: (error: unknown) => void
  onConflict: () => void
}

const COVER_TYPES = 'image/png,image/jpeg,image/webp'

/** An article's cover image (preview, upload, remove) and, for a bulletin, the file its buyers download. */
export function ArticleFiles({ kind, article, onSaved, onUploaded, onRefused, onConflict }: Props) {
  const t = useStaffT()
  const inputId = useId()
  const { pending, failure, attempt } = useAttempt(t('staff.cover.failed'))
  const save = (action: () => Promise<StaffArticle>) => void attempt(async () => onSaved(await action()), onRefused)
  const cover = article.cover
  const bulletinFile = 'file' in article ? article.file : null
  const readOnly = useContext(ReadOnlyContext)

  return (
    <fieldset className="staff-fieldset">
      <legend>{t(kind === 'bulletins' ? 'staff.cover.legendBulletin' : 'staff.cover.legend')}</legend>
      <div className="staff-file">
        {readOnly ? (
          <p className="field-label">{t('staff.cover.label')}</p>
        ) : (
          <label className="field-label" htmlFor={inputId}>
            {t('staff.cover.label')}
          </label>
        )}
        {cover?.url ? (
          <img className="staff-cover-preview" src={cover.url} alt={t('staff.cover.alt')} width={240} />
        ) : (
          <p className="muted">{t(cover ? 'staff.cover.legacy' : 'staff.cover.none')}</p>
        )}
        {!readOnly && (
          <>
            <p className="field-hint">{t('staff.cover.hint')}</p>
            <input
              id={inputId}
              type="file"
              accept={COVER_TYPES}
              disabled={pending}
              onChange={(e) => {
                const file = e.target.files?.[0]
                e.target.value = ''
                if (file) save(() => uploadArticleCover(kind, article.id, article.version, file))
              }}
            />
            {cover && (
              <button
                type="button"
                className="button button-ghost"
                disabled={pending}
                onClick={() => save(() => removeArticleCover(kind, article.id, article.version))}
              >
                {t('staff.cover.remove')}
              </button>
            )}
          </>
        )}
        {pending && <p className="muted">{t('staff.cover.saving')}</p>}
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
      </div>
      {kind === 'bulletins' && (
        <FileUpload
          label={t('staff.articles.file')}
          send={(file, options) => uploadBulletinFile(article.id, article.version, file, options)}
          stored={bulletinFile}
          onUploaded={onUploaded}
          onConflict={onConflict}
        />
      )}
    </fieldset>
  )
}
