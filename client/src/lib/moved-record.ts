import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { isMissingRecord } from './missing-record'
import { localizePath, type Locale } from './locale'

// A report, bulletin or news article asked for by a slug it no longer has
// (renamed after it was published). The server answers such an address with a
// 301; a link followed inside the site never reaches the server, so the
// client asks the BFF's page payload of that kind, which names the new slug
// as data.movedTo beside the missing record's code (docs/staff.md#old-slugs).

/** The BFF page payload of each kind of detail page. */
export type MovablePage = 'report' | 'bulletin' | 'article'

/** A record asked for by an old slug: the screen goes to its new slug instead of saying it is missing. */
export class RecordMoved extends Error {
  readonly slug: string
  constructor(slug: string) {
    super(`the record has moved to ${slug}`)
    this.name = 'RecordMoved'
    this.slug = slug
  }
}

/** The new slug the page payload names, or null. Asked only once a record is missing; the BFF remembers its answers. */
export async function movedSlug(page: MovablePage, webTitle: string, locale: Locale): Promise<string | null> {
  try {
    const search = new URLSearchParams({ webTitle, lang: locale })
    const response = await fetch(`/bff/pages/${page}?${search.toString()}`, {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
    })
    const envelope = (await response.json()) as { data?: { movedTo?: unknown } | null } | null
    const slug = envelope?.data?.movedTo
    return typeof slug === 'string' && slug !== '' && slug !== webTitle ? slug : null
  } catch {
    // Unreachable or not an envelope: the record is simply missing.
    return null
  }
}

/** `load`'s record; a missing one whose slug moved fails with RecordMoved. */
export async function loadOrMoved<T>(page: MovablePage, webTitle: string, locale: Locale, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (isMissingRecord(error)) {
      const slug = await movedSlug(page, webTitle, locale)
      if (slug) throw new RecordMoved(slug)
    }
    throw error
  }
}

/**
 * Goes to a moved record's new address (the query kept, the history entry
 * replaced), as the server's 301 does; answers the state to show meanwhile:
 * loading, not missing.
 */
export function useFollowMove<S extends { error?: unknown; data?: unknown; isLoading: boolean }>(
  state: S,
  locale: Locale,
  /** The route's path builder (paths.report, …): a module's function, so the same on every render */
  pathOf: (slug: string) => string,
): S {
  const [, navigate] = useLocation()
  const search = useSearch()
  const movedTo = state.error instanceof RecordMoved ? state.error.slug : undefined
  useEffect(() => {
    if (movedTo) navigate(`${localizePath(locale, pathOf(movedTo))}${search ? `?${search}` : ''}`, { replace: true })
  }, [movedTo, locale, search, navigate, pathOf])
  return movedTo ? { ...state, data: undefined, error: undefined, isLoading: true } : state
}
