import { describe, expect, it } from 'vitest'
import { isSealed, open, seal, SealedSecretError } from '../../../src/platform/lib/secret-box.ts'

const KEY = 'a-key-of-the-environment-32-chars-long'

describe('the secret box', () => {
  it('seals to a different text each time and opens back', () => {
    const first = seal(KEY, 'staff totp secret', 'JBSWY3DPEHPK3PXP')
    const second = seal(KEY, 'staff totp secret', 'JBSWY3DPEHPK3PXP')
    expect(first).not.toBe(second)
    expect(isSealed(first)).toBe(true)
    expect(first.length).toBeLessThanOrEqual(200)
    expect(open(KEY, 'staff totp secret', first)).toBe('JBSWY3DPEHPK3PXP')
  })

  it('passes a value stored before sealing through as it is', () => {
    expect(open(KEY, 'staff totp secret', 'JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP')
  })

  it('refuses another key, another purpose and a changed byte', () => {
    const sealed = seal(KEY, 'staff totp secret', 'JBSWY3DPEHPK3PXP')
    expect(() => open(`${KEY}!`, 'staff totp secret', sealed)).toThrow(SealedSecretError)
    expect(() => open(KEY, 'another purpose', sealed)).toThrow(SealedSecretError)
    const last = sealed.at(-1) === 'A' ? 'B' : 'A'
    expect(() => open(KEY, 'staff totp secret', sealed.slice(0, -1) + last)).toThrow(SealedSecretError)
    expect(() => open(KEY, 'staff totp secret', 'v1.abc')).toThrow(SealedSecretError)
  })
})
