import { ALLOCATOR_ENV_PREFIX } from '@rpt/server-kit/allocator-env'

/**
 * The Node flags the BFF's process runs with, in this one place, as the core
 * API's (core-api/src/platform/node-flags.ts). Every launcher passes them:
 * scripts/start.mjs (npm start), `npm start -w bff` (bff/package.json, whose
 * test checks it holds these), bench/run.ts and the multi-instance test. A
 * process manager of your own runs
 * `node <these flags> bff/dist/server.js` (deploy/env/bff.env).
 *
 * --max-semi-space-size=8: V8's young generation grows to two semi-spaces of
 * 16 MB under load, committed for good. With 8 MB, what a request allocates
 * still dies young (a page or a proxied answer lives a few milliseconds), and
 * the resident memory after a load of rendered pages or proxied lists was
 * 175 / 125 MB instead of 198–217 / 141 MB, at the same throughput (2 cores,
 * autocannon; docs/benchmarks.md, "Round three").
 *
 * --heap-growing-percent=20: what a burst of answers promotes to the old
 * generation is garbage within milliseconds, yet V8 let the old generation
 * grow to up to four times the live heap before collecting it (live 40–50 MB,
 * used 130 MB, committed 150–190 MB after 15 s of proxied lists; a heap
 * snapshot after them held no more than before). Collected once it has grown
 * by a fifth, the committed heap stayed at 70–80 MB and the resident size at
 * 150–160 MB instead of 240–300, with no change in answers a second beyond
 * the machine's noise (home payloads and lists, three rounds each).
 */
export const BFF_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=20']

/** The command line of `npm start -w bff` (bff/package.json's start script). */
export const BFF_START_SCRIPT = `${ALLOCATOR_ENV_PREFIX} node ${BFF_NODE_FLAGS.join(' ')} dist/server.js`
