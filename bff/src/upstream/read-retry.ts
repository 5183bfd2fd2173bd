import { Agent, type Dispatcher } from 'undici'
import { isReadOnlyCall } from '@rpt/contract'

// The BFF's connections to the core API. A read (the contract says which
// calls only read, @rpt/contract's CALL_SAFETY) whose upstream failed before
// answering is sent once more, on a new connection, within what is left of
// its time budget: the core API or its balancer refused or reset the
// connection, or the internal balancer answered 502/503 (an instance
// restarting behind it). A write is never sent twice.

/** Failures before any answer: the core API's side did not take the request, or dropped it unanswered. */
const RETRIED_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'])
/** What the internal balancer answers when the instance it chose was going away. */
const RETRIED_STATUSES = new Set([502, 503])
/** A retry with less time than this left would only fail later. */
const MIN_RETRY_MS = 50

export type RetryReason = 'refused' | 'reset' | 'bad-gateway' | 'unavailable'

export interface UpstreamOptions {
  /** The core API's URL (CORE_API_URL); its path, if any, prefixes every call */
  baseUrl: string
  /** Connect, headers and idle-body timeout of a call, and the whole budget of a read with its retry */
  timeoutMs: number
  connections: number
  onRetry?: (path: string, reason: RetryReason) => void
}

type Callback = (error: Error | null, data?: Dispatcher.ResponseData) => void

function retryReason(error: (Error & { code?: string }) | null, data: Dispatcher.ResponseData | undefined): RetryReason | undefined {
  if (error) {
    if (!error.code || !RETRIED_ERRORS.has(error.code)) return undefined
    return error.code === 'ECONNREFUSED' ? 'refused' : 'reset'
  }
  if (data && RETRIED_STATUSES.has(data.statusCode)) return data.statusCode === 502 ? 'bad-gateway' : 'unavailable'
  return undefined
}

/**
 * A dispatcher (what @fastify/reply-from and the BFF's own calls send
 * through) that keeps connections alive to the core API and retries reads
 * on a fresh one. request() takes a callback (reply-from) or answers a promise.
 */
export class CoreDispatcher {
  private readonly pooled: Agent
  /** No keep-alive: a retry never lands on another connection the core API is closing */
  private readonly fresh: Agent
  private readonly basePath: string

  constructor(private readonly options: UpstreamOptions) {
    const agent = {
      connections: options.connections,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: { timeout: options.timeoutMs },
    }
    this.pooled = new Agent(agent)
    this.fresh = new Agent({ ...agent, pipelining: 0 })
    this.basePath = new URL(options.baseUrl).pathname.replace(/\/$/, '')
  }

  /** The contract's path of a request path (base path and query string off). */
  private corePath(path: string): string {
    const query = path.indexOf('?')
    const bare = query < 0 ? path : path.slice(0, query)
    return this.basePath && bare.startsWith(this.basePath) ? bare.slice(this.basePath.length) : bare
  }

  request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>
  request(options: Dispatcher.RequestOptions, callback: Callback): void
  request(options: Dispatcher.RequestOptions, callback?: Callback): Promise<Dispatcher.ResponseData> | void {
    if (!callback) {
      return new Promise((resolve, reject) => this.request(options, (error, data) => (error ? reject(error) : resolve(data!))))
    }
    const started = Date.now()
    const path = this.corePath(options.path)
    const read = isReadOnlyCall(path)
    this.pooled.request(options, (error, data) => {
      const reason = read ? retryReason(error, data) : undefined
      const left = this.options.timeoutMs - (Date.now() - started)
      if (!reason || left < MIN_RETRY_MS || (options.signal as AbortSignal | undefined)?.aborted) {
        callback(error, data)
        return
      }
      // The balancer's error page is not wanted; its connection is free again once it is read.
      if (!error) data?.body?.resume()
      this.options.onRetry?.(path, reason)
      this.fresh.request({ ...options, headersTimeout: left }, callback)
    })
  }

  async close(): Promise<void> {
    await Promise.all([this.pooled.close(), this.fresh.close()])
  }
}
