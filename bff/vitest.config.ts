import { workspaceTestConfig } from '../vitest.shared.ts'

// @rpt/contract resolves to its source (contract/src/index.ts), not its
// build: Vite applies the package's "development" export condition unless
// NODE_ENV is production, and vitest runs in mode test. No alias needed.
export default workspaceTestConfig({
  // Files that need the core API start their own, which migrates and seeds an embedded database.
  hookTimeout: 150_000,
  // Removes the client build the files that need one share (test/ssr/client-build.ts).
  globalSetup: ['./test/global-setup.ts'],
})
