import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// The invoice sandbox's credentials, as a provider's console hands them to a
// seller: an app key and an app secret. Made on first use and kept in
// dataDir/keys.json (mode 600), so the core API's settings survive a restart.

export interface InvoiceKeys {
  appKey: string
  appSecret: string
}

export function generateInvoiceKeys(): InvoiceKeys {
  return { appKey: `sbx${randomBytes(8).toString('hex')}`, appSecret: randomBytes(32).toString('base64url') }
}

export function loadInvoiceKeys(dataDir: string): InvoiceKeys {
  const file = path.join(dataDir, 'keys.json')
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as InvoiceKeys
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const keys = generateInvoiceKeys()
  mkdirSync(dataDir, { recursive: true })
  try {
    writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(readFileSync(file, 'utf8')) as InvoiceKeys
    throw error
  }
  return keys
}

/** The core API's settings for this sandbox (INVOICE_*), as its docs name them. */
export function invoiceProviderEnv(keys: InvoiceKeys, publicUrl: string): Record<string, string> {
  return {
    INVOICE_PROVIDER: 'sandbox',
    INVOICE_API_URL: `${publicUrl.replace(/\/+$/, '')}${INVOICE_PREFIX}`,
    INVOICE_APP_KEY: keys.appKey,
    INVOICE_APP_SECRET: keys.appSecret,
  }
}

/** Where the API answers under the sandbox's URL. */
export const INVOICE_PREFIX = '/fapiao'
