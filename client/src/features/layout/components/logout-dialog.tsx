import { useLocation } from 'wouter'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { localizePath } from '../../../lib/locale'
import { clearSessionUser } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useLogout } from '../api/logout'

/**
 * Asks before logging out, and logs out. The header loads it when a visitor
 * asks to: the dialog, its modal and swr's mutation hook stay out of every
 * page's first script.
 */
export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const locale = useLocale()
  const [, navigate] = useLocation()
  const { trigger: runLogout, isMutating: loggingOut } = useLogout()

  const doLogout = async () => {
    try {
      await runLogout()
    } catch {
      // The api client has shown the reason; the local state is cleared anyway.
    }
    clearSessionUser()
    onClose()
    showToast(t('logout.success'), 'success')
    navigate(localizePath(locale, '/'), { replace: true })
  }

  return (
    <ConfirmDialog
      title={t('logout.title')}
      text={t('logout.text')}
      confirmLabel={t('logout.confirm')}
      cancelLabel={t('logout.cancel')}
      pending={loggingOut}
      onConfirm={() => void doLogout()}
      onCancel={onClose}
    />
  )
}
