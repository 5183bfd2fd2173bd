import { describe, expect, it } from 'vitest'
import { describeValidation } from '@rpt/contract'
import { AppError, classify, errorBody } from '../../src/http/envelope.ts'
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
  })

  it('words a limit as the core API does (the BFF once said "exceeds its limit of" and 超出上限)', () => {
    const maximum = { keyword: 'maximum', instancePath: '/pageSize', params: { limit: 100 } }
    expect(describeValidation(maximum, 'en-US')).toBe('Parameter pageSize must be at most 100')
    expect(describeValidation(maximum, 'zh-CN')).toBe('参数 pageSize 不能大于 100')
    const minLength = { keyword: 'minLength', instancePath: '/name', params: { limit: 2 } }
    expect(describeValidation(minLength, 'en-US')).toBe('Parameter name must be at least 2 characters')
    expect(describeValidation(minLength, 'zh-CN')).toBe('参数 name 不能少于 2 个字符')
  })
})

describe('the framework refusals the BFF answers', () => {
  it('words a schema violation and a malformed body as the core API does', () => {
    const violation = Object.assign(new Error('body/pageSize must be <= 100'), {
      statusCode: 400,
      validation: [{ keyword: 'maximum', instancePath: '/pageSize', params: { limit: 100 } }],
    })
    const refused = classify(violation as never)
    expect(refused.key).toBe('INVALID_PARAMETER')
    expect(refused.msg?.('zh-CN')).toBe('参数 pageSize 不能大于 100')
    const malformed = classify(Object.assign(new SyntaxError('malformed JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }))
    expect([malformed.key, malformed.msg?.('en-US')]).toEqual(['INVALID_PARAMETER', 'The request body is not valid JSON'])
  })

  it('keeps an unknown route a 404 and a framework 4xx an invalid request', () => {
    expect(classify(Object.assign(new Error('gone'), { statusCode: 404 }) as never).key).toBe('NOT_FOUND')
    expect(classify(Object.assign(new Error('method'), { statusCode: 405 }) as never).key).toBe('INVALID_PARAMETER')
  })
})

describe('editionOf', () => {
  it('reads /en and everything under /en/ as English, the rest as Chinese', () => {
    expect(['/en', '/en/', '/en/reports/x'].map(editionOf)).toEqual(['en-US', 'en-US', 'en-US'])
    expect(['/', '/english', '/reports/en', '/enx/'].map(editionOf)).toEqual(['zh-CN', 'zh-CN', 'zh-CN', 'zh-CN'])
  })
})
