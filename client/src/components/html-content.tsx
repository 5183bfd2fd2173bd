import { useMemo } from 'react'
import { fitHeadings } from '../lib/heading-outline'

// The core API sanitizes every HTML field it serves (see its OpenAPI
// descriptions), so rendering it as markup is safe here.
export function HtmlContent({
  html,
  className = '',
  headingsFrom,
}: {
  html: string | null | undefined
  className?: string
  /** The level the text's top headings take in the page's outline (2 for an article's body under its h1) */
  headingsFrom?: number
}) {
  const markup = useMemo(() => (html && headingsFrom ? fitHeadings(html, headingsFrom) : html), [html, headingsFrom])
  if (!markup) return null
  return <div className={`prose ${className}`} dangerouslySetInnerHTML={{ __html: markup }} />
}
