import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import { AlipayProvider } from '../../payments/alipay.ts'
import alipaySandbox from '../../payments/sandbox/alipay-sandbox.ts'
import { loadSandboxKeys, type SandboxKeys } from '../../payments/sandbox/keys.ts'
import wechatpaySandbox from '../../payments/sandbox/wechatpay-sandbox.ts'
import { providerOf, type NotificationSender, type PayMethod, type PaymentProvider, type ProviderName } from '../../payments/types.ts'
import { WechatPayProvider } from '../../payments/wechatpay.ts'

// Which provider takes a payment. With a provider's merchant credentials the
// real one does; without them, outside production, the sandbox gateway that
// ships with the product does, speaking the same protocol, so the same
// signing and verification code runs in development, tests and demos. In
// production without credentials the method is unavailable (100002).

export const SANDBOX_PREFIX = '/sandbox'

export type PaymentMode = 'live' | 'sandbox' | 'off'

export interface Payments {
  readonly modes: Record<ProviderName, PaymentMode>
  /** The provider for a method; undefined when that provider is off */
  forMethod(method: PayMethod): PaymentProvider | undefined
  /** Every provider that is on */
  all(): PaymentProvider[]
}

function alipayLive(config: Config): boolean {
  return Boolean(config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY)
}

function wechatLive(config: Config): boolean {
  return Boolean(config.WECHATPAY_APP_ID && config.WECHATPAY_MCH_ID && config.WECHATPAY_PRIVATE_KEY && config.WECHATPAY_SERIAL
    && config.WECHATPAY_PLATFORM_PUBLIC_KEY && config.WECHATPAY_PLATFORM_SERIAL && config.WECHATPAY_API_V3_KEY)
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { config } = app
    const sandboxAllowed = config.NODE_ENV !== 'production'
    const modes: Record<ProviderName, PaymentMode> = {
      alipay: alipayLive(config) ? 'live' : sandboxAllowed ? 'sandbox' : 'off',
      wechatpay: wechatLive(config) ? 'live' : sandboxAllowed ? 'sandbox' : 'off',
    }
    app.log.info({ payments: modes }, 'payment providers')

    let keys: SandboxKeys | undefined
    if (modes.alipay === 'sandbox' || modes.wechatpay === 'sandbox') {
      keys = await loadSandboxKeys(app.db.sequelize, config.DATA_DIR)
      // The sandbox belongs to this API: it hands its notifications straight
      // to the notification route, whatever public URL fronts it.
      const deliver: NotificationSender = async (notifyUrl, request) => {
        const path = new URL(notifyUrl).pathname.replace(/^\/api(?=\/)/, '')
        const res = await app.inject({ method: 'POST', url: path, headers: request.headers, payload: request.body })
        return { status: res.statusCode, body: res.body }
      }
      const payBackUrl = (orderNo: string) => `${config.SITE_URL}/personalCenter/payBack?orderNo=${encodeURIComponent(orderNo)}`
      const sandboxKeys = keys
      await app.register(async (sandbox) => {
        // The sandbox stands in for the providers; it is not part of this API's documented contract.
        sandbox.addHook('onRoute', (route) => {
          route.schema = { ...route.schema, hide: true }
        })
        if (modes.alipay === 'sandbox') {
          await sandbox.register(alipaySandbox, { prefix: `${SANDBOX_PREFIX}/alipay`, keys: sandboxKeys.alipay, sequelize: app.db.sequelize, deliver })
        }
        if (modes.wechatpay === 'sandbox') {
          await sandbox.register(wechatpaySandbox, {
            prefix: `${SANDBOX_PREFIX}/wechatpay`, keys: sandboxKeys.wechatpay, sequelize: app.db.sequelize, deliver, payBackUrl,
            publicBaseUrl: `${config.SITE_URL}${SANDBOX_PREFIX}/wechatpay`,
          })
        }
      })
    }

    /** This API's own address, for server-to-server calls to its sandbox: known once it listens. */
    const selfUrl = () => {
      if (config.SANDBOX_API_URL) return config.SANDBOX_API_URL.replace(/\/+$/, '')
      const address = app.server.address() as AddressInfo | null
      const port = address && typeof address === 'object' ? address.port : config.CORE_PORT
      return `http://127.0.0.1:${port}`
    }

    const built = new Map<ProviderName, PaymentProvider>()
    const build = (name: ProviderName): PaymentProvider | undefined => {
      if (modes[name] === 'off') return undefined
      const cached = built.get(name)
      if (cached) return cached
      let provider: PaymentProvider
      if (name === 'alipay') {
        provider = modes.alipay === 'live'
          ? new AlipayProvider({ appId: config.ALIPAY_APP_ID, privateKey: config.ALIPAY_PRIVATE_KEY, alipayPublicKey: config.ALIPAY_PUBLIC_KEY, ...(config.ALIPAY_GATEWAY ? { gateway: config.ALIPAY_GATEWAY } : {}) })
          : new AlipayProvider({
            appId: keys!.alipay.appId, privateKey: keys!.alipay.app.privateKey, alipayPublicKey: keys!.alipay.platform.publicKey,
            // Page-pay URLs open in the buyer's browser, so they name the public site; queries go server to server.
            gateway: `${config.SITE_URL}${SANDBOX_PREFIX}/alipay/gateway.do`,
            queryGateway: `${selfUrl()}${SANDBOX_PREFIX}/alipay/gateway.do`,
          })
      } else {
        provider = modes.wechatpay === 'live'
          ? new WechatPayProvider({
            appId: config.WECHATPAY_APP_ID, mchId: config.WECHATPAY_MCH_ID, merchantPrivateKey: config.WECHATPAY_PRIVATE_KEY,
            merchantSerial: config.WECHATPAY_SERIAL, platformPublicKey: config.WECHATPAY_PLATFORM_PUBLIC_KEY,
            platformSerial: config.WECHATPAY_PLATFORM_SERIAL, apiV3Key: config.WECHATPAY_API_V3_KEY,
            ...(config.WECHATPAY_BASE_URL ? { baseUrl: config.WECHATPAY_BASE_URL } : {}),
          })
          : new WechatPayProvider({
            baseUrl: `${selfUrl()}${SANDBOX_PREFIX}/wechatpay`, appId: keys!.wechatpay.appId, mchId: keys!.wechatpay.mchId,
            merchantPrivateKey: keys!.wechatpay.merchant.privateKey, merchantSerial: keys!.wechatpay.merchantSerial,
            platformPublicKey: keys!.wechatpay.platform.publicKey, platformSerial: keys!.wechatpay.platformSerial, apiV3Key: keys!.wechatpay.apiV3Key,
          })
      }
      built.set(name, provider)
      return provider
    }

    app.decorate('payments', {
      modes,
      forMethod: (method: PayMethod) => build(providerOf(method)),
      all: () => (['alipay', 'wechatpay'] as const).flatMap((name) => build(name) ?? []),
    })
  },
  { name: 'payments', dependencies: ['db'] },
)
