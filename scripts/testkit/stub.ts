// A stand-in for the core API that answers its contract from the fixtures:
// each request gets the answer of the exchange that matches it best (same
// method and path, the fixture's query and body as a subset; the most values
// matched wins, then the first loaded). No database, no state. Faults per
// route come from a list (a file) or the admin endpoint:
//   GET|PUT|POST|DELETE /__stub/faults     the faults ({faults: [...]} to PUT, one fault to POST)
//   GET|DELETE /__stub/requests            the journal of requests, what matched, what fault applied
//   GET /__stub/fixtures                   what is loaded
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { nearness, subsetScore, type Vars } from './compare.ts'
import { describeFault, FaultSet, faultProblems, type Fault } from './faults.ts'
import type { Exchange } from './format.ts'
import type { LoadedFixture } from './load.ts'
import { parseBody } from './send.ts'
import { render } from './template.ts'

type Lang = 'zh-CN' | 'en-US'

/** The core API's messages for the codes a fault is likely to name (core-api/src/platform/errors.ts). */
const MESSAGES: Record<number, Record<Lang, string>> = {
  500: { 'zh-CN': '服务器错误，请稍后再试', 'en-US': 'Server error. Please try again later.' },
  5002: { 'zh-CN': '服务器错误，请稍后再试', 'en-US': 'Server error. Please try again later.' },
  900001: { 'zh-CN': '系统异常，请稍后再试', 'en-US': 'System exception. Please try again later.' },
  5001: { 'zh-CN': '登录状态已过期，请重新登录', 'en-US': 'Your login has expired. Please log in again.' },
  200001: { 'zh-CN': '用户未登录', 'en-US': 'User not logged in' },
  100001: { 'zh-CN': '请求参数错误', 'en-US': 'Invalid request parameters' },
  404: { 'zh-CN': '请求的资源不存在', 'en-US': 'The requested resource was not found.' },
  429: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests. Please try again later.' },
  503: { 'zh-CN': '服务尚未就绪，请稍后再试', 'en-US': 'The service is not ready yet. Please try again shortly.' },
}
const messageFor = (code: number, lang: Lang) => MESSAGES[code]?.[lang] ?? MESSAGES[code >= 500 ? 900001 : 100001]![lang]

export interface JournalEntry {
  at: string
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
  /** The fixture and exchange that answered (exact: false for the nearest on the route), or null when none did */
  matched: { fixture: string; exchange: number; exact: boolean } | null
  fault?: string
  status?: number
}

export interface StubCore {
  url: string
  journal: JournalEntry[]
  faults: FaultSet
  fixtures: LoadedFixture[]
  close(): Promise<void>
}

interface Candidate {
  fixture: LoadedFixture
  index: number
  exchange: Exchange
  vars: Vars
}

function langOf(query: Record<string, string>, body: unknown, headers: IncomingMessage['headers']): Lang {
  const lang = query.lang ?? (body as { lang?: unknown } | undefined)?.lang ?? headers['accept-language']
  return typeof lang === 'string' && lang.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN'
}

const HEALTH: Record<string, unknown> = {
  '/health': { status: 'ok', database: 'stub' },
  '/health/live': { status: 'live' },
  '/health/ready': { status: 'ready', database: 'stub' },
}

export interface StubOptions {
  fixtures: LoadedFixture[]
  faults?: Fault[]
  port?: number
  host?: string
  /** Only exact matches answer; otherwise the nearest exchange on the same route does */
  strict?: boolean
  /** Told of each request no fixture matches (answered 404, or by the nearest exchange) */
  onUnmatched?: (entry: JournalEntry) => void
  /** Entries kept in the journal */
  journalSize?: number
}

