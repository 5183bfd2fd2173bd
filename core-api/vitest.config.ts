import { defineConfig } from 'vitest/config'

export default defineConfig({
  // @rpt/contract resolves to its source (contract/src/index.ts), not its
  // build: Vite applies the package's "development" export condition unless
  // NODE_ENV is production, and vitest runs in mode test. No alias needed.
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Files share a worker's module graph: each builds its own app and database from explicit
    // settings, and the app's modules (the AWS SDK, pdf-lib, fonts) load once per worker, not
    // once per file (about a third of the suite's time).
    isolate: false,
    // Each file starts its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
