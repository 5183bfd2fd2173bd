import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One deployment (four Node processes, nginx, s3rver) at a time on a 2-core machine.
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
    // Steps share the buyer's state and run in order; a retry would repeat a payment.
    retry: 0,
    testTimeout: 90_000,
    // Starting the stack (both core APIs migrate and seed from source) and tearing it down.
    hookTimeout: 240_000,
  },
})
