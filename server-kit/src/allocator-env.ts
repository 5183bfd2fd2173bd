/**
 * glibc's allocator settings both servers run with, in their environment
 * (glibc reads them once, as the process starts: they are not Node flags).
 *
 * With them unset, glibc raises its mmap threshold to the size of any large
 * block freed (up to 32 MB): after the first burst of brotli windows, render
 * buffers and proxied bodies, every such block came from the heap arenas, and
 * freed, stayed resident there. Fixing the threshold at glibc's own starting
 * value (128 KiB) keeps large blocks in mappings of their own, returned to the
 * system when freed, and lets free memory at the top of a heap go back too.
 * After the bench's load (uncached report pages, proxied lists, home
 * payloads; docs/benchmarks.md) the BFF read 131–134 MB instead of 151–165,
 * the core API 120–137 instead of 126–149, at the same answers a second.
 */
export const ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
}

/** The settings as a shell command's prefix (package.json start scripts) */
export const ALLOCATOR_ENV_PREFIX = Object.entries(ALLOCATOR_ENV)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ')

/** A child's environment with the allocator settings, unless the operator chose their own */
export function withAllocatorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...ALLOCATOR_ENV, ...env }
}
