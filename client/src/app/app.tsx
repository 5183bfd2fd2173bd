import { Router } from 'wouter'
import { Toaster } from '../components/toaster'
import { SessionCheck } from '../features/auth/components/session-check'
import { BuildFreshness } from './build-freshness'
import { ModalHost } from './modal-host'
import { AppProvider } from './provider'
import { AppRouter } from './router'

export function App() {
  return (
    <Router>
      <AppProvider>
        <AppRouter />
        <ModalHost />
        <Toaster />
        <BuildFreshness />
        <SessionCheck />
      </AppProvider>
    </Router>
  )
}
