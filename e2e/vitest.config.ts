import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // One stack and one browser for the whole run; a 2-core machine runs one file at a time.
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    // Building the workspaces and the first start (migrations, fixtures) take a while.
    hookTimeout: 180_000,
    retry: 0,
  },
})
