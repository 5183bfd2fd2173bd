import { spawn } from 'node:child_process'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { fastifyOptions } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { repoRoot } from '../../src/paths.ts'

// The settings the core API shares with the BFF (@rpt/server-kit): each
// accepted form of TRUST_PROXY starts a server that reads the visitor's
// address accordingly, and a bad value stops the process with one line (the
// reader's every refusal: server-kit/test/settings.test.ts).

/** Starts server.ts with env added; answers its exit code and what it wrote to stderr. */
function boot(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'core-api/src/server.ts'], {
      cwd: repoRoot, env: { ...process.env, NODE_ENV: 'test', CORE_PORT: '0', EMBEDDED_PG_MEMORY: 'true', AUTO_SEED: 'false', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    })
  })
}

describe('TRUST_PROXY, SITE_URL and LOG_LEVEL at start', () => {
  it('takes every accepted form of TRUST_PROXY and reads the visitor through it', async () => {
    const visitor = '203.0.113.7'
    for (const [form, seen] of [['true', visitor], ['TRUE', visitor], ['1', visitor], ['0', '127.0.0.1'], ['false', '127.0.0.1'], ['loopback', visitor], ['127.0.0.1/8, ::1', visitor], ['10.0.0.0/8', '127.0.0.1']] as const) {
      const app = Fastify({ ...fastifyOptions(loadConfig({}, { TRUST_PROXY: form })), logger: false })
      app.get('/ip', async (request) => ({ ip: request.ip }))
      const response = await app.inject({ url: '/ip', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': visitor } })
      expect(response.json(), `TRUST_PROXY=${form}`).toEqual({ ip: seen })
      await app.close()
    }
  })

  it('refuses a bad value with one line naming the setting, exit code 1 and no stack trace', async () => {
    for (const [env, named] of [
      [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
      [{ SITE_URL: 'https://www.example.com/shop' }, 'SITE_URL'],
    ] as const) {
      const { code, stderr } = await boot(env)
      expect(code, JSON.stringify(env)).toBe(1)
      const lines = stderr.split('\n').filter((line) => line.trim() && !/NodeVersionSupportWarning|AWS SDK|node >=22|upgrade to node|a\.co\/|trace-warnings|^\s*$/.test(line) && !/^(versions published|will require|To continue|and security)/.test(line))
      expect(lines, `${JSON.stringify(env)}: ${stderr}`).toEqual([expect.stringMatching(new RegExp(`^Invalid configuration: ${named} `))])
    }
  }, 400_000)
})
