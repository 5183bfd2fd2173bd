import { workspaceTestConfig } from '../vitest.shared.ts'

// Making RSA key pairs takes seconds on a busy 2-core machine.
export default workspaceTestConfig({ hookTimeout: 120_000 })
