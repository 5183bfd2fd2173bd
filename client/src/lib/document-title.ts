// A page's <title>, one rule for the server's head (app/ssr-head.ts) and the
// screens' document.title after hydration (use-document-title.ts), so the
// tab keeps what the server rendered: the staff's SEO title where set, as
// they wrote it (no site name added); else the page's words and the site's.

/** Plain text as the staff typed it, on one line; undefined when empty. */
export function seoText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.replace(/\s+/g, ' ').trim() : undefined
}

export interface TitleParts {
  /** The site's name */
  site: string
  /** What the page is ("EV batteries - Research Report Detail"); the site's name alone without it */
  page?: string | undefined
  /** The record's SEO title, which is the whole title when set */
  seoTitle?: unknown
}

export function documentTitle({ site, page, seoTitle }: TitleParts): string {
  return seoText(seoTitle) ?? (page ? `${page} - ${site}` : site)
}
