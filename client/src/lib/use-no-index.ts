import { useEffect } from 'react'

/** Search engines must not index this page should they find it (the BFF also sends X-Robots-Tag): the ops page, the staff console. */
export function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex, nofollow'
    document.head.appendChild(meta)
    return () => meta.remove()
  }, [])
}
