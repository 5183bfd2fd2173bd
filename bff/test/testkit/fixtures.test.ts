import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareBody, compareHeaders, type Vars } from '../../../scripts/testkit/compare.ts'
import { fixtureJsonSchema } from '../../../scripts/testkit/format.ts'
import { FixtureError, loadFixtures, validateFixture } from '../../../scripts/testkit/load.ts'
import { CONTRACT_DIR, SCHEMA_FILE } from '../../../scripts/testkit/sets.ts'
import { decryptCredential, encryptCredential, render } from '../../../scripts/testkit/template.ts'

// The testers' fixture format (scripts/testkit/): every committed fixture
// follows it, the published schema is the one the tools check with, a bad
// file is refused by name and JSON path, and the matchers, volatile rules,
// captures and templates do what docs/testing.md says.

const minimal = (over: Record<string, unknown> = {}) => ({
  name: 'a-fixture',
  description: 'x',
  exchanges: [
    {
      request: { method: 'GET', path: '/basedata/carousel/listData', query: { lang: 'zh-CN' } },
      response: { status: 200, body: { code: 200 } },
    },
  ],
  ...over,
})

describe('the committed fixtures', () => {
  it('all follow the format, every set of fixtures/contract/', async () => {
    const loaded = await loadFixtures([CONTRACT_DIR], { recursive: true })
    const sets = new Set(loaded.map((l) => path.relative(CONTRACT_DIR, path.dirname(path.resolve(l.file))) || 'main'))
    expect([...sets].sort()).toEqual(['legacy', 'main', 'scenarios', 'site'])
    expect(loaded.filter((l) => path.dirname(path.resolve(l.file)) === CONTRACT_DIR)).toHaveLength(55)
    expect(loaded.filter((l) => l.file.includes(`${path.sep}legacy${path.sep}`))).toHaveLength(35)
  })

  it('are described by fixtures/fixture.schema.json as the tools check them (npm run fixtures:schema)', async () => {
    expect(JSON.parse(await readFile(SCHEMA_FILE, 'utf8'))).toEqual(fixtureJsonSchema())
  })
})

describe('an invalid fixture', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rpt-fixtures-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('is refused with the file and the path of each error', async () => {
    const file = path.join(dir, 'a-fixture.json')
    const bad = minimal()
    ;(bad.exchanges[0]!.request as Record<string, unknown>).method = 'FETCH'
    ;(bad.exchanges[0]!.response as Record<string, unknown>).stauts = 200
    await writeFile(file, JSON.stringify(bad))
    const error = await loadFixtures([dir]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FixtureError)
    const lines = (error as Error).message.split('\n')
    expect(lines).toContain(`${file}: /exchanges/0/request/method: must be one of GET, POST, PUT, PATCH, DELETE`)
    expect(lines).toContain(`${file}: /exchanges/0/response: unknown field "stauts"`)
  })

  it('names a matcher or a rule that cannot work, and a file whose name is not the fixture’s', () => {
    const problems = validateFixture(
      minimal({
        volatile: [{ path: 'data..id', match: 'string' }],
        exchanges: [
          {
            request: { method: 'GET', path: '/x' },
            response: { status: 200, body: { data: { at: { $match: 'regex', pattern: '(' }, n: { $match: 'numbr' } } } },
          },
        ],
      }),
      '/tmp/other-name.json',
    )
    expect(problems).toEqual(
      expect.arrayContaining([
        '/name: "a-fixture" does not match the file name other-name.json',
        expect.stringMatching(/^\/volatile\/0\/path: cannot read the path "data\.\.id"/),
        expect.stringMatching(/^\/exchanges\/0\/response\/body\/data\/at\/pattern: not a regular expression/),
        '/exchanges/0/response/body/data/n/$match: must be one of string, number, iso-date, regex, any',
      ]),
    )
  })

  it('that is not JSON says so', async () => {
    await writeFile(path.join(dir, 'broken.json'), '{"name": ')
    const error = (await loadFixtures([path.join(dir, 'broken.json')]).catch((e: unknown) => e)) as FixtureError
    expect(error.message).toMatch(/broken\.json: not JSON: /)
  })
})

