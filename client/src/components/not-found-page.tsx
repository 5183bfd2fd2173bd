import { useLocation } from 'wouter'
import { useDocumentTitle } from '../lib/use-document-title'
import { useT } from '../lib/use-t'
import { LocalLink } from './local-link'

export default function NotFoundPage() {
  const t = useT()
  const [path] = useLocation()
  useDocumentTitle(t('title.notFound'))
  return (
    <div className="container page-section not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text', { path })}</p>
      <LocalLink to="/" className="button button-primary">
        {t('notFound.home')}
      </LocalLink>
    </div>
  )
}
