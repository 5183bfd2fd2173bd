import { dismissToast, useToasts } from '../lib/toast'
import { useT } from '../lib/use-t'

export function Toaster() {
  const toasts = useToasts()
  const t = useT()
  return (
    <div className="toaster" aria-live="polite" aria-atomic="false">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span>{toast.text}</span>
          <button type="button" className="toast-close" aria-label={t('common.close')} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
