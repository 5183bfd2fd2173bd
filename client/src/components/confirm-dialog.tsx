import { useId } from 'react'
import { Modal } from './modal'

interface Props {
  title: string
  text: string
  confirmLabel: string
  cancelLabel: string
  onConfirm: () => void
  onCancel: () => void
  pending?: boolean
}

/** Must be answered with a button: Esc and the mask do not close it. */
export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, onConfirm, onCancel, pending }: Props) {
  const textId = useId()
  return (
    <Modal title={title} onClose={onCancel} dismissible={false} size="small" role="alertdialog" describedBy={textId}>
      <p id={textId} className="confirm-text">
        {text}
      </p>
      <div className="button-row button-row-end">
        <button type="button" className="button button-secondary" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
