import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, trustedOrigins, trustProxyOption } from '../src/config.ts'

describe('loadConfig', () => {
  it('has a default for every variable', () => {
    const config = loadConfig({})
    expect(config.CORE_API_URL).toBe('http://127.0.0.1:3001')
    expect(config.CLIENT_DIST_DIR).toMatch(/client[/\\]dist$/)
    expect(config.RATE_LIMIT_LOGIN_MAX).toBe(10)
    expect(config.REDIS_URL).toBe('')
  })

  it('coerces strings from the environment', () => {
    const config = loadConfig({ PORT: '8080', TRUST_PROXY: 'true', CACHE_TTL_DICT_S: '5' })
    expect(config).toMatchObject({ PORT: 8080, TRUST_PROXY: 'true', CACHE_TTL_DICT_S: 5 })
  })

  it('trusts a balancer on loopback by default, and takes addresses, networks, hop counts or a yes/no', () => {
    expect(trustProxyOption(loadConfig({}).TRUST_PROXY)).toEqual(['loopback'])
    expect(trustProxyOption('10.0.0.0/8, 192.168.1.7,::1,fd00::/8, uniquelocal')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'uniquelocal',
    ])
    expect(typeof trustProxyOption('2')).toBe('function')
    expect(trustProxyOption('false')).toBe(false)
    expect(trustProxyOption('true')).toBe(true)
    for (const bad of ['balancer.internal', '10.0.0.0/33', '10.0.0.1/8/1', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY entry/)
    }
  })

  it('refuses a bad value and names the variable', () => {
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_MAX: 'many' })).toThrow(/RATE_LIMIT_LOGIN_MAX/)
    expect(() => loadConfig({ CORE_API_URL: 'core:3001' })).toThrow(ConfigError)
  })

  it('needs REDIS_URL for the shared cache store', () => {
    expect(() => loadConfig({ CACHE_STORE: 'redis' })).toThrow(/REDIS_URL/)
    expect(loadConfig({ CACHE_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' }).CACHE_STORE).toBe('redis')
  })

  it('accepts only origins in TRUSTED_ORIGINS', () => {
    expect(trustedOrigins(loadConfig({ TRUSTED_ORIGINS: 'https://a.example, https://b.example/' }))).toEqual([
      'https://a.example',
      'https://b.example',
    ])
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'https://a.example/path' })).toThrow(/TRUSTED_ORIGINS/)
  })
})
