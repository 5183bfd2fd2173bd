import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { readSettings, SettingsError, sharedSettings, trustProxyOption } from '../src/settings.ts'

const Schema = Type.Object({
  ...sharedSettings({ siteUrlDefault: '', siteUrlMeaning: 'the public origin' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
})

/** The message of what read throws; fails the test when it throws nothing or something else. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    readSettings(Schema, env)
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError)
    return (error as Error).message
  }
  throw new Error(`${JSON.stringify(env)} was accepted`)
}

describe('the shared settings', () => {
  it('have defaults', () => {
    expect(readSettings(Schema, {})).toEqual({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'loopback',
      SITE_URL: '',
      DRAIN_MS: 5000,
      PORT: 3000,
    })
  })

  it('take TRUST_PROXY as true, false, a hop count, or addresses, networks and named ranges', () => {
    for (const [given, option] of [
      ['true', true],
      ['TRUE', true],
      [' false ', false],
      ['loopback', ['loopback']],
      ['10.0.0.0/8, 192.168.1.7,::1,fd00::/8, uniquelocal', ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'uniquelocal']],
    ] as const) {
      expect(readSettings(Schema, { TRUST_PROXY: given }).TRUST_PROXY, given).toBe(given)
      expect(trustProxyOption(given), given).toEqual(option)
    }
    // A hop count trusts that many of the nearest hops.
    const two = trustProxyOption('2') as (address: string, hop: number) => boolean
    expect([0, 1, 2].map((hop) => two('10.0.0.1', hop))).toEqual([true, true, false])
    expect((trustProxyOption('0') as (address: string, hop: number) => boolean)('10.0.0.1', 0)).toBe(false)
  })

  it('refuse a bad TRUST_PROXY in one line naming it', () => {
    for (const bad of ['yes', 'balancer.internal', '10.0.0.0/33', '10.0.0.1/8/1', ',']) {
      const message = refusal({ TRUST_PROXY: bad })
      expect(message, bad).toMatch(/^Invalid configuration: TRUST_PROXY /)
      expect(message, bad).not.toContain('\n')
    }
  })

  it('take SITE_URL as an origin, with or without its trailing slash', () => {
    expect(readSettings(Schema, { SITE_URL: 'https://www.example.com/' }).SITE_URL).toBe('https://www.example.com')
    expect(readSettings(Schema, { SITE_URL: 'http://127.0.0.1:8080' }).SITE_URL).toBe('http://127.0.0.1:8080')
    for (const bad of ['www.example.com', 'https://www.example.com/shop', 'ftp://example.com', 'https://example.com?x=1']) {
      expect(refusal({ SITE_URL: bad }), bad).toBe(
        'Invalid configuration: SITE_URL must be an origin such as https://www.example.com (scheme, host and port only, no path)',
      )
    }
  })

  it('list the accepted words of a bad LOG_LEVEL or NODE_ENV, and name every setting at fault on one line', () => {
    expect(refusal({ LOG_LEVEL: 'loud' })).toBe(
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    )
    const both = refusal({ NODE_ENV: 'prod', PORT: 'eighty', DRAIN_MS: '-1' })
    expect(both).toBe(
      'Invalid configuration: NODE_ENV must be one of development, production, test; DRAIN_MS must be >= 0; PORT must be integer',
    )
  })

  it('treat an empty value as unset and let overrides win', () => {
    expect(readSettings(Schema, { LOG_LEVEL: '', DRAIN_MS: '250' }, { PORT: 0 })).toMatchObject({
      LOG_LEVEL: 'info',
      DRAIN_MS: 250,
      PORT: 0,
    })
  })
})
