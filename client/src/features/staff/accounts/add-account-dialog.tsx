import { useState } from 'react'
import type { StaffRole } from '@rpt/contract'
import { FormField } from '../../../components/form-field'
import { Modal } from '../../../components/modal'
import { addStaffAccount, type StaffAccountResult } from '../api/staff-accounts'
import { RoleSelect } from './role-select'
import { TextField } from '../kit/form-fields'
import { useAttempt } from '../kit/use-attempt'
import { useStaffT } from '../kit/use-staff-t'

/** As the contract's StaffNameField: said beside the field before the server would refuse it. */
const NAME = /^[A-Za-z0-9._-]{2,64}$/

interface Props {
  onAdded: (result: StaffAccountResult) => void
  onCancel: () => void
}

/** addStaffAccount: a name and a role; the answer's one-time credentials are the caller's to show. */
export function AddAccountDialog({ onAdded, onCancel }: Props) {
  const t = useStaffT()
  const [name, setName] = useState('')
  const [role, setRole] = useState<StaffRole>('editor')
  const [nameError, setNameError] = useState<string>()
  const { pending, failure, attempt } = useAttempt(t('staff.accounts.failed'))

  const submit = () => {
    const trimmed = name.trim()
    if (!NAME.test(trimmed)) {
      setNameError(t('staff.accounts.nameInvalid'))
      return
    }
    setNameError(undefined)
    void attempt(async () => onAdded(await addStaffAccount(trimmed, role)))
  }

  return (
    <Modal title={t('staff.accounts.add')} onClose={onCancel} dismissible={!pending} size="small">
      <form
        className="staff-desk-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <p className="staff-meta">{t('staff.accounts.addLead')}</p>
        <TextField
          label={t('staff.accounts.name')}
          hint={t('staff.accounts.nameHint')}
          error={nameError}
          required
          maxLength={64}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          value={name}
          onChange={setName}
          data-autofocus
        />
        <FormField label={t('staff.accounts.role')} required>
          {(control) => <RoleSelect {...control} value={role} onChange={setRole} />}
        </FormField>
        {failure && (
          <p role="alert" className="staff-banner staff-banner-error">
            {failure}
          </p>
        )}
        <div className="button-row button-row-end">
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={pending}>
            {t('staff.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? t('staff.accounts.adding') : t('staff.accounts.addSubmit')}
          </button>
        </div>
      </form>
    </Modal>
  )
}
