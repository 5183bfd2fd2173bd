import { useEffect } from 'react'
import { ApiError } from '../../../lib/api-client'
import { clearSessionUser, sessionStore } from '../../../lib/session'
import { getUserInfo } from '../api/user-info'

const NOT_LOGGED_IN = 200001

/**
 * The header trusts the remembered user; the session cookie may have expired
 * since. One quiet check per page load keeps the two in step.
 */
export function SessionCheck() {
  useEffect(() => {
    if (!sessionStore.get()) return
    getUserInfo({ background: true }).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === NOT_LOGGED_IN) clearSessionUser()
    })
  }, [])
  return null
}
