// The names of the BFF's data caches. The allow-list (upstream/) names the
// cache a call's answer is kept in; plugins/app/caches.ts keeps them, and the
// ops API purges and reads them by these names.

export const CACHE_NAMES = ['dict', 'config', 'carousel', 'map', 'hotReports', 'choiceness', 'categories', 'latestNews'] as const
export type CacheName = (typeof CACHE_NAMES)[number]

export function isCacheName(value: unknown): value is CacheName {
  return (CACHE_NAMES as readonly unknown[]).includes(value)
}
