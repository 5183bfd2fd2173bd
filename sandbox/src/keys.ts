import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// Both sides' keys, as a provider's sandbox console hands them out: the
// merchant's key pairs (the core API signs with their private halves) and the
// gateways' own (they sign answers and notifications). Generated on first use
// and kept in a file, so a restart keeps handed-out cashier links valid and
// the merchant's settings unchanged. They protect nothing real.

export interface RsaPair {
  privateKey: string
  publicKey: string
}

export interface GatewayKeys {
  alipay: {
    appId: string
    /** The merchant's application key pair */
    app: RsaPair
    /** "Alipay's" key pair */
    platform: RsaPair
  }
  wechatpay: {
    appId: string
    mchId: string
    /** The merchant's API key pair and its certificate serial */
    merchant: RsaPair
    merchantSerial: string
    /** "WeChat Pay's" platform key pair and its serial */
    platform: RsaPair
    platformSerial: string
    /** The 32-character APIv3 key (AES-256-GCM of notification resources) */
    apiV3Key: string
  }
}

function rsaPair(): RsaPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  })
  return { privateKey, publicKey }
}

export function generateKeys(): GatewayKeys {
  return {
    alipay: { appId: '2021000000000001', app: rsaPair(), platform: rsaPair() },
    wechatpay: {
      appId: 'wxsandbox00000001',
      mchId: '1900000001',
      merchant: rsaPair(),
      merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
      platform: rsaPair(),
      platformSerial: randomBytes(20).toString('hex').toUpperCase(),
      apiV3Key: randomBytes(16).toString('hex'),
    },
  }
}

/** The keys in dataDir/keys.json, generated and written there on first use. */
export function loadKeys(dataDir: string): GatewayKeys {
  const file = path.join(dataDir, 'keys.json')
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as GatewayKeys
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const keys = generateKeys()
  mkdirSync(dataDir, { recursive: true })
  // Private keys: readable by this user only; wx means the file exists already (another process won).
  try {
    writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(readFileSync(file, 'utf8')) as GatewayKeys
    throw error
  }
  return keys
}
