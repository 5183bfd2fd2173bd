import { connect } from 'node:net'
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { describeValidation } from '@rpt/contract'
import wordings from './fixtures/validation-messages.json' with { type: 'json' }
import { jsonBodies } from '../src/body-parsers.ts'
import { classifyFrameworkError, clientErrors, INITIAL_OUTCOME, sendEnvelope, type Lang } from '../src/envelope.ts'
import { serverOptions } from '../src/server.ts'

// The envelope of what the framework refuses, as both services answer it:
// one wording for a schema violation, a malformed body, a header too large.

const apps: FastifyInstance[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close()
})

/** A service in miniature: the shared options, the JSON parser and an error handler that answers what classifyFrameworkError says. */
async function miniService(lang: Lang = 'zh-CN') {
  const app = Fastify({
    ...serverOptions(
      { BODY_LIMIT_BYTES: 1024, TRUST_PROXY: 'loopback' },
      {
        removeAdditional: false,
        badUrl: (_request, reply) =>
          void sendEnvelope(reply, 400, clientErrors.INVALID_PARAMETER.code, clientErrors.INVALID_PARAMETER[lang]),
      },
    ),
    logger: false,
  })
  app.decorateReply('outcomeCode', INITIAL_OUTCOME)
  jsonBodies(app)
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const { key, status, msg } = classifyFrameworkError(error)
    return sendEnvelope(reply, status, clientErrors[key].code, msg?.(lang) ?? clientErrors[key][lang])
  })
  app.post(
    '/list',
    {
      schema: {
        body: {
          type: 'object',
          required: ['pageNo'],
          additionalProperties: false,
          properties: {
            pageNo: { type: 'integer', minimum: 1 },
            pageSize: { type: 'integer', maximum: 100 },
            name: { type: 'string', maxLength: 4 },
          },
        },
      },
    },
    async (request) => ({ got: request.body }),
  )
  app.get('/item/:id', async () => ({}))
  apps.push(app)
  await app.ready()
  return app
}

const post = (app: FastifyInstance, payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/list', headers: { 'content-type': contentType }, payload })

describe('the wording of a schema violation (@rpt/contract), the core API’s', () => {
  it('names the field and the rule in both languages', () => {
    // Issue, Chinese, English: the core API's words, which its route tests pin too.
    const cases = wordings as [Parameters<typeof describeValidation>[0], string, string][]
    for (const [issue, zh, en] of cases) {
      expect(describeValidation(issue, 'zh-CN')).toBe(zh)
      expect(describeValidation(issue, 'en-US')).toBe(en)
    }
  })
})

describe('classifyFrameworkError through a service', () => {
  it('answers a schema violation with 100001 and the field at fault', async () => {
    const app = await miniService('en-US')
    const over = await post(app, JSON.stringify({ pageNo: 1, pageSize: 101 }))
    expect([over.statusCode, over.json()]).toEqual([400, { code: 100001, msg: 'Parameter pageSize must be at most 100', data: null }])
    expect((await post(app, '{}')).json().msg).toBe('Missing required parameter: pageNo')
    expect((await post(app, JSON.stringify({ pageNo: 1, bust: 2 }))).json().msg).toBe('Unknown parameter: bust')
  })

  it('reads an empty JSON body as {} and says a malformed one is not JSON', async () => {
    const app = await miniService()
    expect((await post(app, '')).json().msg).toBe('缺少必填参数：pageNo')
    const malformed = await post(app, '{"pageNo":')
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { code: 100001, msg: '请求体不是有效的 JSON', data: null }])
  })

  it('keeps the codes of a body too large or of an unsupported type', async () => {
    const app = await miniService()
    const large = await post(app, JSON.stringify({ pageNo: 1, name: 'x'.repeat(2000) }))
    expect([large.statusCode, large.json()]).toEqual([413, { code: 413, msg: '请求内容过大', data: null }])
    const text = await post(app, '<pageNo>1</pageNo>', 'application/xml')
    expect([text.statusCode, text.json()]).toEqual([415, { code: 415, msg: '不支持的请求内容类型', data: null }])
  })

  it('answers a URL the router cannot read with the envelope', async () => {
    const app = await miniService()
    const bad = await app.inject({ url: '/item/%E0%A4%A' })
    expect([bad.statusCode, bad.json()]).toEqual([400, { code: 100001, msg: '请求参数错误', data: null }])
  })

  it('calls any other 4xx an invalid request, a rate limit a rate limit, anything else a system exception', () => {
    const error = (statusCode?: number) => Object.assign(new Error('x'), statusCode ? { statusCode } : {}) as FastifyError
    expect(classifyFrameworkError(error(405))).toEqual({ key: 'INVALID_PARAMETER', status: 405 })
    expect(classifyFrameworkError(error(429))).toEqual({ key: 'TOO_MANY_REQUESTS', status: 429 })
    expect(classifyFrameworkError(error())).toEqual({ key: 'SYSTEM_EXCEPTION', status: 500 })
  })
})

describe("what Node's HTTP parser refuses", () => {
  it('is answered with the envelope and the connection closed', async () => {
    const app = await miniService()
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as { port: number }
    const answer = await new Promise<string>((resolve) => {
      let text = ''
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /item/1 HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'))
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('close', () => resolve(text))
      socket.on('error', () => resolve(text))
    })
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(answer).toContain('Connection: close')
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ code: 100001, msg: '请求参数错误', data: null })
  })
})
