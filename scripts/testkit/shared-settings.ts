// The tests of the settings both services share (@rpt/server-kit), run
// against each: every accepted form of TRUST_PROXY builds a server that
// reads the visitor's address accordingly, and a bad value stops server.ts
// with exit code 1 and one line naming the setting, never a stack trace.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { describe, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Starts a server.ts with env added; answers its exit code and what it wrote to stderr. */
function boot(entry: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    })
  })
}

/** stderr without the AWS SDK's notice about Node versions (written when it loads, before any setting is read). */
const meaningful = (stderr: string) =>
  stderr
    .split('\n')
    .filter(
      (line) =>
        line.trim() !== '' &&
        !/NodeVersionSupportWarning|versions published after|will require node|To continue receiving|and security updates|More information can be found|--trace-warnings/.test(
          line,
        ),
    )

export interface SharedSettingsSubject {
  /** server.ts, relative to the repository */
  entry: string
  /** What server.ts needs to get as far as reading its settings */
  env: Record<string, string>
  options(overrides: { TRUST_PROXY: string }): FastifyServerOptions
  /** Bad values and the setting each must name */
  refusals: [Record<string, string>, string][]
}

export function describeSharedSettings(subject: SharedSettingsSubject): void {
  describe(`the shared settings at the start of ${subject.entry}`, () => {
    it('takes every accepted form of TRUST_PROXY and reads the visitor through it', async () => {
      const visitor = '203.0.113.7'
      const forms: [string, string][] = [
        ['true', visitor],
        ['TRUE', visitor],
        ['1', visitor],
        ['0', '127.0.0.1'],
        ['false', '127.0.0.1'],
        ['loopback', visitor],
        ['127.0.0.1/8, ::1', visitor],
        ['10.0.0.0/8', '127.0.0.1'],
      ]
      for (const [form, seen] of forms) {
        const app = Fastify({ ...subject.options({ TRUST_PROXY: form }), logger: false })
        app.get('/ip', async (request) => ({ ip: request.ip }))
        const response = await app.inject({ url: '/ip', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': visitor } })
        expect(response.json(), `TRUST_PROXY=${form}`).toEqual({ ip: seen })
        await app.close()
      }
    })

    it('refuses a bad value with one line naming the setting, exit code 1 and no stack trace', async () => {
      for (const [env, named] of subject.refusals) {
        const { code, stderr } = await boot(path.normalize(subject.entry), { ...subject.env, ...env })
        expect(code, JSON.stringify(env)).toBe(1)
        expect(meaningful(stderr), `${JSON.stringify(env)}: ${stderr}`).toEqual([
          expect.stringMatching(new RegExp(`^Invalid configuration: ${named} `)),
        ])
      }
    }, 240_000)
  })
}
