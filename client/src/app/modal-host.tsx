import { lazy, Suspense, useEffect } from 'react'
import { withOnDemandMessages } from '../lib/intl'
import { closeModal, openModal, useModal } from '../lib/modal-store'

// Every modal loads when first opened, with the on-demand words it shows: the
// forms, their messages, the credential encryption (crypto-js) and the QR
// code library stay out of the first page's script.
const AuthModal = lazy(withOnDemandMessages(() => import('../features/auth/components/auth-modal').then((m) => ({ default: m.AuthModal }))))
const ForgotPasswordModal = lazy(
  withOnDemandMessages(() => import('../features/auth/components/forgot-password-modal').then((m) => ({ default: m.ForgotPasswordModal }))),
)
const CustomRequestModal = lazy(
  withOnDemandMessages(() =>
    import('../features/custom-request/components/custom-request-modal').then((m) => ({ default: m.CustomRequestModal })),
  ),
)
const PayModal = lazy(withOnDemandMessages(() => import('../features/orders/components/pay-modal').then((m) => ({ default: m.PayModal }))))
const ResearchEmailModal = lazy(
  withOnDemandMessages(() => import('../features/orders/components/research-email-modal').then((m) => ({ default: m.ResearchEmailModal }))),
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
  return <Suspense fallback={null}>{renderModal(modal)}</Suspense>
}

function renderModal(modal: NonNullable<ReturnType<typeof useModal>>) {
  switch (modal.mode) {
    case 'custom':
      return <CustomRequestModal request={modal} onClose={closeModal} />
    case 'pay':
      return <PayModal key={JSON.stringify(modal.target)} target={modal.target} onClose={closeModal} />
    case 'research-email':
      return <ResearchEmailModal order={modal.order} onClose={closeModal} />
    case 'forgot':
      return <ForgotPasswordModal onClose={closeModal} />
    default:
      return <AuthModal state={modal} onClose={closeModal} />
  }
}
