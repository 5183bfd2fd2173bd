import { defineConfig, type TestUserConfig } from 'vitest/config'

/**
 * What the test runs of bff, sandbox and server-kit share: the files under
 * test/, each file in a forked process, two at a time (a 2-core machine).
 * A workspace adds or overrides what its own tests need.
 */
export function workspaceTestConfig(test: TestUserConfig = {}) {
  return defineConfig({
    test: {
      include: ['test/**/*.test.ts'],
      pool: 'forks',
      // Files share a worker's module graph (each builds its own app from explicit settings): the
      // app's modules are loaded once per worker, not once per file.
      isolate: false,
      maxWorkers: 2,
      testTimeout: 30_000,
      ...test,
    },
  })
}
