// The recording proxy: stands in front of a core API or a BFF (any URL:
// local, staging), passes every request through byte for byte, and keeps the
// JSON exchanges with the core API (a BFF's /api/ calls, or every call to a
// core API but its health, docs and metrics) for buildFixture.
import { request as httpRequest, createServer, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import type { Tier } from './format.ts'
import type { RawExchange } from './record.ts'
import { parseBody } from './send.ts'

export interface RecordingProxy {
  url: string
  tier: Tier
  raw: RawExchange[]
  close(): Promise<void>
}

const NOT_CONTRACT = /^\/(health|docs|metrics)(\/|$)/

/** Whether a URL is a BFF (it answers its liveness check) or a core API. */
export async function detectTier(target: string): Promise<Tier> {
  try {
    const response = await fetch(new URL('/bff/health/live', target), { signal: AbortSignal.timeout(5000) })
    return response.ok ? 'bff' : 'core'
  } catch {
    return 'core'
  }
}

function decode(bytes: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8')
    if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8')
    if (encoding === 'deflate') return inflateSync(bytes).toString('utf8')
  } catch {
    return ''
  }
  return bytes.toString('utf8')
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''))

export async function startRecordingProxy(options: {
  target: string
  tier: Tier
  port?: number
  host?: string
  onExchange?: (raw: RawExchange) => void
}): Promise<RecordingProxy> {
  const target = new URL(options.target)
  const raw: RawExchange[] = []
  let ownOrigin = ''

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const sentBody = Buffer.concat(chunks)
      const url = new URL(req.url ?? '/', target)
      // Seen by the target as if the browser had opened it: its own host and origin.
      const headers: OutgoingHttpHeaders = { ...req.headers, host: target.host }
      if (req.headers.origin === ownOrigin) headers.origin = target.origin
      if (typeof req.headers.referer === 'string' && req.headers.referer.startsWith(ownOrigin))
        headers.referer = target.origin + req.headers.referer.slice(ownOrigin.length)
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest
      const upstream = send(url, { method: req.method, headers }, (answer) => {
        const responseHeaders: IncomingHttpHeaders = { ...answer.headers }
        if (typeof responseHeaders.location === 'string' && responseHeaders.location.startsWith(target.origin)) {
          responseHeaders.location = ownOrigin + responseHeaders.location.slice(target.origin.length)
        }
        res.writeHead(answer.statusCode ?? 502, responseHeaders)
        const answerChunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => {
          answerChunks.push(chunk)
          res.write(chunk)
        })
        answer.on('end', () => {
          res.end()
          const pathname = url.pathname
          const recorded = options.tier === 'bff' ? pathname.startsWith('/api/') : !NOT_CONTRACT.test(pathname)
          if (!recorded) return
          const type = headerText(answer.headers['content-type'])
          const text = decode(Buffer.concat(answerChunks), headerText(answer.headers['content-encoding']) || undefined)
          const requestHeaders: Record<string, string> = {}
          for (const [name, value] of Object.entries(req.headers)) requestHeaders[name] = headerText(value)
          const exchange: RawExchange = {
            tier: options.tier,
            method: (req.method ?? 'GET').toUpperCase(),
            path: options.tier === 'bff' ? pathname.slice(4) : pathname,
            query: Object.fromEntries(url.searchParams),
            headers: requestHeaders,
            body: sentBody.length === 0 ? undefined : parseBody(sentBody.toString('utf8'), headerText(req.headers['content-type'])),
            status: answer.statusCode ?? 0,
            responseType: type,
            responseBody: parseBody(text, type),
            setCookies: answer.headers['set-cookie'] ?? [],
          }
          raw.push(exchange)
          options.onExchange?.(exchange)
        })
        answer.on('error', () => res.destroy())
      })
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
        res.end(`recording proxy: ${target.origin} did not answer (${error.message})`)
      })
      upstream.end(sentBody)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve)
  })
  const address = server.address() as AddressInfo
  ownOrigin = `http://${options.host ?? '127.0.0.1'}:${address.port}`
  return {
    url: ownOrigin,
    tier: options.tier,
    raw,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
