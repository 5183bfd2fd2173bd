import { lazy, Suspense, useEffect } from 'react'
import { AuthModal } from '../features/auth/components/auth-modal'
import { ForgotPasswordModal } from '../features/auth/components/forgot-password-modal'
import { CustomRequestModal } from '../features/custom-request/components/custom-request-modal'
import { closeModal, openModal, useModal } from '../lib/modal-store'

// Payment modals (and the QR code library) load only when someone buys.
const PayModal = lazy(() => import('../features/orders/components/pay-modal').then((m) => ({ default: m.PayModal })))
const ResearchEmailModal = lazy(() =>
  import('../features/orders/components/research-email-modal').then((m) => ({ default: m.ResearchEmailModal })),
)

/** The one modal outlet: features open modes through lib/modal-store. */
export function ModalHost() {
  const modal = useModal()

  // A reset link from the e-mail opens the set-new-password mode.
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('resetToken')
    if (token) openModal({ mode: 'reset', resetToken: token })
  }, [])

  if (!modal) return null
  switch (modal.mode) {
    case 'custom':
      return <CustomRequestModal request={modal} onClose={closeModal} />
    case 'pay':
      return (
        <Suspense fallback={null}>
          <PayModal key={JSON.stringify(modal.target)} target={modal.target} onClose={closeModal} />
        </Suspense>
      )
    case 'research-email':
      return (
        <Suspense fallback={null}>
          <ResearchEmailModal order={modal.order} onClose={closeModal} />
        </Suspense>
      )
    case 'forgot':
      return <ForgotPasswordModal onClose={closeModal} />
    default:
      return <AuthModal state={modal} onClose={closeModal} />
  }
}
