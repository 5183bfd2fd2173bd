import type { Envelope } from '@rpt/contract'
import type { Lang } from '../lib/lang.ts'
import type { CoreDispatcher } from './read-retry.ts'

/** The contract's envelope; the BFF passes its data on as the core API answered it. */
export type CoreEnvelope = Envelope<unknown>

export interface CoreAnswer {
  status: number
  body: CoreEnvelope
}

export interface CoreCall {
  method: 'GET' | 'POST'
  /** A core API path, e.g. /basedata/carousel/listData */
  path: string
  lang: Lang
  params?: Record<string, unknown>
  token?: string
}

export type UpstreamFailure = 'unavailable' | 'timeout' | 'bad-response'

/**
 * The entries of the BFF's error catalogue (http/envelope.ts) an upstream
 * failure is answered with. Named here, below the envelope, so that the
 * envelope can recognise this error without the two importing each other;
 * the envelope's classify() checks they are catalogue keys.
 */
export type UpstreamErrorKey = 'UPSTREAM_TIMEOUT' | 'UPSTREAM_UNAVAILABLE'

/** The core API could not be reached or did not answer with an envelope. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    options?: { cause?: unknown },
  ) {
    super(`core API ${kind}`, options)
    this.name = 'UpstreamError'
  }

  get key(): UpstreamErrorKey {
    return this.kind === 'timeout' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE'
  }
}

function isEnvelope(value: unknown): value is CoreEnvelope {
  return typeof value === 'object' && value !== null && typeof (value as CoreEnvelope).code === 'number' && 'data' in value
}

/**
 * Calls the core API for the BFF's own use (caches, page payloads); the
 * browser's calls go through the proxy. Business failures come back as the
 * envelope they are; only transport failures throw.
 */
export class CoreClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    /** Also the proxy's: reads are retried there once when the core API's side fails before answering */
    readonly dispatcher: CoreDispatcher,
    private readonly onFailure: (kind: UpstreamFailure, path: string) => void = () => {},
  ) {}

  async call({ method, path, lang, params = {}, token }: CoreCall): Promise<CoreAnswer> {
    const url = new URL(path, this.baseUrl)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (token) headers['website-token'] = token
    let body: string | undefined
    if (method === 'GET') {
      // A query string carries scalars only.
      for (const [key, value] of Object.entries({ ...params, lang }) as [string, string | number | boolean | null | undefined][]) {
        if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value))
      }
    } else {
      body = JSON.stringify({ ...params, lang })
      headers['content-type'] = 'application/json'
    }
    let status: number
    let parsed: unknown
    try {
      const answer = await this.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      status = answer.statusCode
      parsed = await answer.body.json()
    } catch (error) {
      const { name, code } = error as Error & { code?: string }
      const kind: UpstreamFailure =
        name === 'TimeoutError' || name === 'AbortError' || /TIMEOUT/.test(code ?? '')
          ? 'timeout'
          : name === 'SyntaxError'
            ? 'bad-response'
            : 'unavailable'
      this.onFailure(kind, path)
      throw new UpstreamError(kind, { cause: error })
    }
    if (!isEnvelope(parsed)) {
      this.onFailure('bad-response', path)
      throw new UpstreamError('bad-response')
    }
    return { status, body: parsed }
  }
}
