import { spawn } from 'node:child_process'
import { access, mkdir, readFile, writeFile } from 'node:fs/promises'
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

/** Where this test run's shared build lives: one per Vitest run (the workers' parent process), under a directory named dist, which git ignores. */
export const sharedBuildDir = (runPid: number) => path.join(repoRoot, 'bff', 'test', 'ssr', 'dist', `run-${runPid}`)

async function build(dist: string): Promise<void> {
  await mkdir(dist, { recursive: true })
  await run(['build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir', '--sourcemap'])
  await run(['build', '--logLevel', 'error', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, 'server'), '--emptyOutDir'])
}

let built: Promise<{ dist: string }> | undefined

/**
 * The client and its server build as they ship, with source maps (each
 * chunk's map names the modules inside it). It sits inside the repository so
 * the server build resolves react and the rest from the workspace's
 * node_modules, as client/dist/server does. A build takes two vite runs, so
 * the files of one test run share one, read-only: the first worker to ask
 * makes it (a lock directory says who), the others wait for its marker; the
 * global teardown (test/global-setup.ts) removes it.
 */
export function buildClient(): Promise<{ dist: string }> {
  built ??= (async () => {
    const root = sharedBuildDir(process.ppid)
    const dist = path.join(root, 'client')
    const done = path.join(root, 'built')
    const failed = path.join(root, 'failed')
    await mkdir(path.dirname(root), { recursive: true })
    const mine = await mkdir(root).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return false
        throw error
      },
    )
    if (mine) {
      try {
        await build(dist)
        await writeFile(done, '')
      } catch (error) {
        await writeFile(failed, String(error))
        throw error
      }
      return { dist }
    }
    // Another worker is building it.
    for (;;) {
      if (await exists(done)) return { dist }
      if (await exists(failed)) throw new Error(`the shared client build failed in another worker:\n${await readFile(failed, 'utf8')}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })()
  return built
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )
