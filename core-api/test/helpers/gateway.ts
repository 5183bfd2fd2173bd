import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { Books, generateKeys, merchantEnv, sandbox, type GatewayKeys, type NotificationSender } from '@rpt/payment-sandbox'
import { freePort } from '../../../scripts/testkit/ports.ts'

// The payment sandbox (sandbox/ at the repository root) listening on a
// loopback port, as the core API's payment gateway in tests: the core API
// reaches it over HTTP with the merchant settings it would use in
// production. Notifications for the site's /api go straight to the core API
// under test, as the BFF in front of it would pass them on.

export interface TestGateway {
  url: string
  keys: GatewayKeys
  books: Books
  /** The core API's merchant settings for this gateway */
  settings: Record<string, string>
  /** Where notifications go: the core API under test, set once it is built */
  target: FastifyInstance | undefined
  close(): Promise<void>
}

let shared: GatewayKeys | undefined
/** One set of keys per test process: RSA key generation is slow, and a test may need them without a gateway (signing its own notification). */
export function testKeys(): GatewayKeys {
  shared ??= generateKeys()
  return shared
}

/** Hands a notification to the core API: over HTTP when it listens, else through inject; the site's /api prefix is the BFF's, not the core's. */
function toCore(gateway: TestGateway): NotificationSender {
  return async (notifyUrl, notification) => {
    const core = gateway.target
    if (!core) throw new Error('the test gateway has no core API to notify')
    const path = new URL(notifyUrl).pathname.replace(/^\/api(?=\/)/, '')
    if (core.server.listening) {
      const { port } = core.server.address() as AddressInfo
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: notification.headers,
        body: notification.body,
      })
      return { status: response.status, body: await response.text() }
    }
    const response = await core.inject({ method: 'POST', url: path, headers: notification.headers, payload: notification.body })
    return { status: response.statusCode, body: response.body }
  }
}

export async function startGateway(options: { siteUrl?: string; refundDelayMs?: number } = {}): Promise<TestGateway> {
  const keys = testKeys()
  const app = Fastify({ logger: false })
  const port = await freePort()
  const gateway: TestGateway = {
    url: `http://127.0.0.1:${port}`,
    keys,
    books: new Books(),
    settings: {},
    target: undefined,
    close: () => app.close(),
  }
  const site = options.siteUrl ?? 'http://localhost:3000'
  await app.register(sandbox, {
    keys,
    publicUrl: gateway.url,
    books: gateway.books,
    deliver: toCore(gateway),
    payBackUrl: (orderNo) => `${site}/personalCenter/payBack?orderNo=${encodeURIComponent(orderNo)}`,
    ...(options.refundDelayMs === undefined ? {} : { refundDelayMs: options.refundDelayMs }),
  })
  await app.listen({ host: '127.0.0.1', port })
  const env = merchantEnv(keys, gateway.url)
  gateway.settings = { ...env.alipay, ...env.wechatpay }
  return gateway
}
