import { describe, expect, it } from 'vitest'
import { AppError, classify, describeValidation, errorBody } from '../../src/http/envelope.ts'
import { editionOf } from '../../src/http/locale.ts'
import { UpstreamError } from '../../src/upstream/core-client.ts'

describe('errorBody', () => {
  it('speaks the request language', () => {
    expect(errorBody('UPSTREAM_TIMEOUT', 'zh-CN')).toEqual({ code: 5002, msg: '服务响应超时，请稍后再试', data: null })
    expect(errorBody('UPSTREAM_TIMEOUT', 'en-US').msg).toBe('The service took too long to answer. Please try again later.')
  })
})

describe('classify', () => {
  it('maps upstream failures to 5002 envelopes with 502 or 504', () => {
    expect(classify(new UpstreamError('timeout')).key).toBe('UPSTREAM_TIMEOUT')
    expect(classify(new UpstreamError('unavailable')).key).toBe('UPSTREAM_UNAVAILABLE')
    expect(classify(Object.assign(new Error('x'), { code: 'FST_REPLY_FROM_INTERNAL_SERVER_ERROR', statusCode: 500 }) as never).key).toBe(
      'UPSTREAM_UNAVAILABLE',
    )
  })

  it('keeps its own failures and hides anything unexpected', () => {
    expect(classify(new AppError('CROSS_SITE')).key).toBe('CROSS_SITE')
    expect(classify(new Error('boom') as never).key).toBe('SYSTEM_EXCEPTION')
    expect(classify(Object.assign(new Error('limit'), { statusCode: 429 }) as never).key).toBe('TOO_MANY_REQUESTS')
  })
})

describe('describeValidation', () => {
  it('names the field in both languages', () => {
    const issue = { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'bust' } }
    expect(describeValidation(issue, 'zh-CN')).toBe('不支持的参数：bust')
    expect(describeValidation(issue, 'en-US')).toBe('Unknown parameter: bust')
    expect(describeValidation({ keyword: 'maximum', instancePath: '/pageSize', params: { limit: 100 } }, 'en-US')).toBe(
      'Parameter pageSize exceeds its limit of 100',
    )
  })
})

describe('editionOf', () => {
  it('reads /en and everything under /en/ as English, the rest as Chinese', () => {
    expect(['/en', '/en/', '/en/reports/x'].map(editionOf)).toEqual(['en-US', 'en-US', 'en-US'])
    expect(['/', '/english', '/reports/en', '/enx/'].map(editionOf)).toEqual(['zh-CN', 'zh-CN', 'zh-CN', 'zh-CN'])
  })
})
