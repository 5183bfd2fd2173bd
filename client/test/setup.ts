import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { loadAllMessages } from '../src/lib/intl'

// Screens load as chunks of their own: on a busy machine the first import of one takes
// longer than findBy*'s default second, so they wait up to five (a screen that never
// comes still fails).
configure({ asyncUtilTimeout: 5000 })

// The app loads its edition's messages before rendering (main.tsx); tests render either.
await loadAllMessages()

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})

// jsdom has no scrolling; the router scrolls to the top on navigation.
window.scrollTo = () => {}
