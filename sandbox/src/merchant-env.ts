import { ALIPAY_PREFIX, WECHATPAY_PREFIX } from './app.ts'
import type { GatewayKeys } from './keys.ts'

// The core API's settings for a merchant of this sandbox, as a provider's
// sandbox console hands them out: app ids, the merchant's private keys, the
// gateway's public keys and serials, and the gateway URLs. The same variables
// take a real merchant's values in production.

export const ALIPAY_SETTINGS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_GATEWAY'] as const
export const WECHATPAY_SETTINGS = [
  'WECHATPAY_APP_ID',
  'WECHATPAY_MCH_ID',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_SERIAL',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_PLATFORM_SERIAL',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_BASE_URL',
] as const

export interface MerchantEnv {
  alipay: Record<(typeof ALIPAY_SETTINGS)[number], string>
  wechatpay: Record<(typeof WECHATPAY_SETTINGS)[number], string>
}

/** The settings per provider; publicUrl is where this sandbox listens for browsers and for the core API alike. */
export function merchantEnv(keys: GatewayKeys, publicUrl: string): MerchantEnv {
  const base = publicUrl.replace(/\/+$/, '')
  const { alipay, wechatpay } = keys
  return {
    alipay: {
      ALIPAY_APP_ID: alipay.appId,
      ALIPAY_PRIVATE_KEY: alipay.app.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.platform.publicKey,
      ALIPAY_GATEWAY: `${base}${ALIPAY_PREFIX}/gateway.do`,
    },
    wechatpay: {
      WECHATPAY_APP_ID: wechatpay.appId,
      WECHATPAY_MCH_ID: wechatpay.mchId,
      WECHATPAY_PRIVATE_KEY: wechatpay.merchant.privateKey,
      WECHATPAY_SERIAL: wechatpay.merchantSerial,
      WECHATPAY_PLATFORM_PUBLIC_KEY: wechatpay.platform.publicKey,
      WECHATPAY_PLATFORM_SERIAL: wechatpay.platformSerial,
      WECHATPAY_API_V3_KEY: wechatpay.apiV3Key,
      WECHATPAY_BASE_URL: `${base}${WECHATPAY_PREFIX}`,
    },
  }
}

/** Settings as shell lines (export NAME='value'), quoted so multi-line keys stay whole. */
export function exportLines(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([name, value]) => `export ${name}='${value.replaceAll("'", "'\\''")}'`)
    .join('\n')
}

/** The merchant settings as shell lines. */
export const shellLines = (env: MerchantEnv): string => exportLines({ ...env.alipay, ...env.wechatpay })
