import type { SwrFallback } from './ssr-fallback'

// The state the server rendered with, embedded in the page as JSON so the
// hydration pass renders the same tree without fetching it again.

export const SSR_STATE_ID = 'rpt-ssr-state'

export interface SsrState {
  fallback: SwrFallback
  /** The path, as sent (still percent-encoded), the server answered with the 404 page (a missing record) */
  notFound?: string
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g
const ESCAPED: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' }

/** JSON safe inside a <script> element: no closing tag, no comment opener, no JS line separators. */
export function jsonForScript(value: unknown): string {
  // One pass over the page's state (some 18 KB on a report page), not one per character.
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (character) => ESCAPED[character]!)
}

export function serializeSsrState(state: SsrState): string {
  return jsonForScript(state)
}

export function ssrStateScript(state: SsrState): string {
  return `<script id="${SSR_STATE_ID}" type="application/json">${serializeSsrState(state)}</script>`
}

export function readSsrState(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): SsrState | null {
  const element = doc?.getElementById(SSR_STATE_ID)
  if (!element?.textContent) return null
  try {
    const state = JSON.parse(element.textContent) as SsrState
    return state && typeof state.fallback === 'object' && state.fallback !== null ? state : null
  } catch {
    return null
  }
}