describe('comparing an answer', () => {
  const compare = (expected: unknown, actual: unknown, options: { rules?: never[] | object[]; tier?: 'core' | 'bff'; vars?: Vars } = {}) =>
    compareBody(expected, actual, { rules: (options.rules ?? []) as never, tier: options.tier ?? 'core', vars: options.vars ?? new Map() })

  it('is exact, by path, naming what differs', () => {
    expect(compare({ code: 200, data: { list: [{ a: 1 }], n: 2 } }, { code: 200, data: { list: [{ a: 2 }], m: 3 } })).toEqual([
      'data.list[0].a: expected 1, got 2',
      'data.n: missing (expected 2)',
      'data.m: unexpected field (3)',
    ])
  })

  it('takes matchers for volatile values: any string, any number, an ISO date, a regular expression, anything', () => {
    const expected = {
      token: { $match: 'string' },
      count: { $match: 'number' },
      at: { $match: 'iso-date' },
      no: { $match: 'regex', pattern: '^R\\d+$' },
      extra: { $match: 'any' },
    }
    expect(compare(expected, { token: 'abc', count: 3, at: '2026-11-25T12:00:00.000Z', no: 'R2026' })).toEqual([])
    expect(compare(expected, { token: 1, count: '3', at: '25/11/2026', no: 'X1', extra: null })).toEqual([
      'token: expected any string, got 1',
      'count: expected any number, got "3"',
      'at: expected an ISO date, got "25/11/2026"',
      'no: expected a value matching /^R\\d+$/, got "X1"',
    ])
    // The core API's dates as it writes them (a space, no zone) are ISO dates too.
    expect(compare({ at: { $match: 'iso-date' } }, { at: '2026-11-01 08:00:00' })).toEqual([])
  })

  it('applies volatile rules by path (* one key or index, ** any depth) and captures', () => {
    const vars: Vars = new Map()
    const rules = [
      { path: 'data.list[*].createTime', match: 'iso-date' },
      { path: '**.id', match: 'string' },
      { path: 'data.order.orderNo', match: 'regex', pattern: '^[A-Z0-9]+$', capture: 'orderNo' },
    ]
    const expected = { data: { id: '1', order: { orderNo: 'R1' }, list: [{ id: '2', createTime: '2026-01-01' }] } }
    const actual = { data: { id: '9', order: { orderNo: 'R77' }, list: [{ id: '8', createTime: '2026-11-25T10:00:00Z' }] } }
    expect(compare(expected, actual, { rules, vars })).toEqual([])
    expect(vars.get('orderNo')).toBe('R77')
    expect(compare(expected, { ...actual, data: { ...actual.data, id: 9 } }, { rules })).toEqual(['data.id: expected any string, got 9'])
  })

  it('knows a value present at one tier only (the BFF keeps the token in its cookie)', () => {
    const rules = [{ path: 'data.token', match: 'string', capture: 'token', only: ['core'] }]
    const vars: Vars = new Map()
    expect(compare({ data: { token: '<masked>', user: {} } }, { data: { token: 't-1', user: {} } }, { rules, vars })).toEqual([])
    expect(vars.get('token')).toBe('t-1')
    expect(compare({ data: { token: '<masked>', user: {} } }, { data: { user: {} } }, { rules, tier: 'bff' })).toEqual([])
    expect(compare({ data: { user: {} } }, { data: { token: 't', user: {} } }, { rules, tier: 'bff' })).toEqual([
      'data.token: expected no such field at the bff tier, got "t"',
    ])
  })

  it('compares headers by name, exactly or by matcher', () => {
    const vars: Vars = new Map()
    expect(
      compareHeaders({ 'X-Cache': 'HIT', etag: { $match: 'string', capture: 'etag' } }, { 'x-cache': 'HIT', etag: '"1"' }, vars),
    ).toEqual([])
    expect(vars.get('etag')).toBe('"1"')
    expect(compareHeaders({ 'x-cache': 'HIT' }, { 'x-cache': 'STALE' }, vars)).toEqual(['header x-cache: expected "HIT", got "STALE"'])
  })
})

describe('templates', () => {
  it('fill variables, keep a whole template’s type, and encrypt credentials as the client does', () => {
    const vars: Vars = new Map<string, unknown>([
      ['id', 7],
      ['user', 'alice'],
      ['$run', 'r1'],
    ])
    expect(
      render({ id: '{{id}}', label: 'order {{id}}', login: '{{user | credential}}', mail: '{{user}}.{{$run}}@example.com' }, vars),
    ).toEqual({
      id: 7,
      label: 'order 7',
      login: encryptCredential('alice'),
      mail: 'alice.r1@example.com',
    })
    expect(decryptCredential(encryptCredential('alice'))).toBe('alice')
    expect(decryptCredential('not a credential')).toBeUndefined()
  })

  it('say which variable is missing and how to give it', () => {
    expect(() => render({ token: '{{token}}' }, new Map())).toThrow(
      '{{token}} is not set: an earlier exchange captures it, or give it with --var token=…',
    )
    expect(render({ token: '{{token}}' }, new Map(), true)).toEqual({ token: '{{token}}' })
  })
})
