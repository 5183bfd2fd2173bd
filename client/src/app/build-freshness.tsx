import { useEffect, useState } from 'react'
import { useT } from '../lib/use-t'
import { reloadOnceForChunkError } from './lazy-screen'

export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000

/** The hashed entry script of an index.html, which changes with every build. */
export function entryScriptOf(html: string): string | null {
  const match = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html) ?? /<script[^>]+src="([^"]+)"[^>]+type="module"/.exec(html)
  return match?.[1] ?? null
}

function currentEntry(): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]')
  if (!script) return null
  return new URL(script.src, window.location.href).pathname
}

export async function isNewerBuildAvailable(): Promise<boolean> {
  const current = currentEntry()
  if (!current || current.includes('/src/')) return false // dev server
  const response = await fetch('/index.html', { cache: 'no-store', credentials: 'same-origin' })
  if (!response.ok) return false
  const latest = entryScriptOf(await response.text())
  return Boolean(latest && new URL(latest, window.location.href).pathname !== current)
}

/** Hourly check for a newer build; offers a reload rather than forcing one mid-form. */
export function BuildFreshness() {
  const t = useT()
  const [stale, setStale] = useState(false)
  useEffect(() => {
    const check = () => {
      isNewerBuildAvailable()
        .then((newer) => newer && setStale(true))
        .catch(() => {})
    }
    const timer = window.setInterval(check, BUILD_CHECK_INTERVAL_MS)
    const onPreloadError = (event: Event) => {
      if (reloadOnceForChunkError()) event.preventDefault()
    }
    window.addEventListener('vite:preloadError', onPreloadError)
    return () => {
      window.clearInterval(timer)
      window.removeEventListener('vite:preloadError', onPreloadError)
    }
  }, [])
  if (!stale) return null
  return (
    <div className="update-banner" role="status">
      <span>{t('build.newVersion')}</span>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        {t('build.reload')}
      </button>
    </div>
  )
}
