// The fixture format every testers' tool reads and writes (record, replay,
// stub-core): one JSON file is one scenario, an ordered list of exchanges
// with the core API. Written in TypeBox so the tools validate with the very
// schema published as fixtures/fixture.schema.json (npm run fixtures:schema).
import { Type, type Static } from 'typebox'

const KINDS = ['string', 'number', 'iso-date', 'regex', 'any'] as const

const Kind = Type.Enum([...KINDS], {
  description:
    'string: any string; number: any number; iso-date: an ISO 8601 date or date-time; regex: a string matching pattern; any: any value, even absent',
})
const Capture = Type.String({
  pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
  description: 'Stores the actual value under this name, for {{name}} in later requests',
})
const Tier = Type.Enum(['core', 'bff'])

/**
 * A matcher written in place of a value, in an expected body or header:
 * {"$match": "iso-date"}. The stub answers with `example` (or a made-up value).
 */
export const Matcher = Type.Object(
  {
    $match: Kind,
    pattern: Type.Optional(
      Type.String({ description: 'The regular expression of a regex matcher (JavaScript syntax, unanchored unless written with ^ $)' }),
    ),
    capture: Type.Optional(Capture),
    example: Type.Optional(Type.Unknown({ description: 'What the stub answers in its place' })),
  },
  { additionalProperties: false, description: 'A declared matcher for a volatile value' },
)

/** A matcher applied by path, so a recorded body can stay as it was recorded. */
export const VolatileRule = Type.Object(
  {
    path: Type.String({
      minLength: 1,
      description: 'Where in the response body: data.token, data.list[*].createTime, **.id (* one key or index, ** any depth)',
    }),
    match: Kind,
    pattern: Type.Optional(Type.String()),
    capture: Type.Optional(Capture),
    only: Type.Optional(
      Type.Array(Tier, {
        minItems: 1,
        description: 'The value is there only at these tiers and absent at the others (the BFF takes data.token out of login answers)',
      }),
    ),
  },
  { additionalProperties: false },
)

const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean()])

export const FixtureRequest = Type.Object(
  {
    method: Type.Enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: Type.String({ pattern: '^/', description: 'The core API path (the BFF tier sends it under /api)' }),
    query: Type.Optional(Type.Record(Type.String(), Type.String({ description: 'May hold {{variables}}' }))),
    headers: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        description: 'Sent as written (lower-case names); at the bff tier website-token and cookie are left to the cookie jar',
      }),
    ),
    body: Type.Optional(Type.Unknown({ description: 'A JSON body; strings may hold {{variables}}' })),
    match: Type.Optional(
      Type.Object(
        {
          query: Type.Optional(Type.Record(Type.String(), Scalar)),
          body: Type.Optional(Type.Unknown()),
        },
        {
          additionalProperties: false,
          description: 'What the stub matches instead of query and body (both as a subset: keys left out match anything; matchers allowed)',
        },
      ),
    ),
  },
  { additionalProperties: false },
)

const ExpectedAnswer = {
  status: Type.Integer({ minimum: 100, maximum: 599 }),
  headers: Type.Optional(Type.Record(Type.String(), Type.Unknown({ description: 'A string (exact) or a matcher' }))),
  body: Type.Optional(Type.Unknown({ description: 'Compared exactly, save matchers and volatile rules' })),
}

export const FixtureResponse = Type.Object(ExpectedAnswer, { additionalProperties: false })

export const Exchange = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1 })),
    description: Type.Optional(Type.String()),
    tiers: Type.Optional(Type.Array(Tier, { minItems: 1, description: 'Where it is replayed; both by default' })),
    request: FixtureRequest,
    response: FixtureResponse,
    bff: Type.Optional(
      Type.Object(
        { status: Type.Optional(ExpectedAnswer.status), headers: ExpectedAnswer.headers, body: ExpectedAnswer.body },
        { additionalProperties: false, description: 'The answer through the BFF, where it differs from the core API’s' },
      ),
    ),
    volatile: Type.Optional(Type.Array(VolatileRule)),
  },
  { additionalProperties: false },
)

export const Fixture = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    name: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*$', description: 'The file name without .json' }),
    description: Type.String(),
    tags: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*$' }))),
    vars: Type.Optional(
      Type.Record(Type.String(), Type.String(), { description: 'Variables set before the first exchange; may use {{$run}}' }),
    ),
    volatile: Type.Optional(Type.Array(VolatileRule, { description: 'Rules for every exchange of the scenario' })),
    exchanges: Type.Array(Exchange, { minItems: 1, description: 'Run in order; captured variables carry over' }),
  },
  {
    additionalProperties: false,
    title: 'Recorded exchanges with the core API (a scenario)',
  },
)

export type Tier = Static<typeof Tier>
export type MatcherKind = (typeof KINDS)[number]
export type Matcher = Static<typeof Matcher>
export type VolatileRule = Static<typeof VolatileRule>
export type FixtureRequest = Static<typeof FixtureRequest>
export type FixtureResponse = Static<typeof FixtureResponse>
export type Exchange = Static<typeof Exchange>
export type Fixture = Static<typeof Fixture>

/** The JSON Schema document, as published. */
export function fixtureJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...JSON.parse(JSON.stringify(Fixture)),
    $defs: { matcher: JSON.parse(JSON.stringify(Matcher)) },
  }
}

export function isMatcher(value: unknown): value is Matcher {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$match' in value
}
