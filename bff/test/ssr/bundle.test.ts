import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../src/paths.ts'
import { assertBundleMatches, BuildMismatchError, BUNDLE_PATH, missingBundleWarning } from '../../src/ssr/bundle.ts'
import { buildBff } from '../helpers/build-app.ts'

// What `vite build --ssr` writes with NODE_ENV=development, and without it.
const DEV_BUNDLE = 'import { jsxDEV } from "react/jsx-dev-runtime";\nexport function render() { return jsxDEV("div", {}); }\n'
const PROD_BUNDLE = 'import { jsx } from "react/jsx-runtime";\nexport function render() { return jsx("div", {}); }\n'

describe('a development server build in production', () => {
  let base: string
  const dist = (name: string) => path.join(base, name)

  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'rpt-bundle-'))
    for (const [name, text] of [
      ['dev', DEV_BUNDLE],
      ['prod', PROD_BUNDLE],
    ] as const) {
      await mkdir(path.join(dist(name), 'server'), { recursive: true })
      await writeFile(path.join(dist(name), BUNDLE_PATH), text)
    }
  })
  afterAll(async () => {
    await rm(base, { recursive: true, force: true })
  })

  it('is refused, with how to rebuild', async () => {
    const refusal = assertBundleMatches(dist('dev'), 'production')
    await expect(refusal).rejects.toBeInstanceOf(BuildMismatchError)
    await expect(refusal).rejects.toThrow(/development build.*NODE_ENV is production.*npm run build/s)
  })

  it('passes a production build, no build at all, and any build outside production', async () => {
    await expect(assertBundleMatches(dist('prod'), 'production')).resolves.toBeUndefined()
    await expect(assertBundleMatches(dist('none'), 'production')).resolves.toBeUndefined()
    await expect(assertBundleMatches(dist('dev'), 'development')).resolves.toBeUndefined()
    await expect(assertBundleMatches(dist('dev'), 'test')).resolves.toBeUndefined()
  })

  it('stops the BFF from starting', async () => {
    await expect(buildBff({ NODE_ENV: 'production', CLIENT_DIST_DIR: dist('dev') })).rejects.toBeInstanceOf(BuildMismatchError)
  })

  it('makes server.ts exit 1 with the message, not serve shells', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bff/src/server.ts')], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', CLIENT_DIST_DIR: dist('dev') },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(1)
    expect(stderr).toMatch(/development build/)
    expect(stderr).toMatch(/NODE_ENV=production npm run build/)
  }, 30_000)
})

describe('no server build in production', () => {
  it('is said, with the path and how to build, and only in production with no build', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'rpt-bundle-'))
    try {
      await mkdir(path.join(base, 'built', 'server'), { recursive: true })
      await writeFile(path.join(base, 'built', BUNDLE_PATH), PROD_BUNDLE)
      const warning = await missingBundleWarning(path.join(base, 'empty'), 'production')
      expect(warning).toContain(path.join(base, 'empty', BUNDLE_PATH))
      expect(warning).toMatch(/client shell, not server-rendered.*npm run build/)
      expect(await missingBundleWarning(path.join(base, 'built'), 'production')).toBeNull()
      expect(await missingBundleWarning(path.join(base, 'empty'), 'development')).toBeNull()
    } finally {
      await rm(base, { recursive: true, force: true })
    }
  })

  it('is logged by server.ts at start, which goes on serving', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'rpt-bundle-'))
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bff/src/server.ts')], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', CLIENT_DIST_DIR: empty },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve))
    try {
      const deadline = Date.now() + 25_000
      while (!output.includes('No server build') && child.exitCode === null && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100))
      expect(output).toMatch(/"level":40.*No server build at .*client shell/)
      expect(child.exitCode).toBeNull()
    } finally {
      child.kill('SIGTERM')
      await closed
      await rm(empty, { recursive: true, force: true })
    }
  }, 30_000)
})
