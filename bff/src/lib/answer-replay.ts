import type { IncomingMessage, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'

/** One answer as it went out, and what says whether the same request would still get it. */
export interface StoredAnswer {
  status: number
  /** Name, value, name, value…: writeHead's flat form, Content-Length included */
  headers: string[]
  body: Buffer
  /** The route pattern, for metrics */
  route: string
  /** False as soon as the answer it was made from may have changed */
  stillCurrent(): boolean
  /** Requests answered from this entry since metrics last read them */
  tally: { count: number }
}

/**
 * Headers the server writes itself per response, or that describe one
 * connection: never stored. Set-Cookie is not here on purpose: an answer
 * setting a cookie is never stored at all.
 */
const PER_RESPONSE_HEADERS: ReadonlySet<string> = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])

type Headers = Record<string, string | number | readonly string[] | undefined>

/** The language cookies requestLang reads (http/locale.ts): the only cookies a replayable answer may depend on. */
const LANGUAGE_COOKIES: ReadonlySet<string> = new Set(['locale', 'lang'])

/**
 * What a replayable answer may depend on, as one string; undefined when the
 * request cannot be answered from a stored answer at all.
 *
 * A route that offers its answers for replay promises to answer a GET alike
 * for the same URL, Host, Accept-Encoding, X-No-Compression and language
 * cookies, without a session. Anything that could make two such requests
 * differ in a way the route might read makes the request ineligible: a
 * session (cookie or header), a body.
 */
export function replayKey(req: IncomingMessage, sessionCookies: ReadonlySet<string>): string | undefined {
  if (req.method !== 'GET') return undefined
  const headers = req.headers
  if (headers['website-token'] !== undefined || headers.authorization !== undefined) return undefined
  if (headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) return undefined
  let languages = ''
  const cookie = headers.cookie
  if (cookie !== undefined) {
    for (const pair of cookie.split(';')) {
      const mark = pair.indexOf('=')
      const name = (mark === -1 ? pair : pair.slice(0, mark)).trim()
      if (sessionCookies.has(name)) return undefined
      // Every occurrence, in order: whichever one the cookie parser keeps, equal keys mean equal cookies.
      if (LANGUAGE_COOKIES.has(name)) languages += `${name}=${pair.slice(mark + 1).trim()};`
    }
  }
  return `${req.url}\n${headers.host ?? ''}\n${headers['accept-encoding'] ?? ''}\n${headers['x-no-compression'] === undefined ? '' : 'x'}\n${languages}`
}

/**
 * The headers of an answer as Node writes them: those set on the raw response
 * (security headers) overridden by the reply's own, as writeHead merges them.
 * Undefined when the answer must not be stored.
 */
export function storableHeaders(raw: Headers, reply: Headers, bodyLength: number): string[] | undefined {
  const merged: Headers = { ...raw }
  for (const [name, value] of Object.entries(reply)) merged[name.toLowerCase()] = value
  if (merged['set-cookie'] !== undefined) return undefined
  const flat: string[] = []
  for (const [name, value] of Object.entries(merged)) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue
    if (Array.isArray(value)) for (const item of value) flat.push(name, item)
    else flat.push(name, String(value))
  }
  flat.push('content-length', String(bodyLength))
  return flat
}

/**
 * Answers stored by request key, replayed before the router sees the
 * request. Bounded: the URL is part of the key, and what fills it is only
 * what routes chose to offer.
 */
export class AnswerReplay {
  private readonly answers: LRUCache<string, StoredAnswer>

  constructor(maxEntries: number) {
    this.answers = new LRUCache({ max: maxEntries })
  }

  store(key: string, answer: StoredAnswer): void {
    this.answers.set(key, answer)
  }

  /** Writes the stored answer for the request and returns it, or returns undefined and writes nothing. */
  answer(key: string | undefined, res: ServerResponse): StoredAnswer | undefined {
    if (key === undefined) return undefined
    const stored = this.answers.get(key)
    if (stored === undefined) return undefined
    if (!stored.stillCurrent()) {
      this.answers.delete(key)
      return undefined
    }
    res.writeHead(stored.status, stored.headers)
    res.end(stored.body)
    stored.tally.count += 1
    return stored
  }

  clear(): void {
    this.answers.clear()
  }

  get size(): number {
    return this.answers.size
  }
}
