#!/usr/bin/env node
// Starts the core API and the BFF from their builds, with one log stream and
// one lifetime: a signal stops both, and if either dies the other is stopped.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const corePort = process.env.CORE_PORT ?? '3001'
// CORE_API_URL names a core API running elsewhere (another host, or the
// fixtures' stub: npm run stub-core): only the BFF is started then.
const externalCore = Boolean(process.env.CORE_API_URL)
const coreUrl = process.env.CORE_API_URL || `http://127.0.0.1:${corePort}`

const children = new Map()
let stopping = false

function run(name, entry, env = {}, nodeFlags = []) {
  // NODE_ENV is passed through as set. Unset means development, where
  // payments without merchant credentials go to the bundled sandbox gateway;
  // a real deployment sets NODE_ENV=production and the merchant credentials.
  const child = spawn(process.execPath, [...nodeFlags, entry], { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' })
  children.set(name, child)
  child.on('exit', (code, signal) => {
    children.delete(name)
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping the rest`)
      stop(code ?? 1)
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0)
    }
  })
  return child
}

function stop(code = 0) {
  if (stopping) return
  stopping = true
  process.exitCode = code
  if (children.size === 0) process.exit(code)
  for (const child of children.values()) child.kill('SIGTERM')
}

process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

async function waitForCore(timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(`${coreUrl}/health`, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return true
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return false
}

if (!externalCore) {
  // The core API's V8 flags are defined once, in its build (core-api/src/node-flags.ts).
  const { CORE_API_NODE_FLAGS } = await import('../core-api/dist/node-flags.js')
  run('core-api', 'core-api/dist/server.js', { CORE_PORT: corePort }, CORE_API_NODE_FLAGS)
}
// The first start migrates and seeds the embedded database, which takes a while.
if (await waitForCore(180_000)) {
  run('bff', 'bff/dist/server.js', { CORE_API_URL: coreUrl })
  console.log(`[start] site: http://127.0.0.1:${process.env.PORT ?? 3000}  core API: ${coreUrl}${externalCore ? ' (CORE_API_URL; not started here)' : `  API docs: ${coreUrl}/docs`}`)
} else if (!stopping) {
  console.error(`[start] the core API ${externalCore ? `at CORE_API_URL=${coreUrl} ` : ''}did not become healthy within 180 s`)
  stop(1)
}
