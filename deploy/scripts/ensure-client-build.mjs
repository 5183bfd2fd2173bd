#!/usr/bin/env node
// The multi-instance test's BFFs serve the client's build (client/dist, and
// its server build for rendered pages and their page files, step 11). The
// browser journeys build it before this test in CI; run alone on a fresh
// clone there is none, and every page would be the bare shell. Missing: build
// the workspaces as the journeys do (the root build, as it ships). Present:
// used as it is (`npm run build` after changing the client).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const built = ['client/dist/index.html', 'client/dist/server/entry-server.js'].every((file) => existsSync(path.join(root, file)))
if (built) process.exit(0)

console.log('[deploy] no client build: building the workspaces (npm run build)')
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')))
const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, NODE_ENV: 'production' },
})
process.exit(result.status ?? 1)
