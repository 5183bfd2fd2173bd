// A buyer's HTTP client on the public site (nginx's site port) only: a cookie
// jar, the headers the client app sends on writes (same-origin Origin and
// X-Requested-With, which the BFF's CSRF check asks for), and a record of
// which BFF answered each request and the id nginx gave it.
import { createCipheriv } from 'node:crypto'

/** The legacy credential encryption the client applies: AES-128/ECB/PKCS7, base64. */
export function encryptCredential(value: string, key = 'rpt-site-dev-key'): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null)
  return Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]).toString('base64')
}

export interface Envelope<T> {
  code: number
  msg: string
  data: T
}

export interface SiteAnswer {
  label: string
  method: string
  path: string
  status: number
  headers: Headers
  body: Buffer
  /** The BFF that answered (nginx's X-Upstream) */
  bff: string
  /** nginx's id for the request (X-Request-Id), which the BFF passes on to the core API */
  requestId: string
  text(): string
  json<T>(): T
}

export class SiteClient {
  readonly cookies = new Map<string, string>()
  readonly history: SiteAnswer[] = []

  constructor(readonly siteUrl: string) {}

  private storeCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired =
        attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a)) ||
        attributes.some((a) => /^\s*expires\s*=/i.test(a) && Date.parse(a.split('=').slice(1).join('=')) < Date.now())
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async request(
    label: string,
    method: string,
    path: string,
    options: { json?: unknown; form?: string; headers?: Record<string, string> } = {},
  ): Promise<SiteAnswer> {
    const headers: Record<string, string> = {
      accept: 'application/json, */*',
      origin: this.siteUrl,
      'x-requested-with': 'XMLHttpRequest',
      ...options.headers,
    }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    let body: string | undefined
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    } else if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = options.form
    }
    const response = await fetch(`${this.siteUrl}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    })
    const bytes = Buffer.from(await response.arrayBuffer())
    this.storeCookies(response.headers)
    const answer: SiteAnswer = {
      label,
      method,
      path,
      status: response.status,
      headers: response.headers,
      body: bytes,
      bff: response.headers.get('x-upstream') ?? '',
      requestId: response.headers.get('x-request-id') ?? '',
      text: () => bytes.toString('utf8'),
      json: <T>() => {
        try {
          return JSON.parse(bytes.toString('utf8')) as T
        } catch {
          throw new Error(
            `${label}: ${method} ${path} answered ${response.status} ${response.headers.get('content-type')}, not JSON: ${bytes.toString('utf8').slice(0, 300)}`,
          )
        }
      },
    }
    this.history.push(answer)
    return answer
  }

  /** An API call through the BFF (/api/...): the envelope, which must say 200. */
  async api<T>(
    label: string,
    method: 'GET' | 'POST',
    apiPath: string,
    body?: Record<string, unknown>,
  ): Promise<{ answer: SiteAnswer; data: T }> {
    const answer =
      method === 'GET'
        ? await this.request(label, method, `/api${apiPath}`)
        : await this.request(label, method, `/api${apiPath}`, { json: body ?? {} })
    const envelope = answer.json<Envelope<T>>()
    if (answer.status !== 200 || envelope.code !== 200) {
      throw new Error(
        `${label}: ${method} /api${apiPath} answered HTTP ${answer.status} ${JSON.stringify(envelope).slice(0, 500)} (BFF ${answer.bff || '?'}, request ${answer.requestId || '?'})`,
      )
    }
    return { answer, data: envelope.data }
  }
}
