// swr and wouter take useSyncExternalStore from the use-sync-external-store
// shim, which on React 18 and later only hands back React's own hook. The
// build resolves the shim to this module (vite.config.ts), so its fallback for
// older React is not in every page's first script.
export { useSyncExternalStore } from 'react'
