import type { RouteOptions } from 'fastify'
import type { TSchema } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as contract from '@rpt/contract'
import { buildTestApp, type TestApp } from '../helpers/build-app.ts'

// The core API validates and documents with the contract's very schema
// objects (@rpt/contract, which the BFF and the client type their calls
// with), not with copies of them: what the types promise is what is checked.

type Schema = TSchema & { type?: string; items?: Schema; anyOf?: Schema[]; properties?: Record<string, Schema> }
interface RouteSchema {
  body?: Schema
  querystring?: Schema
  headers?: Schema
  response?: Record<string, Schema>
}

const routes = new Map<string, RouteSchema>()
const exported = new Set<unknown>(Object.values(contract))
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route.schema as RouteSchema)
      },
    },
  )
})
afterAll(() => t?.close())

/** The contract's answer data: one of its schemas, an array of one, or one or null. */
function fromContract(schema: Schema): boolean {
  if (exported.has(schema)) return true
  if (schema.type === 'array' && schema.items) return fromContract(schema.items)
  if (schema.anyOf) return schema.anyOf.every((member) => member.type === 'null' || fromContract(member))
  return schema.type === 'null'
}

describe('the core API validates with @rpt/contract', () => {
  it("takes a route's input and answer schemas from the contract, as the same objects", () => {
    const pageList = routes.get('POST /report/researchReport/pageList')
    expect(pageList?.body).toBe(contract.ReportPageListBody)
    expect(pageList?.response?.['200']?.properties?.data).toBe(contract.ReportPageListData)
    expect(pageList?.response?.['4xx']).toBe(contract.ErrorEnvelope)

    const bulletin = routes.get('GET /report/researchBriefReport/form')
    expect(bulletin?.querystring).toBe(contract.BulletinFormQuery)
    expect(bulletin?.response?.['200']?.properties?.data).toBe(contract.BulletinDetail)

    const userInfo = routes.get('GET /report/websiteUser/getUserInfo')
    expect(userInfo?.headers).toBe(contract.TokenHeader)
    expect(userInfo?.response?.['200']?.properties?.data).toBe(contract.User)
  })

  it("has every input and every answer of the legacy contract's paths from the contract", () => {
    const checked: string[] = []
    for (const [route, schema] of routes) {
      const path = route.split(' ')[1] ?? ''
      const envelope = schema?.response?.['200']
      if (!/^\/(basedata|report)\//.test(path) || !envelope?.properties?.code) continue
      checked.push(route)
      expect(fromContract(envelope.properties.data as Schema), `${route}: answer data`).toBe(true)
      for (const part of ['body', 'querystring', 'headers'] as const) {
        const input = schema[part]
        if (!input) continue
        // The legacy topSix call takes only lang: an object made here of the contract's field.
        if (path === '/report/marketInfo/marketInfoTopSixList' && part === 'querystring') {
          expect(input.properties?.lang, route).toBe(contract.LangField)
          continue
        }
        expect(exported.has(input), `${route}: ${part}`).toBe(true)
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(40)
  })

  it("answers with the contract's validation: a schema bound of the contract is the bound enforced", async () => {
    const limit = (contract.ReportPageListBody.properties.pageSize as { maximum?: number }).maximum
    expect(limit).toBe(100)
    const over = await t.app.inject({
      method: 'POST',
      url: '/report/researchReport/pageList',
      payload: { lang: 'en-US', pageSize: Number(limit) + 1 },
    })
    expect(JSON.parse(over.body)).toEqual({ code: 100001, msg: `Parameter pageSize must be at most ${limit}`, data: null })
  })
})
