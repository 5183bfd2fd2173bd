import { Router } from 'wouter'
import { Toaster } from '../components/toaster'
import { SessionCheck } from '../features/auth/components/session-check'
import { BuildFreshness } from './build-freshness'
import { ModalHost } from './modal-host'
import { AppProvider } from './provider'
import { AppRouter } from './router'
import type { SsrState } from './ssr-state'

export interface AppProps {
  /** The state the server rendered with (server render and hydration) */
  ssr?: SsrState | null
  /** The request's path and query string (without '?'), on the server only */
  ssrPath?: string
  ssrSearch?: string
}

export function App({ ssr = null, ssrPath, ssrSearch }: AppProps = {}) {
  return (
    <Router {...(ssrPath !== undefined ? { ssrPath } : {})} {...(ssrSearch !== undefined ? { ssrSearch } : {})}>
      <AppProvider ssr={ssr}>
        <AppRouter />
        <ModalHost />
        <Toaster />
        <BuildFreshness />
        <SessionCheck />
      </AppProvider>
    </Router>
  )
}
