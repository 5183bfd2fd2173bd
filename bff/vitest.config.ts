import { defineConfig } from 'vitest/config'

export default defineConfig({
  // @rpt/contract resolves to its source (contract/src/index.ts), not its
  // build: Vite applies the package's "development" export condition unless
  // NODE_ENV is production, and vitest runs in mode test. No alias needed.
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // Files that need the core API start their own; two at a time suits a 2-core machine.
    maxWorkers: 2,
    testTimeout: 30_000,
    // Starting the core API migrates and seeds an embedded database.
    hookTimeout: 150_000,
  },
})
