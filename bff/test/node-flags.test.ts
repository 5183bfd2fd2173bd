import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ALLOCATOR_ENV } from '@rpt/server-kit/allocator-env'
import { expect, it } from 'vitest'
import { BFF_NODE_FLAGS, BFF_START_SCRIPT } from '../src/node-flags.ts'
import { repoRoot } from '../src/paths.ts'

// The flags live in node-flags.ts (the allocator's settings in server-kit); the launchers that cannot import it name them, and must name the same.
it('starts with the BFF node flags from npm start and from the deployment notes', async () => {
  const pkg = JSON.parse(await readFile(path.join(repoRoot, 'bff', 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  expect(pkg.scripts.start).toBe(BFF_START_SCRIPT)
  const env = await readFile(path.join(repoRoot, 'deploy', 'env', 'bff.env'), 'utf8')
  expect(env).toContain(`node ${BFF_NODE_FLAGS.join(' ')} bff/dist/server.js`)
  // glibc's allocator settings, in the service's environment (read at start).
  for (const [name, value] of Object.entries(ALLOCATOR_ENV)) expect(env).toMatch(new RegExp(`^${name}=${value}$`, 'm'))
})
