// The floor of a proxy hop on this machine: node:http in front of the core
// API, forwarding each request over kept-alive connections and answering its
// bytes, with nothing else (no routing, hooks, cookies, headers or checks).
// bench/run.ts measures the BFF's pageList against it as well as against the
// core API directly, to tell the gateway's own cost from the cost of a hop.
import { Agent, createServer, request } from 'node:http'

const [upstream, port] = [process.argv[2], Number(process.argv[3])]
if (!upstream || !port) throw new Error('usage: bare-proxy.ts UPSTREAM_URL PORT')
const target = new URL(upstream)
const agent = new Agent({ keepAlive: true, maxSockets: 64 })

createServer((incoming, outgoing) => {
  const upstreamRequest = request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url?.replace(/^\/api/, ''),
      headers: { 'content-type': incoming.headers['content-type'] ?? 'application/json' },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, {
        'content-type': answer.headers['content-type'] ?? 'application/json',
        ...(answer.headers['content-length'] ? { 'content-length': answer.headers['content-length'] } : {}),
      })
      answer.pipe(outgoing)
    },
  )
  upstreamRequest.on('error', () => {
    outgoing.statusCode = 502
    outgoing.end()
  })
  incoming.pipe(upstreamRequest)
}).listen(port, '127.0.0.1')
