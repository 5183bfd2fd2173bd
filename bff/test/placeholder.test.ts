import Fastify from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import app from '../src/app.ts'
import { loadConfig } from '../src/config.ts'

const server = Fastify()

beforeAll(async () => {
  // Nothing listens on this port, so the core API reads as down.
  await server.register(app, { config: loadConfig({}, { CORE_API_URL: 'http://127.0.0.1:9' }) })
})
afterAll(() => server.close())

it('serves the holding page as uncached HTML', async () => {
  const res = await server.inject({ url: '/' })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(res.headers['cache-control']).toBe('no-cache')
  expect(res.body).toContain('<html lang="zh-CN">')
})

it('reports itself healthy and the core API down when it does not answer', async () => {
  const res = await server.inject({ url: '/bff/health' })
  expect(JSON.parse(res.body)).toEqual({ code: 200, msg: 'success', data: { status: 'ok', core: 'down' } })
})
