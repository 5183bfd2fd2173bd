import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fixture } from '../../../scripts/testkit/format.ts'
import { loadFixtures, validateFixture } from '../../../scripts/testkit/load.ts'
import { startRecordingProxy } from '../../../scripts/testkit/proxy.ts'
import { buildFixture, exchangesFromHar, loadDeclaredRules, type Declared } from '../../../scripts/testkit/record.ts'
import { replayScenario, totals } from '../../../scripts/testkit/run.ts'
import { CONTRACT_DIR } from '../../../scripts/testkit/sets.ts'
import { startStubCore, type StubCore } from '../../../scripts/testkit/stub.ts'
import { encryptCredential } from '../../../scripts/testkit/template.ts'
import { buildBff, fromSite } from '../helpers/build-app.ts'

// npm run record: what passes through the recording proxy (here in front of
// a BFF on the stub core API), or what a HAR file holds, becomes one
// scenario that replays green at both tiers, secrets masked. The same with a
// real browser, core API and database: e2e/tests/record-replay.test.ts.

let stub: StubCore
let bff: FastifyInstance
let site: string
let declared: Declared

beforeAll(async () => {
  stub = await startStubCore({ fixtures: await loadFixtures([CONTRACT_DIR], { recursive: true }) })
  bff = await buildBff({ CORE_API_URL: stub.url })
  site = await bff.listen({ host: '127.0.0.1', port: 0 })
  declared = await loadDeclaredRules()
})
afterAll(async () => {
  await bff?.close()
  await stub?.close()
})

const replayBoth = async (fixture: Fixture) => {
  expect(validateFixture(fixture)).toEqual([])
  const results = []
  for (const [tier, base] of [
    ['bff', site],
    ['core', stub.url],
  ] as const) {
    const result = await replayScenario({ file: 'recorded.json', fixture }, { base, tier, vars: { $run: 'r1' } })
    results.push({ tier, ...totals([result]), problems: result.steps.flatMap((s) => s.problems.map((p) => `${s.name}: ${p}`)) })
  }
  return results
}

