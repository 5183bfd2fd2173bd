import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { documentTitle } from './document-title'

/** The tab's title, as the server rendered it (documentTitle): the SEO title where the record has one. */
export function useDocumentTitle(title: string | undefined, seoTitle?: string): void {
  const intl = useIntl()
  useEffect(() => {
    document.title = documentTitle({ site: intl.formatMessage({ id: 'site.name' }), page: title, seoTitle })
  }, [title, seoTitle, intl])
}
