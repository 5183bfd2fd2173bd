import { ALLOCATOR_ENV_PREFIX } from '@rpt/server-kit/allocator-env'

/**
 * The Node flags the core API's process runs with, in this one place. Every
 * launcher passes them: scripts/start.mjs (npm start, from the build),
 * `npm start -w core-api` (core-api/package.json, whose test checks it holds
 * these), bench/run.ts and the multi-instance test (deploy/test). A process
 * manager of your own runs `node <these flags> core-api/dist/server.js`
 * (deploy/env/core-api.env). The embedded database's process does not
 * inherit them: it runs with its own (db/database.ts).
 *
 * --max-semi-space-size=8: V8's young generation grows to two semi-spaces of
 * 16 MB, all 32 MB committed after the first load and resident for good;
 * with 8 MB they are 16. What a request allocates dies young in either (an
 * answer lives a few milliseconds), so nothing more is promoted, and the more
 * frequent scavenges cost about 10 µs per answer (--trace-gc-nvp: 18 -> 29 µs
 * of pauses per pageList, of some 1,000 µs of CPU). Smaller semi-spaces (4,
 * 2, 1 MB) promote the search's larger answers and grew the old generation
 * by more than they saved.
 *
 * --heap-growing-percent=30: the old generation is collected once it has
 * grown by 30 % past the live heap, not up to four times it (V8's default
 * under a high allocation rate): after a load the committed heap was more
 * than twice the live one, garbage kept resident (docs/benchmarks.md,
 * "Memory: core API").
 */
export const CORE_API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=30']

/** The command line of `npm start -w core-api` (core-api/package.json's start script). */
export const CORE_API_START_SCRIPT = `${ALLOCATOR_ENV_PREFIX} node ${CORE_API_NODE_FLAGS.join(' ')} dist/server.js`
