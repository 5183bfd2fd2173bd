import { useEffect } from 'react'
import { useIntl } from 'react-intl'

export function useDocumentTitle(title: string | undefined): void {
  const intl = useIntl()
  useEffect(() => {
    const site = intl.formatMessage({ id: 'site.name' })
    document.title = title ? `${title} - ${site}` : site
  }, [title, intl])
}
