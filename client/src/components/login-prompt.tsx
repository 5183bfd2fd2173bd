import { openModal } from '../lib/modal-store'
import { useSessionUser } from '../lib/session'
import { useT } from '../lib/use-t'

/** The personal-centre pages need a session; without one they offer to log in. */
export function LoginPrompt() {
  const t = useT()
  return (
    <div className="state-message">
      <p className="state-title">{t('account.needLogin')}</p>
      <button type="button" className="button button-primary" onClick={() => openModal({ mode: 'login' })}>
        {t('header.login')}
      </button>
    </div>
  )
}

export const useLoggedIn = (): boolean => Boolean(useSessionUser())
