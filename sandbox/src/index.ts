// What tests and the start script use: the sandbox as a Fastify plugin, its
// keys and books, and the core API's merchant settings for it.
export { default as sandbox, ALIPAY_PREFIX, WECHATPAY_PREFIX, payBackTemplate, type SandboxOptions } from './app.ts'
export { Books, type Refund, type Trade, type TradeState } from './books.ts'
export type { Notification, NotificationSender } from './deliver.ts'
export { generateKeys, loadKeys, type GatewayKeys } from './keys.ts'
export { ALIPAY_SETTINGS, merchantEnv, shellLines, WECHATPAY_SETTINGS, type MerchantEnv } from './merchant-env.ts'
export { signingString } from './alipay/gateway.ts'
export { parseAlipayTime, parseWechatTime } from './china-time.ts'
export { parseAuthorization } from './wechatpay/protocol.ts'