describe('the recording proxy in front of a BFF', () => {
  it('keeps the /api/ calls, masks the secrets, and writes a scenario that replays green at both tiers', async () => {
    const proxy = await startRecordingProxy({ target: site, tier: 'bff' })
    try {
      const send = (method: 'GET' | 'POST', path: string, payload?: object, headers: Record<string, string> = {}) =>
        fetch(`${proxy.url}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', ...fromSite, origin: proxy.url } : {}),
            ...headers,
          },
          body: payload ? JSON.stringify(payload) : undefined,
        })
      expect((await send('GET', '/api/basedata/carousel/listData?lang=en-US')).status).toBe(200)
      expect((await send('POST', '/api/report/researchReport/pageList', { pageNo: 1, pageSize: 10, lang: 'zh-CN' })).status).toBe(200)
      // Not recorded: pages, the BFF's own payloads, the same call twice.
      expect((await send('GET', '/bff/pages/home?lang=en-US')).status).toBe(200)
      expect((await send('GET', '/api/basedata/carousel/listData?lang=en-US', undefined, { 'accept-encoding': 'gzip' })).status).toBe(200)
      const captcha = (await (await send('POST', '/api/report/websiteUser/getWuValidCode', { lang: 'en-US' })).json()) as {
        data: { unTime: string }
      }
      const login = await send(
        'POST',
        '/api/report/websiteUser/login',
        {
          loginCode: encryptCredential('nobody_here'),
          password: encryptCredential('Top-secret-9'),
          validCode: 'XXXX',
          unTime: captcha.data.unTime,
          lang: 'en-US',
        },
        { cookie: 'rpt_session=a-session-token; locale=en-US' },
      )
      expect(((await login.json()) as { code: number }).code).toBe(200003)
      expect(proxy.raw.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /basedata/carousel/listData',
        'POST /report/researchReport/pageList',
        'GET /basedata/carousel/listData',
        'POST /report/websiteUser/getWuValidCode',
        'POST /report/websiteUser/login',
      ])
      const { fixture, notes } = buildFixture(proxy.raw, { name: 'through-the-proxy', description: 'x', declared })
      expect(fixture.exchanges).toHaveLength(4)
      const text = JSON.stringify(fixture)
      for (const secret of ['Top-secret-9', encryptCredential('Top-secret-9'), 'a-session-token', 'rpt_session'])
        expect(text).not.toContain(secret)
      const loginRequest = fixture.exchanges[3]!.request
      expect(loginRequest.body).toMatchObject({
        loginCode: '{{loginCode | credential}}',
        password: '{{password | credential}}',
        unTime: '{{unTime}}',
      })
      expect(loginRequest.headers?.['website-token']).toBe('{{token}}')
      expect(fixture.vars).toEqual({ loginCode: 'nobody_here' })
      expect(fixture.exchanges[2]!.volatile).toEqual([{ path: 'data.unTime', match: 'string', capture: 'unTime' }])
      expect(notes).toEqual(expect.arrayContaining([expect.stringContaining('--var password=…'), expect.stringContaining('--var token=…')]))

      // Replayed with the masked values given, as the notes say.
      fixture.vars = { ...fixture.vars, password: 'anything-1', token: 'some-token' }
      for (const result of await replayBoth(fixture)) expect(result, result.problems.join('\n')).toMatchObject({ passed: 4, failed: 0 })
    } finally {
      await proxy.close()
    }
  })
})

describe('a HAR file', () => {
  const entry = (method: string, url: string, status: number, mimeType: string, text: string, postData?: object, extra: object = {}) => ({
    request: {
      method,
      url,
      headers: [
        { name: 'Accept', value: 'application/json' },
        { name: 'Cookie', value: 'rpt_session=s3cr3t-session; locale=zh-CN' },
        { name: ':authority', value: 'site.test' },
      ],
      ...(postData ? { postData: { mimeType: 'application/json', text: JSON.stringify(postData) } } : {}),
    },
    response: { status, headers: [{ name: 'Content-Type', value: mimeType }], content: { mimeType, text, ...extra } },
  })

  it('gives its /api/ and core API calls, without pages, assets or payloads, as a scenario that replays green', async () => {
    const carousel = await (await fetch(`${site}/api/basedata/carousel/listData?lang=zh-CN`)).text()
    const hot = await (await fetch(`${stub.url}/report/researchReport/hotReports?lang=en-US`)).text()
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'WebInspector', version: '537.36' },
        entries: [
          entry('GET', `${site}/`, 200, 'text/html', '<!doctype html>'),
          entry('GET', `${site}/assets/index-abc.js`, 200, 'text/javascript', 'export {}'),
          entry('GET', `${site}/bff/pages/home?lang=zh-CN`, 200, 'application/json', '{}'),
          entry(
            'GET',
            `${site}/api/basedata/carousel/listData?lang=zh-CN`,
            200,
            'application/json',
            Buffer.from(carousel).toString('base64'),
            undefined,
            { encoding: 'base64' },
          ),
          // A call a page made to a core API directly.
          entry('GET', `${stub.url}/report/researchReport/hotReports?lang=en-US`, 200, 'application/json; charset=utf-8', hot),
          entry('POST', `${site}/api/report/researchReport/pageList`, 0, '', ''),
        ],
      },
    }
    const { raw, skipped } = exchangesFromHar(har)
    expect(skipped).toBe(4)
    expect(raw.map((r) => `${r.tier} ${r.path}`)).toEqual(['bff /basedata/carousel/listData', 'core /report/researchReport/hotReports'])
    const { fixture } = buildFixture(raw, { name: 'from-a-har', description: 'x', declared })
    expect(JSON.stringify(fixture)).not.toContain('s3cr3t-session')
    expect(fixture.exchanges[0]!.request.headers).toEqual({ accept: 'application/json', 'website-token': '{{token}}' })
    fixture.vars = { token: 'any' }
    for (const result of await replayBoth(fixture)) expect(result, result.problems.join('\n')).toMatchObject({ passed: 2, failed: 0 })
  })

  it('that is not one is refused', () => {
    expect(() => exchangesFromHar({ log: {} })).toThrow('not a HAR file')
  })
})
