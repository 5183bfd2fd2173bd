import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { loadAllMessages } from '../src/lib/intl'

// The app loads its edition's messages before rendering (main.tsx); tests render either.
await loadAllMessages()

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})

// jsdom has no scrolling; the router scrolls to the top on navigation.
window.scrollTo = () => {}
