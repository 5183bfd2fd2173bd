import { rm, rmdir } from 'node:fs/promises'
import path from 'node:path'
import { sharedBuildDir } from './ssr/client-build.ts'

// Runs in Vitest's main process, the parent of every worker: the client build
// the workers shared (test/ssr/client-build.ts) is removed when the run ends.
export default function setup() {
  return async () => {
    const dir = sharedBuildDir(process.pid)
    await rm(dir, { recursive: true, force: true })
    // The shared parent goes once no other run's build is in it.
    await rmdir(path.dirname(dir)).catch(() => {})
  }
}
