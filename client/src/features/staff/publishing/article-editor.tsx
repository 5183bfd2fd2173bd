import { useEffect, useRef, useState } from 'react'
import { useSWRConfig } from 'swr'
import { showToast } from '../../../lib/toast'
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
import { failureText, useStaff } from '../kit/staff-context'
import { EditorHead, SaveProblems } from './editor-status'
import { useStaffT } from '../kit/use-staff-t'

/** getBulletin / getNews and their create and update: one article, saved with the version it was read at. */
export function ArticleEditor({ kind, id }: { kind: ArticleKind; id?: string }) {
  const t = useStaffT()
  const { data: article, error, isLoading } = useArticle(kind, id)
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
  return <EditorForm kind={kind} article={article} />
}

function EditorForm({ kind, article: initial }: { kind: ArticleKind; article?: StaffArticle }) {
  const t = useStaffT()
  const { navigate, endedSession, locale } = useStaff()
  const { mutate } = useSWRConfig()
  const [article, setArticle] = useState(initial)
  const [form, setForm] = useState<ArticleForm>(() => articleFormOf(kind, initial, locale))
  const [dirty, setDirty] = useState(false)
  const [errors, setErrors] = useState<ArticleErrors>({})
  const [failure, setFailure] = useState<string>()
  const [conflict, setConflict] = useState(false)
  const [saving, setSaving] = useState(false)
  const conflictRef = useRef<HTMLDivElement>(null)
  const listPath = `/staff/${kind}`

  useEffect(() => {
    if (conflict) conflictRef.current?.focus()
  }, [conflict])

  /** A newer record from the server: the form shows it as saved (unless edits are being typed). */
  const accept = (next: StaffArticle, resetForm: boolean) => {
    setArticle(next)
    void mutate(articleKey(kind, next.id), next, { revalidate: false })
    if (resetForm) {
      setForm(articleFormOf(kind, next))
      setDirty(false)
    }
  }
  const refused = (error: unknown) => {
    if (endedSession(error)) return
    if ((error as { code?: number }).code === STAFF_VERSION_CONFLICT) return setConflict(true)
    setFailure(failureText(error, t('staff.editor.failed')))
  }

  const save = async () => {
    const { input, errors: found } = articleInputOf(kind, form, (id) => t(`staff.check.${id}`))
    setErrors(found)
    setFailure(undefined)
    if (!input) return setFailure(t('staff.editor.fix'))
    setSaving(true)
    try {
      const saved = article
        ? await updateArticle(kind, article.id, article.version, input)
        : await createArticle(kind, form.language, input)
      accept(saved, true)
      showToast(t('staff.editor.saved'), 'success')
      if (!article) navigate(`${listPath}/${saved.id}`, { replace: true })
    } catch (error) {
      refused(error)
    } finally {
      setSaving(false)
    }
  }

  /** A file went up: the article has a new version (its edits, if any, stay in the form). */
  const afterUpload = async () => {
    if (!article) return
    try {
      accept(await getArticle(kind, article.id), !dirty)
    } catch (error) {
      refused(error)
    }
  }

  const reload = async () => {
    if (!article) return
    try {
      accept(await getArticle(kind, article.id), true)
      setConflict(false)
      setErrors({})
      setFailure(undefined)
    } catch (error) {
      refused(error)
    }
  }

  return (
    <section className="staff-section" aria-labelledby="staff-editor-title">
      <EditorHead
        list={{ path: listPath, label: t(`staff.articles.${kind}.title`) }}
        title={article ? t(`staff.articles.${kind}.editTitle`, { id: article.id }) : t(`staff.articles.${kind}.new`)}
        stored={article}
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

      {article && (
        <PublishActions
          record={article}
          dirty={dirty}
          onRefused={refused}
          revisionsPath={`${listPath}/${article.id}/revisions`}
          listPath={listPath}
          unpublishTexts={{ title: t('staff.articles.unpublishTitle'), text: t(`staff.articles.${kind}.unpublishText`) }}
          ops={{
            publish: async (at) => accept(await publishArticle(kind, article.id, article.version, at), !dirty),
            unpublish: async () => accept(await unpublishArticle(kind, article.id, article.version), !dirty),
            remove: async () => void (await deleteArticle(kind, article.id, article.version)),
            preview: async () => (await previewArticle(kind, article.id)).url,
          }}
        />
      )}

      <ArticleFields
        kind={kind}
        value={form}
        errors={errors}
        stored={article}
        onChange={(next) => {
          setForm(next)
          setDirty(true)
        }}
      />

      {article ? (
        <ArticleFiles
          kind={kind}
          article={article}
          onSaved={(next) => accept(next, !dirty)}
          onUploaded={() => void afterUpload()}
          onRefused={(error) => {
            // The cover's own message says what failed; a conflict or an ended session is the editor's.
            if (!endedSession(error) && (error as { code?: number }).code === STAFF_VERSION_CONFLICT) setConflict(true)
          }}
          onConflict={() => setConflict(true)}
        />
      ) : (
        <p className="field-hint">{t('staff.cover.saveFirst')}</p>
      )}
    </section>
  )
}
