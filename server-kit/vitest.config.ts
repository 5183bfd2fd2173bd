import { workspaceTestConfig } from '../vitest.shared.ts'

export default workspaceTestConfig()
