import { rm, rmdir } from 'node:fs/promises'
import path from 'node:path'
import { sharedBuildDir } from './ssr/client-build.ts'

// Runs in Vitest's main process, the parent of every worker: the client build
// the workers share (test/ssr/client-build.ts) is named after this process.
export default async function setup() {
  const dir = sharedBuildDir(process.pid)
  // A run killed before its teardown may have left a build under this process id; never reuse it.
  await rm(dir, { recursive: true, force: true })
  return async () => {
    await rm(dir, { recursive: true, force: true })
    // The shared parent goes once no other run's build is in it.
    await rmdir(path.dirname(dir)).catch(() => {})
  }
}
