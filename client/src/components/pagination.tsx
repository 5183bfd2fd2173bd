import { useT } from '../lib/use-t'
import { NavAnchor } from './nav-anchor'

interface Props {
  page: number
  pageSize: number
  total: number
  /** The link for a page; pagination is real links so pages can be shared. */
  hrefFor: (page: number) => string
  onNavigate: (href: string) => void
}

/** Page numbers with gaps: 1 … 4 5 6 … 12 */
export function pageWindow(page: number, pages: number): Array<number | 'gap'> {
  const result: Array<number | 'gap'> = []
  const wanted = new Set([1, pages, page - 1, page, page + 1])
  if (page <= 3) [2, 3, 4].forEach((p) => wanted.add(p))
  if (page >= pages - 2) [pages - 1, pages - 2, pages - 3].forEach((p) => wanted.add(p))
  let previous = 0
  for (let p = 1; p <= pages; p++) {
    if (!wanted.has(p)) continue
    if (p - previous > 1) result.push('gap')
    result.push(p)
    previous = p
  }
  return result
}

export function Pagination({ page, pageSize, total, hrefFor, onNavigate }: Props) {
  const t = useT()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {page > 1 ? (
        <NavAnchor className="page-link page-step" href={hrefFor(page - 1)} onNavigate={onNavigate} rel="prev">
          {t('pagination.prev')}
        </NavAnchor>
      ) : (
        <span className="page-link page-step is-disabled" aria-disabled="true">
          {t('pagination.prev')}
        </span>
      )}
      <ul className="page-list">
        {pageWindow(page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <NavAnchor
                className={`page-link${item === page ? ' is-current' : ''}`}
                href={hrefFor(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onNavigate={onNavigate}
              >
                {item}
              </NavAnchor>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <NavAnchor className="page-link page-step" href={hrefFor(page + 1)} onNavigate={onNavigate} rel="next">
          {t('pagination.next')}
        </NavAnchor>
      ) : (
        <span className="page-link page-step is-disabled" aria-disabled="true">
          {t('pagination.next')}
        </span>
      )}
    </nav>
  )
}
