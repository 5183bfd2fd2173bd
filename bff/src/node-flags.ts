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
 * autocannon; docs/benchmarks.md, "Memory: BFF").
 */
export const BFF_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8']

/** The command line of `npm start -w bff` (bff/package.json's start script). */
export const BFF_START_SCRIPT = `node ${BFF_NODE_FLAGS.join(' ')} dist/server.js`
