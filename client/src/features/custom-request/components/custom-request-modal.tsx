import { Modal } from '../../../components/modal'
import type { ModalState } from '../../../lib/modal-store'
import { useT } from '../../../lib/use-t'
import { CustomRequestForm } from './custom-request-form'

type Request = Extract<ModalState, { mode: 'custom' }>

/** Modal mode 1: a sample request about a report (type '1') or custom research (type '2'). */
export function CustomRequestModal({ request, onClose }: { request: Request; onClose: () => void }) {
  const t = useT()
  const sample = request.type === '1'
  return (
    <Modal title={sample ? t('modal.sample.title') : t('modal.custom.title')} onClose={onClose} size="large">
      {request.reportTitle && <p className="modal-context">{t('modal.sample.intro', { title: request.reportTitle })}</p>}
      <p className="form-note">{t('market.formIntro')}</p>
      <CustomRequestForm
        type={request.type}
        reportId={request.reportId}
        reportPrice={request.reportPrice}
        initialDemand={request.demand}
        onSent={onClose}
        focusFirst
      />
    </Modal>
  )
}
