import { Modal } from '../../../components/modal'
import type { StaffCredentials } from '../api/staff-accounts'
import { useStaffT } from '../kit/use-staff-t'
import { CredentialsShown } from './totp-setup'

/**
 * The credentials an add or a reset made, shown this once: nothing keeps them (not the list, not the
 * address), so the dialog closes only by its button, once they are handed over.
 */
export function CredentialsDialog({ name, credentials, onClose }: { name: string; credentials: StaffCredentials; onClose: () => void }) {
  const t = useStaffT()
  return (
    <Modal title={t('staff.accounts.credentialsTitle', { name })} onClose={onClose} dismissible={false} size="medium">
      <p className="staff-banner staff-banner-warning">{t('staff.accounts.credentialsLead', { name })}</p>
      <CredentialsShown name={name} credentials={credentials} />
      <div className="button-row button-row-end">
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          {t('staff.accounts.handedOver')}
        </button>
      </div>
    </Modal>
  )
}
