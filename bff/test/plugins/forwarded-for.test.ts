import { Writable } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import app, { fastifyOptions, loggerOptions } from '../../src/app.ts'
import { loadConfig, type ConfigOverrides } from '../../src/config.ts'
import { fromSite, SITE } from '../helpers/build-app.ts'
import { startFixtureStub, type StubCore } from '../helpers/fixture-stub.ts'

// Behind a balancer, rate limits must see each visitor, not the balancer:
// TRUST_PROXY names whom to believe, and a peer it does not name is reported.
// Every login is refused by the stub (the login-refused scenario: code
// 200003 with HTTP 200, as the contract answers), and counted by the limit.
let stub: StubCore

beforeAll(async () => {
  stub = await startFixtureStub()
})
afterAll(() => stub?.close())

async function gateway(overrides: ConfigOverrides) {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      TRUSTED_ORIGINS: SITE,
      CORE_API_URL: stub.url,
      RATE_LIMIT_LOGIN_MAX: 1,
      RATE_LIMIT_LOGIN_ACCOUNT_MAX: 100,
      ...overrides,
    },
  )
  const instance: FastifyInstance = Fastify({ ...fastifyOptions(config), logger: { ...loggerOptions(config), stream } })
  await instance.register(app, { config })
  await instance.ready()
  return { instance, lines }
}

/** A login from a visitor, as the balancer on loopback forwards it. */
const login = (bff: FastifyInstance, visitor: string, account: string) =>
  bff.inject({
    method: 'POST',
    url: '/api/report/websiteUser/login',
    remoteAddress: '127.0.0.1',
    headers: { ...fromSite, 'x-forwarded-for': visitor },
    payload: { loginCode: account, password: 'x', validCode: 'y', unTime: '1' },
  })

describe('a balancer on loopback', () => {
  it('is believed by default: each visitor has a bucket of its own', async () => {
    const { instance } = await gateway({})
    try {
      expect((await login(instance, '198.51.100.1', 'a1')).statusCode).toBe(200)
      expect((await login(instance, '198.51.100.1', 'a2')).statusCode).toBe(429)
      // Another visitor behind the same balancer is not held back by the first.
      expect((await login(instance, '198.51.100.2', 'a3')).statusCode).toBe(200)
    } finally {
      await instance.close()
    }
  })

  it('when not trusted, makes every visitor share one bucket, and says so once in the log', async () => {
    const { instance, lines } = await gateway({ TRUST_PROXY: '10.0.0.0/8' })
    try {
      expect((await login(instance, '198.51.100.1', 'b1')).statusCode).toBe(200)
      expect((await login(instance, '198.51.100.2', 'b2')).statusCode).toBe(429)
      const warnings = lines.filter((line) => String(line.msg).startsWith('X-Forwarded-For from a peer TRUST_PROXY does not trust'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatchObject({ peer: '127.0.0.1', trustProxy: '10.0.0.0/8' })
    } finally {
      await instance.close()
    }
  })
})
