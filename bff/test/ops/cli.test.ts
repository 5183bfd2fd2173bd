import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settingsMarkdown } from '../../src/lib/settings-table.ts'
import { repoRoot } from '../../src/paths.ts'
import { buildBff } from '../helpers/build-app.ts'
import { OPERATORS, OPS_TOKENS, ops, settingValues, stubContent } from '../helpers/ops.ts'
import { startStubCore, type StubCore } from '../helpers/stub-core.ts'

const run = promisify(execFile)
const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs')

/** npm run ops -- …, as a runbook runs it: the token from the environment. */
async function cli(args: string[], token: string | null = OPERATORS.alice): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, OPS_URL: url }
  delete env.OPS_TOKEN
  if (token !== null) env.OPS_TOKEN = token
  try {
    const { stdout, stderr } = await run(process.execPath, [tsx, path.join(repoRoot, 'scripts', 'ops.ts'), ...args], { env, cwd: repoRoot })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

let stub: StubCore
let bff: FastifyInstance
let url: string

beforeAll(async () => {
  stub = await startStubCore(stubContent)
  bff = await buildBff({ CORE_API_URL: stub.url, OPS_TOKENS, RATE_LIMIT_OPS_AUTH_MAX: 1000 })
  url = await bff.listen({ host: '127.0.0.1', port: 0 })
})

afterAll(async () => {
  await bff?.close()
  await stub?.close()
})

// Each case runs the CLI several times, each a process of its own that compiles scripts/ops.ts with tsx
// (5-7 s each on a busy machine): they get two minutes, where the default 30 s left no room.
describe('npm run ops', { timeout: 120_000 }, () => {
  it('lists the settings, changes them all or none, and puts the start value back', async () => {
    const listed = await cli(['settings'])
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/RATE_LIMIT_LOGIN_MAX\s+10\s+10\s+10\s+default\s+1–1000000 requests/)
    expect(listed.stdout).toContain('applies to this BFF process only')

    const set = await cli(['set', 'RATE_LIMIT_LOGIN_MAX=3', 'CACHE_TTL_DICT_S=30'])
    expect(set.code).toBe(0)
    expect(set.stdout).toMatch(/RATE_LIMIT_LOGIN_MAX\s+10\s+3/)
    expect(await settingValues(bff)).toMatchObject({ RATE_LIMIT_LOGIN_MAX: 3, CACHE_TTL_DICT_S: 30 })

    const refused = await cli(['set', 'RATE_LIMIT_LOGIN_MAX=4', 'CACHE_TTL_DICT_S=-5'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('CACHE_TTL_DICT_S')
    expect((await settingValues(bff)).RATE_LIMIT_LOGIN_MAX).toBe(3)

    expect((await cli(['set', 'RATE_LIMIT_LOGIN_MAX=default', 'CACHE_TTL_DICT_S=default'])).code).toBe(0)
    expect(await settingValues(bff)).toMatchObject({ RATE_LIMIT_LOGIN_MAX: 10, CACHE_TTL_DICT_S: 600 })
  })

  it('purges, unblocks, shows the audit log and the statistics', async () => {
    const purged = await cli(['purge', '--report', 'solar-2026'])
    expect(purged.code).toBe(0)
    expect(purged.stdout).toContain('report:solar-2026')
    expect((await cli(['purge', '--all', '--dict', 'x'])).code).toBe(2)
    const unblocked = await cli(['unblock', '--address', '203.0.113.9'])
    expect(unblocked.stdout).toMatch(/cleared \d+ counters/)
    const audit = await cli(['audit', '--limit', '3'])
    expect(audit.stdout).toMatch(/alice\s+unblock/)
    expect(audit.stdout).toMatch(/alice\s+purge/)
    const stats = await cli(['stats', '--json'])
    expect(JSON.parse(stats.stdout).limits.login).toMatchObject({ max: 10 })
    expect((await ops(bff, 'GET', '/bff/ops/audit')).statusCode).toBe(200)
  })

  it('needs the token from the environment, and says so; a wrong one is refused', async () => {
    const none = await cli(['settings'], null)
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('OPS_TOKEN')
    const wrong = await cli(['settings'], 'wrong-token')
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('401')
  })
})

describe('the settings page (docs/settings.md)', () => {
  it('holds the settings table exactly as the table in code makes it (npm run ops -- table)', async () => {
    const page = await readFile(path.join(repoRoot, 'docs', 'settings.md'), 'utf8')
    const section = /<!-- settings-table:start -->\n([\s\S]*?)\n<!-- settings-table:end -->/.exec(page)?.[1]
    expect(section, 'docs/settings.md has no settings-table markers').toBeDefined()
    expect(section).toBe(settingsMarkdown())
    expect((await cli(['table'], null)).stdout.trim()).toBe(settingsMarkdown())
  })
})
