// The core API sanitizes every HTML field it serves (see its OpenAPI
// descriptions), so rendering it as markup is safe here.
export function HtmlContent({ html, className = '' }: { html: string | null | undefined; className?: string }) {
  if (!html) return null
  return <div className={`prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
}
