import { spawn } from 'node:child_process'
import { mkdir, rm, rmdir } from 'node:fs/promises'
import path from 'node:path'
import { repoRoot } from '../../src/paths.ts'

const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js')
const clientDir = path.join(repoRoot, 'client')

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // As `npm run build` makes it: the test runner's NODE_ENV=test would give React's development build, and its
    // VITEST variables the client's unit-test configuration (messages not precompiled, react-intl with its parser).
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')))
    const child = spawn(process.execPath, [vite, ...args], {
      cwd: clientDir,
      env: { ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`vite ${args.join(' ')} exited ${code}:\n${stderr}`))))
  })
}

/**
 * The client and its server build, built for this test file alone. It sits
 * inside the repository so the server build resolves react and the rest from
 * the workspace's node_modules, as client/dist/server does. With sourcemap,
 * each chunk's map names the modules inside it.
 */
export async function buildClient(options: { sourcemap?: boolean } = {}): Promise<{ dist: string; remove: () => Promise<void> }> {
  // Under a directory named dist, which git ignores.
  const dist = path.join(repoRoot, 'bff', 'test', 'ssr', 'dist', `${process.pid}-${Date.now()}`)
  await mkdir(dist, { recursive: true })
  await run(['build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir', ...(options.sourcemap ? ['--sourcemap'] : [])])
  await run(['build', '--logLevel', 'error', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, 'server'), '--emptyOutDir'])
  const remove = async () => {
    await rm(dist, { recursive: true, force: true })
    // The shared parent goes once the last build in it is gone.
    await rmdir(path.dirname(dist)).catch(() => {})
  }
  return { dist, remove }
}
