import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // Making RSA key pairs takes seconds on a busy 2-core machine.
    hookTimeout: 120_000,
  },
})
