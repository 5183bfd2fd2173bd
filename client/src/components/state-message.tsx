import type { ReactNode } from 'react'
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
