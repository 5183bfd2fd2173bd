// The floor of answering the home payload through Fastify's request
// pipeline: one route, no plugins or hooks, writing the exact bytes and
// headers the BFF sent (as bench/bare-server.ts does from node:http). The
// BFF is compared with it: what remains above it is
// the BFF's own work (hooks, query validation, cache lookup, session).
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const [bodyFile, headersFile, port] = [process.argv[2], process.argv[3], Number(process.argv[4])]
if (!bodyFile || !headersFile || !port) throw new Error('usage: bare-fastify.ts BODY_FILE HEADERS_JSON PORT')
const body = readFileSync(bodyFile)
const flat = JSON.parse(readFileSync(headersFile, 'utf8')) as string[]
const headers: Record<string, string> = {}
for (let i = 0; i < flat.length; i += 2) headers[flat[i]!.toLowerCase()] = flat[i + 1]!

const app = Fastify({ logger: false })
app.get('/health', async () => 'ok')
app.get('/bff/pages/home', (_request, reply) => {
  reply.headers(headers).send(body)
})
await app.listen({ host: '127.0.0.1', port })
