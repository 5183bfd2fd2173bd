import type { IncomingMessage, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'
import { cookieLang } from '../http/locale.ts'

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

/** Cookies as the cookie plugin parses them (app.parseCookie) */
export type CookieParser = (header: string) => Record<string, string | undefined>

/**
 * What a replayable answer may depend on, as one string; undefined when the
 * request cannot be answered from a stored answer at all.
 *
 * A route that offers its answers for replay promises to answer a GET alike
 * for the same URL, Accept-Encoding, X-No-Compression and cookie language,
 * without a session. The cookies are read with the parser Fastify's requests
 * get, and only the language they give is kept: raw cookie text read any
 * other way could name a language the route would not see. Anything that
 * could make two such requests differ in a way the route might read makes
 * the request ineligible: a session (cookie or header), a body.
 */
export function replayKey(req: IncomingMessage, parseCookies: CookieParser, sessionCookies: ReadonlySet<string>): string | undefined {
  if (req.method !== 'GET') return undefined
  const headers = req.headers
  if (headers['website-token'] !== undefined || headers.authorization !== undefined) return undefined
  if (headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) return undefined
  let language = ''
  if (headers.cookie !== undefined) {
    const cookies = parseCookies(headers.cookie)
    for (const name of sessionCookies) if (cookies[name] !== undefined) return undefined
    language = cookieLang(cookies) ?? ''
  }
  return `${req.url}\n${headers['accept-encoding'] ?? ''}\n${headers['x-no-compression'] === undefined ? '' : 'x'}\n${language}`
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
 * request. Bounded in entries and bytes: the URL and Accept-Encoding are part
 * of the key, so a client can make many keys, if only for what routes offer.
 */
export class AnswerReplay {
  private answers: LRUCache<string, StoredAnswer>

  constructor(maxEntries: number, maxBytes: number) {
    this.answers = AnswerReplay.store(maxEntries, maxBytes)
  }

  private static store(maxEntries: number, maxBytes: number): LRUCache<string, StoredAnswer> {
    return new LRUCache({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (answer, key) => Math.max(1, answer.body.length + key.length) })
  }

  /** New bounds; the answers kept so far are dropped (each comes back on its route's next answer). */
  resize(maxEntries: number, maxBytes: number): void {
    this.answers = AnswerReplay.store(maxEntries, maxBytes)
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
