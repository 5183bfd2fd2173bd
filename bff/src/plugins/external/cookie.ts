import fastifyCookie from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

async function cookiePlugin(app: FastifyInstance) {
  // Unsigned: the session cookie holds the core API's own opaque token, which
  // the core API verifies; signing it would add nothing.
  await app.register(fastifyCookie)
}

export default fp(cookiePlugin, { name: 'cookie' })
