import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useAttempt } from './use-attempt'
import { useStaffT } from './use-staff-t'

interface Words {
  title: string
  text: string
  confirmLabel: string
}

/**
 * A desk's actions that run only once confirmed: which one is asked, the
 * dialog that asks it, and the server's refusal in the staff language.
 */
export function useConfirmedAction<A extends string>(fallback: string, work: (action: A) => Promise<void>) {
  const t = useStaffT()
  const [asked, setAsked] = useState<A>()
  const { pending, failure, attempt } = useAttempt(fallback)

  /** The dialog of the action asked (nothing when none is): confirmed, it closes and the work runs (pending meanwhile). */
  const dialog = (words: (action: A) => Words) =>
    asked && (
      <ConfirmDialog
        {...words(asked)}
        cancelLabel={t('staff.cancel')}
        pending={pending}
        onConfirm={() => {
          setAsked(undefined)
          void attempt(() => work(asked))
        }}
        onCancel={() => setAsked(undefined)}
      />
    )
  const failed = failure && (
    <p role="alert" className="staff-banner staff-banner-error">
      {failure}
    </p>
  )
  return { ask: setAsked, pending, dialog, failed }
}
