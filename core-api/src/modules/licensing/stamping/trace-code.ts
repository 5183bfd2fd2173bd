// Trace codes: 'RPT-' and two groups of four Crockford base32 characters
// (no I, L, O, U, so a code read aloud or retyped is not misread): 40 random
// bits, printed on every page so that a copy names its order even after its
// metadata is stripped or its text pasted somewhere.
import { randomBytes } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

export function newTraceCode(): string {
  // 256 is a multiple of 32: taking each byte modulo 32 is unbiased.
  const chars = [...randomBytes(8)].map((byte) => ALPHABET[byte % 32]!)
  return `RPT-${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`
}

// Hyphens as text extraction, word processors and Chinese input methods
// write them (NFKC already folds the full-width one, U+FF0D).
const DASH = '[-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\u30FC]'
const CHAR = '[0-9A-Z]\\s*'
const CODE = new RegExp(`R\\s*P\\s*T\\s*${DASH}\\s*((?:${CHAR}){4})${DASH}\\s*((?:${CHAR}){4})`, 'g')

/** Crockford's reading rules: O is 0, I and L are 1; U is in no code. */
function canonical(group: string): string | undefined {
  const chars = group.replace(/\s+/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  return chars.includes('U') ? undefined : chars
}

/** Every trace code in text pasted from a copy, in order, each once. */
export function codesInText(text: string): string[] {
  const normal = text
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .toUpperCase()
  const found: string[] = []
  for (const match of normal.matchAll(CODE)) {
    const first = canonical(match[1]!)
    const second = canonical(match[2]!)
    if (first === undefined || second === undefined) continue
    const code = `RPT-${first}-${second}`
    if (!found.includes(code)) found.push(code)
  }
  return found
}
