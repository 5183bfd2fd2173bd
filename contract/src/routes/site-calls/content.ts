import type { CallAddress } from '../call-address.ts'

// The BFFs' side of publishing: purges by tag, slug redirects, signed previews.
export const contentCalls = {
  changes: { method: 'GET', path: '/content/changes', safety: 'read', audience: 'platform' },
  redirect: { method: 'GET', path: '/content/redirect', safety: 'read', audience: 'platform' },
  seo: { method: 'GET', path: '/content/seo', safety: 'read', audience: 'platform' },
  preview: { method: 'GET', path: '/content/preview/:token', safety: 'read', audience: 'platform' },
} as const satisfies Record<string, CallAddress>
