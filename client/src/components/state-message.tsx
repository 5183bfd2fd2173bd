import type { ReactNode } from 'react'
import { LocalLink } from './local-link'
import { useT } from '../lib/use-t'

interface Props {
  title: string
  text?: string
  action?: ReactNode
}

export function StateMessage({ title, text, action }: Props) {
  return (
    <div className="state-message" role="status">
      <p className="state-title">{title}</p>
      {text && <p className="state-text">{text}</p>}
      {action && <div className="state-action">{action}</div>}
    </div>
  )
}

export function LoadError({ onRetry }: { onRetry?: () => void }) {
  const t = useT()
  return (
    <StateMessage
      title={t('common.errorTitle')}
      text={t('common.errorText')}
      action={
        onRetry && (
          <button type="button" className="button button-secondary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        )
      }
    />
  )
}

/** Codes that mean the record itself does not exist (report/bulletin 100005, anything else 404). */
/**
 * The whole page of a detail whose record could not be shown: not found,
 * with a way back to its list, or a load failure with a retry.
 */
export function RecordUnavailable({
  missing,
  title,
  backTo,
  backLabel,
  onRetry,
}: {
  missing: boolean
  title: string
  backTo: string
  backLabel: string
  onRetry: () => void
}) {
  return (
    <div className="container page-section">
      {missing ? (
        <StateMessage
          title={title}
          action={
            <LocalLink to={backTo} className="button button-primary">
              {backLabel}
            </LocalLink>
          }
        />
      ) : (
        <LoadError onRetry={onRetry} />
      )}
    </div>
  )
}
