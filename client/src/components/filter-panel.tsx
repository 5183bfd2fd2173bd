import { useEffect, useState, type ReactNode } from 'react'
import { useT } from '../lib/use-t'

/** Facets: a left column on desktop, a drawer opened by a button on phones. */
export function FilterPanel({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  const t = useT()
  // The drawer is open for one resetKey: choosing a facet navigates (a new
  // key), which closes it so the results show.
  const [openFor, setOpenFor] = useState<string | null>(null)
  const open = openFor === resetKey
  const setOpen = (next: boolean) => setOpenFor(next ? resetKey : null)
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenFor(null)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])
  return (
    <>
      <button type="button" className="button button-secondary filter-toggle" aria-expanded={open} onClick={() => setOpen(true)}>
        {t('common.showFilters')}
      </button>
      <aside className={`filter-panel${open ? ' is-open' : ''}`} aria-label={t('common.filters')}>
        <div className="filter-panel-head">
          <span>{t('common.filters')}</span>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => setOpen(false)}>
            ×
          </button>
        </div>
        {children}
      </aside>
      {open && <div className="filter-backdrop" onClick={() => setOpen(false)} aria-hidden="true" />}
    </>
  )
}
