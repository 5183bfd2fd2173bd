import { useEffect, useSyncExternalStore } from 'react'
import { createStore } from './create-store'

// The BFF keeps the session token in an HttpOnly cookie; the client only
// remembers who is logged in so the header can show it.
export interface SessionUser {
  id: string
  name: string
  [field: string]: unknown
}

const STORAGE_KEY = 'rpt.user'

function readStored(): SessionUser | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as Partial<SessionUser>
    return parsed && typeof parsed.id === 'string' && parsed.id ? (parsed as SessionUser) : null
  } catch {
    return null
  }
}

export const sessionStore = createStore<SessionUser | null>(readStored())

export function setSessionUser(user: { id: string | number; name?: string | null; [k: string]: unknown }): void {
  // Only what the header shows: the rest of the profile stays on the server.
  const loginCode = typeof user.loginCode === 'string' ? user.loginCode : ''
  const value: SessionUser = { id: String(user.id), name: user.name || loginCode }
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(value))
  } catch {
    // Private mode: the header still shows the user for this page view.
  }
  sessionStore.set(value)
}

export function clearSessionUser(): void {
  try {
    localStorage.removeItem(STORAGE_KEY)
  } catch {
    /* storage unavailable */
  }
  sessionStore.set(null)
}

// The server renders anonymously; hydration must too, then shows the remembered user.
const anonymous = (): SessionUser | null => null
export const useSessionUser = (): SessionUser | null => useSyncExternalStore(sessionStore.subscribe, sessionStore.get, anonymous)

const NOT_LOGGED_IN = 200001

/**
 * A page that needs the session got 'User not logged in': the remembered user
 * is stale, so forget it and let the page offer the login instead.
 */
export function useForgetUserWhenRejected(error: unknown): void {
  const code = (error as { code?: unknown } | null | undefined)?.code
  useEffect(() => {
    if (code === NOT_LOGGED_IN) clearSessionUser()
  }, [code])
}
