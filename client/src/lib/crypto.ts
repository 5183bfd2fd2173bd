import AES from 'crypto-js/aes'
import Utf8 from 'crypto-js/enc-utf8'
import ECB from 'crypto-js/mode-ecb'
import Pkcs7 from 'crypto-js/pad-pkcs7'

// The legacy contract: login codes and passwords travel AES/ECB encrypted.
// It is obfuscation the core API expects, not a security boundary (TLS is).
const KEY: string = import.meta.env.VITE_CREDENTIAL_KEY ?? 'rpt-site-dev-key'

export function encryptCredential(value: string, key: string = KEY): string {
  return AES.encrypt(Utf8.parse(value), Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString()
}
