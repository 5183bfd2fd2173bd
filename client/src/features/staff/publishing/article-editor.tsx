import { STAFF_VERSION_CONFLICT } from '../../../lib/staff-api-client'
import {
  articleKey,
  createArticle,
  deleteArticle,
  getArticle,
  publishArticle,
  unpublishArticle,
  updateArticle,
  useArticle,
  type ArticleKind,
  type StaffArticle,
  previewArticle,
} from '../api/articles'
import { ArticleFields } from './article-fields'
import { ArticleFiles } from './article-files'
import { articleFormOf, articleInputOf, type ArticleErrors, type ArticleForm } from './article-form'
import { PublishActions } from './publish-actions'
import { failureText, useMay, useStaff } from '../kit/staff-context'
import { ReadOnlyFields } from '../kit/form-fields'
import { NoAccess } from '../kit/section-head'
import { EditorHead, refusedSave, SaveProblems } from './editor-status'
import { useContentEditor } from './use-content-editor'
import { useStaffT } from '../kit/use-staff-t'

/** getBulletin / getNews and their create and update: one article, saved with the version it was read at. */
export function ArticleEditor({ kind, id }: { kind: ArticleKind; id?: string }) {
  const t = useStaffT()
  const { data: article, error, isLoading } = useArticle(kind, id)
  // Every role reads bulletins and news; editors and administrators write them.
  const readOnly = !useMay()('articles.write')
  if (!id && readOnly)
    return <NoAccess text={t(`staff.access.new.${kind}`)} back={{ path: `/staff/${kind}`, label: t(`staff.articles.${kind}.title`) }} />
  if (id && isLoading) return <p className="staff-loading">{t('staff.loading')}</p>
  if (id && (error || !article))
    return (
      <section className="staff-section">
        <h1 className="staff-title" tabIndex={-1}>
          {t(`staff.articles.${kind}.title`)}
        </h1>
        <p role="alert" className="staff-error">
          {failureText(error, t('staff.articles.notFound'))}
        </p>
      </section>
    )
  return <EditorForm kind={kind} article={article} readOnly={readOnly} />
}

function EditorForm({ kind, article: initial, readOnly }: { kind: ArticleKind; article?: StaffArticle; readOnly: boolean }) {
  const t = useStaffT()
  const { endedSession, locale } = useStaff()
  const may = useMay()
  const listPath = `/staff/${kind}`
  const editor = useContentEditor<StaffArticle, ArticleForm, ArticleErrors>({
    initial,
    recordKey: `${kind}:${initial?.id ?? 'new'}`,
    formOf: (article: StaffArticle | undefined) => articleFormOf(kind, article, locale),
    cacheKey: (article) => articleKey(kind, article.id),
    read: (article) => getArticle(kind, article.id),
    check: (form) => {
      if (readOnly) return { errors: {}, write: refusedSave(t('staff.access.saveRefused')) }
      const { input, errors } = articleInputOf(kind, form, (id) => t(`staff.check.${id}`))
      return {
        errors,
        write:
          input &&
          ((stored: StaffArticle | undefined, version: number | undefined) =>
            stored && version !== undefined ? updateArticle(kind, stored.id, version, input) : createArticle(kind, form.language, input)),
      }
    },
    pathOf: (saved) => `${listPath}/${saved.id}`,
  })
  const { record: article, dirty, accept, refused } = editor

  return (
    <section className="staff-section" aria-labelledby="staff-editor-title">
      <EditorHead
        list={{ path: listPath, label: t(`staff.articles.${kind}.title`) }}
        title={article ? t(`staff.articles.${kind}.editTitle`, { id: article.id }) : t(`staff.articles.${kind}.new`)}
        stored={article}
        saving={editor.saving}
        onSave={() => void editor.save()}
        readOnly={readOnly ? t('staff.access.readOnlyArticles') : undefined}
      />

      <SaveProblems editor={editor} />

      {article && (
        <PublishActions
          record={article}
          dirty={dirty}
          onRefused={refused}
          revisionsPath={`${listPath}/${article.id}/revisions`}
          listPath={listPath}
          unpublishTexts={{ title: t('staff.articles.unpublishTitle'), text: t(`staff.articles.${kind}.unpublishText`) }}
          may={{ publish: may('articles.publish'), remove: may('articles.write') }}
          ops={{
            publish: async (at) => accept(await publishArticle(kind, article.id, article.version, at), !dirty),
            unpublish: async () => accept(await unpublishArticle(kind, article.id, article.version), !dirty),
            remove: async () => void (await deleteArticle(kind, article.id, article.version)),
            preview: async () => (await previewArticle(kind, article.id)).url,
          }}
        />
      )}

      <ReadOnlyFields readOnly={readOnly}>
        <ArticleFields kind={kind} value={editor.form} errors={editor.errors} stored={article} onChange={editor.setForm} />

        {article ? (
          <ArticleFiles
            kind={kind}
            article={article}
            onSaved={(next) => accept(next, !dirty)}
            onUploaded={() => void editor.afterUpload()}
            onRefused={(error) => {
              // The cover's own message says what failed; a conflict or an ended session is the editor's.
              if (!endedSession(error) && (error as { code?: number }).code === STAFF_VERSION_CONFLICT) editor.showConflict()
            }}
            onConflict={editor.showConflict}
          />
        ) : (
          <p className="field-hint">{t('staff.cover.saveFirst')}</p>
        )}
      </ReadOnlyFields>
    </section>
  )
}
