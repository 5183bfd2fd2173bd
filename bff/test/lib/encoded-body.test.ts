import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { EncodedBodies, preferredEncoding } from '../../src/lib/encoded-body.ts'

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.2', 'gzip'],
    ['deflate', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['identity', 'identity'],
    [['gzip', 'br'], 'br'],
  ] as const)('%j → %s', (header, expected) => {
    expect(preferredEncoding(header as string | string[] | undefined)).toBe(expected)
  })
})

describe('EncodedBodies', () => {
  it('serializes once per object and compresses once per encoding', () => {
    const bodies = new EncodedBodies<object>()
    const key = { data: 'x'.repeat(4000) }
    let serialized = 0
    const serialize = () => {
      serialized += 1
      return JSON.stringify(key)
    }
    const first = bodies.get(key, serialize)
    expect(bodies.get(key, serialize)).toBe(first)
    expect(serialized).toBe(1)
    const br = first.encoded('br')
    expect(br.encoding).toBe('br')
    expect(first.encoded('br').bytes).toBe(br.bytes)
    expect(brotliDecompressSync(br.bytes).toString()).toBe(JSON.stringify(key))
    expect(gunzipSync(first.encoded('gzip').bytes).toString()).toBe(JSON.stringify(key))
  })

  it('leaves small bodies uncompressed', () => {
    const body = new EncodedBodies<object>().get({}, () => '{"code":200}')
    expect(body.encoded('br')).toEqual({ encoding: 'identity', bytes: Buffer.from('{"code":200}') })
  })
})