export async function startStubCore(options: StubOptions): Promise<StubCore> {
  const faults = new FaultSet()
  faults.set(options.faults ?? [])
  const journal: JournalEntry[] = []
  const keep = options.journalSize ?? 1000
  // The answers a stub serves: every exchange the core API would answer, with the scenario's vars ($run is "stub").
  const byRoute = new Map<string, Candidate[]>()
  for (const fixture of options.fixtures) {
    const vars: Vars = new Map([['$run', 'stub']])
    for (const [name, value] of Object.entries(fixture.fixture.vars ?? {})) vars.set(name, render(value, vars, true))
    fixture.fixture.exchanges.forEach((exchange, index) => {
      if (exchange.tiers && !exchange.tiers.includes('core')) return
      const key = `${exchange.request.method} ${exchange.request.path}`
      byRoute.set(key, [...(byRoute.get(key) ?? []), { fixture, index, exchange, vars }])
    })
  }

  /** The exchange that matches best; without one, unless strict, the nearest on the same route (page 2 gets page 1). */
  const best = (
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
  ): { candidate: Candidate; exact: boolean } | undefined => {
    let winner: Candidate | undefined
    let top = -1
    let nearest: Candidate | undefined
    let near = -Infinity
    for (const candidate of byRoute.get(`${method} ${path}`) ?? []) {
      const { request } = candidate.exchange
      const wantQuery = request.match?.query ?? request.query ?? {}
      const wantBody = request.match?.body ?? request.body ?? {}
      const q = subsetScore(wantQuery, query)
      const b = q < 0 ? -1 : subsetScore(wantBody, body ?? {})
      if (q >= 0 && b >= 0) {
        if (q + b > top) {
          top = q + b
          winner = candidate
        }
        continue
      }
      // A fallback should show the page, not a refusal recorded for bad input.
      const answer = candidate.exchange.response
      const succeeded = answer.status === 200 && (answer.body as { code?: unknown } | undefined)?.code === 200
      const score = nearness(wantQuery, query) + nearness(wantBody, body ?? {}) + (succeeded ? 1000 : 0)
      if (score > near) {
        near = score
        nearest = candidate
      }
    }
    if (winner) return { candidate: winner, exact: true }
    return nearest && !options.strict ? { candidate: nearest, exact: false } : undefined
  }

  const sockets = new Set<Socket>()
  const send = (res: ServerResponse, entry: JournalEntry, status: number, body: unknown) => {
    entry.status = status
    if (res.destroyed) return
    const text = JSON.stringify(body)
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
    res.end(text)
  }

  async function admin(req: IncomingMessage, res: ServerResponse, path: string, text: string): Promise<void> {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify(body))
    }
    let data: unknown
    try {
      data = text ? JSON.parse(text) : undefined
    } catch {
      return reply(400, { error: 'not JSON' })
    }
    if (path === '/__stub/faults') {
      if (req.method === 'GET') return reply(200, { faults: faults.list() })
      if (req.method === 'DELETE') {
        faults.set([])
        return reply(200, { faults: [] })
      }
      const list = req.method === 'POST' ? { faults: [...faults.list(), data] } : data
      const problems = faultProblems(list)
      if (problems.length > 0) return reply(400, { error: 'invalid faults', problems })
      faults.set((list as { faults: Fault[] }).faults)
      return reply(200, { faults: faults.list() })
    }
    if (path === '/__stub/requests') {
      if (req.method === 'DELETE') journal.length = 0
      return reply(200, { requests: journal })
    }
    if (path === '/__stub/fixtures') {
      return reply(200, {
        fixtures: options.fixtures.map(({ file, fixture }) => ({ name: fixture.name, file, exchanges: fixture.exchanges.length })),
      })
    }
    return reply(404, { error: 'unknown admin path' })
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const url = new URL(req.url ?? '/', 'http://stub')
      const method = (req.method ?? 'GET').toUpperCase()
      if (url.pathname.startsWith('/__stub/')) {
        void admin(req, res, url.pathname, text)
        return
      }
      const query = Object.fromEntries(url.searchParams)
      const body = text ? parseBody(text, String(req.headers['content-type'] ?? '')) : undefined
      const lang = langOf(query, body, req.headers)
      const entry: JournalEntry = {
        at: new Date().toISOString(),
        method,
        url: req.url ?? '/',
        headers: { ...req.headers },
        body: text,
        matched: null,
      }
      journal.push(entry)
      if (journal.length > keep) journal.splice(0, journal.length - keep)

      const answer = () => {
        const health = method === 'GET' ? HEALTH[url.pathname] : undefined
        if (health) return send(res, entry, 200, { code: 200, msg: lang === 'en-US' ? 'success' : '操作成功', data: health })
        const found = best(method, url.pathname, query, body)
        if (!found) {
          options.onUnmatched?.(entry)
          return send(res, entry, 404, { code: 404, msg: messageFor(404, lang), data: null })
        }
        const { candidate } = found
        entry.matched = { fixture: candidate.fixture.fixture.name, exchange: candidate.index, exact: found.exact }
        if (!found.exact) options.onUnmatched?.(entry)
        const { response } = candidate.exchange
        send(res, entry, response.status, render(response.body, candidate.vars, true) ?? null)
      }

      const fault = faults.pick(method, url.pathname)
      if (!fault) return answer()
      entry.fault = describeFault(fault)
      const act = () => {
        if (fault.drop) {
          entry.status = 0
          req.socket.destroy()
        } else if (fault.timeout) {
          // Nothing is sent; the socket closes when the caller gives up or the stub stops.
          entry.status = 0
        } else if (fault.status !== undefined) {
          send(res, entry, fault.status, { code: fault.code ?? fault.status, msg: fault.msg ?? messageFor(fault.status, lang), data: null })
        } else if (fault.code !== undefined) {
          send(res, entry, 200, { code: fault.code, msg: fault.msg ?? messageFor(fault.code, lang), data: null })
        } else answer()
      }
      if (fault.delayMs) setTimeout(act, fault.delayMs)
      else act()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve)
  })
  const address = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    journal,
    faults,
    fixtures: options.fixtures,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
