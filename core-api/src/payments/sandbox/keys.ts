import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { QueryTypes, type Sequelize } from 'sequelize'

// The sandbox gateway signs and verifies with keys of its own, generated on
// first use and kept in the database, so that the product's real
// verification code runs unchanged against it, and a cashier page signed by
// one instance verifies on another. They protect nothing real.

export interface RsaPair {
  privateKey: string
  publicKey: string
}

export interface SandboxKeys {
  alipay: {
    appId: string
    /** The merchant's key pair: the product signs requests with the private key */
    app: RsaPair
    /** "Alipay's" key pair: the sandbox signs notifications and answers with the private key */
    platform: RsaPair
  }
  wechatpay: {
    appId: string
    mchId: string
    /** The merchant's key pair and its certificate serial */
    merchant: RsaPair
    merchantSerial: string
    /** "WeChat Pay's" platform key pair and serial */
    platform: RsaPair
    platformSerial: string
    /** 32-character APIv3 key for AES-256-GCM of notification resources */
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

export function generateSandboxKeys(): SandboxKeys {
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

async function storedKeys(sequelize: Sequelize): Promise<SandboxKeys | undefined> {
  const [row] = await sequelize.query<{ keys: SandboxKeys }>(`SELECT keys FROM payment_sandbox_keys WHERE id = 1`, { type: QueryTypes.SELECT })
  return row?.keys
}

/**
 * The cluster's sandbox keys, created by whichever instance asks first. An
 * earlier version kept them under DATA_DIR/sandbox/keys.json; such keys are
 * taken over, so that cashier pages already handed out still verify.
 */
export async function loadSandboxKeys(sequelize: Sequelize, legacyDataDir?: string): Promise<SandboxKeys> {
  const existing = await storedKeys(sequelize)
  if (existing) return existing
  let keys: SandboxKeys | undefined
  if (legacyDataDir) {
    try {
      keys = JSON.parse(await readFile(path.join(legacyDataDir, 'sandbox', 'keys.json'), 'utf8')) as SandboxKeys
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  // Two instances starting at once: the first row wins, and both use it.
  await sequelize.query(`INSERT INTO payment_sandbox_keys (id, keys) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, {
    bind: [JSON.stringify(keys ?? generateSandboxKeys())],
  })
  return (await storedKeys(sequelize))!
}
