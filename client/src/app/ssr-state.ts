import type { SwrFallback } from './ssr-fallback'

// The state the server rendered with, embedded in the page as JSON so the
// hydration pass renders the same tree without fetching it again.

export const SSR_STATE_ID = 'rpt-ssr-state'

export interface SsrState {
  fallback: SwrFallback
  /** The path, as sent (still percent-encoded), the server answered with the 404 page (a missing record) */
  notFound?: string
}

/** JSON safe inside a <script> element: no closing tag, no comment opener, no JS line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
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
