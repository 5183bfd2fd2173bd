import { useSyncExternalStore } from 'react'

const unchanging = () => () => {}

/**
 * False on the server and while React hydrates what the server sent, true
 * from the render after; true from the first render on a page the client
 * renders alone. A server-rendered form waits for it, so nothing typed or
 * clicked before the form's script is there is lost.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  )
