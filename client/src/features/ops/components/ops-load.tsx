import type { ReactNode } from 'react'
import { useOpsT } from './use-ops-t'

/** An ops section's answer in place: a note while it loads or when it failed, else what it shows. */
export function OpsLoad<D>({ state, children }: { state: { data?: D; error?: unknown }; children: (data: D) => ReactNode }) {
  const t = useOpsT()
  if (state.data !== undefined) return <>{children(state.data)}</>
  return <p className="muted">{t(state.error ? 'ops.loadFailed' : 'ops.loading')}</p>
}
