import type { CallAddress } from '../call-address.ts'

// Images staff uploaded (rich text, carousel slides), named by their SHA-256.
export const mediaCalls = {
  image: { method: 'GET', path: '/media/images/:file', safety: 'read' },
} as const satisfies Record<string, CallAddress>
