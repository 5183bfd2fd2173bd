import type { Config } from '../../../platform/config.ts'
import { AlipayProvider } from './gateways/alipay.ts'
import { providerOf, type PayMethod, type PaymentProvider, type ProviderName } from './gateways/types.ts'
import { WechatPayProvider } from './gateways/wechatpay.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'

// Which provider takes a payment: the one whose merchant settings are all
// given, at the gateway URL they name (the providers' own by default). Without
// them the method is unavailable (100002). Development and tests give a
// stand-in gateway's settings the same way, and this code cannot tell.

export type PaymentMode = 'on' | 'off'

export interface Payments {
  readonly modes: Record<ProviderName, PaymentMode>
  /** The provider for a method; undefined when that provider is off */
  forMethod(method: PayMethod): PaymentProvider | undefined
  /** Every provider that is on */
  all(): PaymentProvider[]
}

function alipayConfigured(config: Config): boolean {
  return Boolean(config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY)
}

function wechatConfigured(config: Config): boolean {
  return Boolean(
    config.WECHATPAY_APP_ID &&
    config.WECHATPAY_MCH_ID &&
    config.WECHATPAY_PRIVATE_KEY &&
    config.WECHATPAY_SERIAL &&
    config.WECHATPAY_PLATFORM_PUBLIC_KEY &&
    config.WECHATPAY_PLATFORM_SERIAL &&
    config.WECHATPAY_API_V3_KEY,
  )
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments
  }
}

export default servicePlugin({ name: 'payments', decorates: 'payments' }, (app) => {
  const { config } = app
  const modes: Record<ProviderName, PaymentMode> = {
    alipay: alipayConfigured(config) ? 'on' : 'off',
    wechatpay: wechatConfigured(config) ? 'on' : 'off',
  }
  app.log.info(
    { payments: modes, gateways: { alipay: config.ALIPAY_GATEWAY || 'default', wechatpay: config.WECHATPAY_BASE_URL || 'default' } },
    'payment providers',
  )

  const built = new Map<ProviderName, PaymentProvider>()
  const build = (name: ProviderName): PaymentProvider | undefined => {
    if (modes[name] === 'off') return undefined
    const cached = built.get(name)
    if (cached) return cached
    const provider: PaymentProvider =
      name === 'alipay'
        ? new AlipayProvider({
            appId: config.ALIPAY_APP_ID,
            privateKey: config.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
            ...(config.ALIPAY_GATEWAY ? { gateway: config.ALIPAY_GATEWAY } : {}),
          })
        : new WechatPayProvider({
            appId: config.WECHATPAY_APP_ID,
            mchId: config.WECHATPAY_MCH_ID,
            merchantPrivateKey: config.WECHATPAY_PRIVATE_KEY,
            merchantSerial: config.WECHATPAY_SERIAL,
            platformPublicKey: config.WECHATPAY_PLATFORM_PUBLIC_KEY,
            platformSerial: config.WECHATPAY_PLATFORM_SERIAL,
            apiV3Key: config.WECHATPAY_API_V3_KEY,
            ...(config.WECHATPAY_BASE_URL ? { baseUrl: config.WECHATPAY_BASE_URL } : {}),
          })
    built.set(name, provider)
    return provider
  }

  return {
    modes,
    forMethod: (method: PayMethod) => build(providerOf(method)),
    all: () => (['alipay', 'wechatpay'] as const).flatMap((name) => build(name) ?? []),
  }
})
