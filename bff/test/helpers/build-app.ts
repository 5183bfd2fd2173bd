import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import app, { fastifyOptions } from '../../src/app.ts'
import { loadConfig, type ConfigOverrides } from '../../src/config.ts'

export const SITE = 'http://site.test'

/**
 * The BFF as the tests use it: a trusted site origin, no client build unless
 * given one, and no polling for content changes unless asked for (a stub core
 * API would see the polls among the requests a test counts).
 */
export async function buildBff(overrides: ConfigOverrides = {}): Promise<FastifyInstance> {
  const noClient = path.join(await mkdtemp(path.join(tmpdir(), 'rpt-bff-')), 'no-dist')
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUSTED_ORIGINS: SITE, CLIENT_DIST_DIR: noClient, CONTENT_CHANGES: 'off', ...overrides },
  )
  const instance = Fastify({ ...fastifyOptions(config), logger: false })
  await instance.register(app, { config })
  await instance.ready()
  return instance
}

/** Headers the client sends with every state-changing call from the site. */
export const fromSite = { origin: SITE, 'x-requested-with': 'XMLHttpRequest' }

export function body<T = any>(response: LightMyRequestResponse): { code: number; msg: string; data: T } {
  return JSON.parse(response.body)
}

export function cookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((c) => c.name === name)
}

/** Polls until check passes; for effects that travel through Redis pub/sub. */
export async function eventually(check: () => Promise<boolean>, attempts = 100): Promise<boolean> {
  for (let i = 0; i < attempts; i += 1) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return false
}
