import { spawn } from 'node:child_process'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { describe, expect, it } from 'vitest'
import { formBodies } from '../src/body-parsers.ts'
import { configPlugin, loggerOptions, pluginSet, redactUrl } from '../src/server.ts'

// The server/app split both services follow, and the pieces their app.ts share.

describe('loggerOptions', () => {
  it('keeps credentials and a download link’s secret out of the log', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const app = Fastify({ logger: { ...loggerOptions('info', { redact: ['req.headers["x-ops-token"]'] }), stream } })
    app.get('/download/:token', async () => 'file')
    await app.inject({
      url: '/download/abcdef0123456789secret',
      headers: { cookie: 'rpt_session=s3cr3t', 'website-token': 't0k3n', authorization: 'Bearer b34r3r', 'x-ops-token': '0p5t0k3n' },
    })
    await app.close()
    const log = lines.join('')
    expect(log).toContain('/download/abcdef…')
    for (const secret of ['secret', 's3cr3t', 't0k3n', 'b34r3r', '0p5t0k3n']) expect(log).not.toContain(secret)
    expect(redactUrl('/api/x/download/abcdefgh?lang=en-US')).toBe('/api/x/download/abcdef…?lang=en-US')
  })
})

describe('configPlugin and pluginSet', () => {
  it('decorates the settings once and registers a service’s plugins in order, unencapsulated', async () => {
    const order: string[] = []
    const plugin = (name: string) =>
      fp(
        async (app: FastifyInstance) => {
          order.push(`${name}:${String((app as unknown as { config: { NAME: string } }).config.NAME)}`)
          app.decorate(name, true)
        },
        { name },
      )
    const app = Fastify({ logger: false })
    await app.register(configPlugin, { config: { NAME: 'x' } })
    await app.register(pluginSet('set', [plugin('first'), plugin('second')]))
    await app.ready()
    expect(order).toEqual(['first:x', 'second:x'])
    expect([app.hasDecorator('first'), app.hasDecorator('second')]).toEqual([true, true])
    await app.close()
  })
})

describe('formBodies', () => {
  it('reads a form post as its fields and keeps its text', async () => {
    const app = Fastify({ logger: false })
    formBodies(app)
    app.post('/notify', async (request) => ({ body: request.body, raw: request.rawBody }))
    const answer = await app.inject({
      method: 'POST',
      url: '/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1&sign=x%2By',
    })
    expect(answer.json()).toEqual({ body: { a: '1', sign: 'x+y' }, raw: 'a=1&sign=x%2By' })
    await app.close()
  })
})

const fixture = fileURLToPath(new URL('./fixtures/serve.ts', import.meta.url))

/** Runs test/fixtures/serve.ts with env added; answers its exit code and output. */
function run(env: Record<string, string>, onListening?: (port: number, stop: () => void) => void) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const port = /listening on (\d+)/.exec(stdout)?.[1]
      if (port && onListening) {
        onListening(Number(port), () => child.kill('SIGTERM'))
        onListening = undefined
      }
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

describe('serve', () => {
  it('listens, answers, and on SIGTERM drains, closes its app and exits 0', async () => {
    let answered: unknown
    const { code, stdout } = await run({ FIXTURE_DRAIN_MS: '50' }, (port, stop) => {
      void fetch(`http://127.0.0.1:${port}/hello`)
        .then((response) => response.json())
        .then((body) => {
          answered = body
          stop()
        })
    })
    expect(answered).toEqual({ hello: 'x' })
    expect(stdout).toContain('app closed')
    expect(code).toBe(0)
  })

  it('stops on a bad setting or a named setup error with one line and exit code 1', async () => {
    const bad = await run({ FIXTURE_PORT: 'eighty' })
    expect(bad.code).toBe(1)
    expect(bad.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: FIXTURE_PORT /)])
    const setup = await run({ FIXTURE_FAIL: 'setup' })
    expect([setup.code, setup.stderr.trim()]).toEqual([1, 'the client build does not match'])
    const other = await run({ FIXTURE_FAIL: 'other' })
    expect(other.code).toBe(1)
    expect(other.stderr).toContain('at ')
  })
})
