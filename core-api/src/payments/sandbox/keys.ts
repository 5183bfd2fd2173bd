import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

// The sandbox gateway signs and verifies with keys of its own, generated on
// first use and kept under DATA_DIR, so that the product's real verification
// code runs unchanged against it. They protect nothing real.

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

/** The keys under dataDir/sandbox/keys.json, created on first use. */
export async function loadSandboxKeys(dataDir: string): Promise<SandboxKeys> {
  const file = path.join(dataDir, 'sandbox', 'keys.json')
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SandboxKeys
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const keys = generateSandboxKeys()
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    // Another process created them first: use theirs.
    if (error.code !== 'EEXIST') throw error
  })
  return JSON.parse(await readFile(file, 'utf8')) as SandboxKeys
}
