// Turns exchanges seen on the wire (through the recording proxy, or in a
// HAR file) into one scenario fixture:
// - secrets are masked: password fields become {{name | credential}} or
//   {{name}} (given at replay with --var), tokens in answers are replaced by
//   "<masked>", cookies and other credentials in headers are not written;
// - values the declared rules (fixtures/volatile-rules.json) call volatile
//   get a volatile rule instead of an exact comparison;
// - a request that uses such a value from an earlier answer (an order id, the
//   session token) gets a {{variable}} captured from that answer, so the
//   scenario replays on another database;
// - at either tier the scenario replays at both: a session held in a cookie
//   (bff) is also written as website-token: {{token}} (core), a token taken
//   out of an answer by the BFF is declared present at the core tier only.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import type { Exchange, Fixture, FixtureRequest, MatcherKind, Tier, VolatileRule } from './format.ts'
import { REPO_ROOT } from './sets.ts'
import { parseBody } from './send.ts'
import { decryptCredential } from './template.ts'

/** One exchange as seen: a core API path (a BFF's /api taken off), what was sent and answered. */
export interface RawExchange {
  tier: Tier
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  body: unknown
  status: number
  responseType: string
  responseBody: unknown
  /** Set-Cookie lines of the answer */
  setCookies: string[]
}

const DeclaredRules = Type.Object({
  $comment: Type.Optional(Type.String()),
  creates: Type.Optional(
    Type.Array(
      Type.Object(
        {
          path: Type.String({ pattern: '^/', description: 'A call that creates something (an account)' }),
          fields: Type.Array(Type.String(), { description: 'Its fields that must be new at every replay: made unique with {{$run}}' }),
        },
        { additionalProperties: false },
      ),
    ),
  ),
  rules: Type.Array(
    Type.Object(
      {
        key: Type.String({ minLength: 1 }),
        match: Type.Enum(['string', 'number', 'iso-date', 'regex', 'any']),
        pattern: Type.Optional(Type.String()),
        mask: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
})
export type Declared = Static<typeof DeclaredRules>
export type DeclaredRule = Declared['rules'][number]

export const VOLATILE_RULES_FILE = path.join(REPO_ROOT, 'fixtures', 'volatile-rules.json')

export async function loadDeclaredRules(file = VOLATILE_RULES_FILE): Promise<Declared> {
  const data: unknown = JSON.parse(await readFile(file, 'utf8'))
  if (!Value.Check(DeclaredRules, data)) {
    const first = [...Value.Errors(DeclaredRules, data)][0]
    throw new Error(`${file}: ${first?.instancePath || '/'}: ${first?.message}`)
  }
  return data
}

/** Request fields whose value is a secret: never written, a {{variable}} instead. */
const SECRET_KEY = /^(password|pwd|passwd|secret|newPassword|oldPassword|confirmNewPassword|confirmPassword|.*Password)$/i
/** Request headers worth keeping in a fixture; the rest are the browser's or the transport's. */
const KEPT_HEADERS = new Set(['accept', 'content-type', 'accept-language'])
/** The session cookie of the BFF (SESSION_COOKIE_NAME, __Host- prefixed over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?[\w-]*session[\w-]*=([^;]+)/i

interface Source {
  exchange: number
  path: string
  kind: MatcherKind
  pattern?: string
  key: string
  variable?: string
}

function walkLeaves(value: unknown, at: string[], visit: (leaf: unknown, at: string[]) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item, index) => walkLeaves(item, [...at, String(index)], visit))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, walkLeaves(child, [...at, key], visit)]))
  }
  return visit(value, at)
}

const rulePath = (segments: string[]) => segments.reduce((text, s) => (/^\d+$/.test(s) ? `${text}[${s}]` : text ? `${text}.${s}` : s), '')
const sameValue = (a: unknown, b: unknown) =>
  (typeof a === 'string' || typeof a === 'number') &&
  (typeof b === 'string' || typeof b === 'number') &&
  String(a) === String(b) &&
  String(a) !== ''

/** Whether a request field named `requestKey` plausibly carries an answer's `answerKey` value. */
function links(requestKey: string, answerKey: string): boolean {
  if (requestKey === answerKey) return true
  if (/Id$/.test(requestKey) && (answerKey === 'id' || answerKey === requestKey)) return true
  return requestKey === 'website-token' && answerKey === 'token'
}

export interface BuildOptions {
  name: string
  description: string
  tags?: string[]
  declared: Declared
  /** Where the fixture will be written, for its $schema reference */
  outDir?: string
}

export interface Built {
  fixture: Fixture
  /** What a tester should know: masked secrets to give with --var, skipped answers */
  notes: string[]
}

export function buildFixture(raw: RawExchange[], options: BuildOptions): Built {
  const notes: string[] = []
  const ruleFor = new Map(options.declared.rules.map((rule) => [rule.key, rule]))
  const scenarioRules = new Map<string, VolatileRule>()
  const exchanges: Exchange[] = []
  const sources: Source[] = []
  const values = new Map<Source, unknown>()
  const vars: Record<string, string> = {}
  const secrets = new Set<string>()
  const variables = new Set<string>()
  const seen = new Set<string>()

  // The latest earlier answer value a request value can come from, made a captured variable.
  const variableFor = (requestKey: string, value: unknown): string | undefined => {
    for (let i = sources.length - 1; i >= 0; i--) {
      const source = sources[i]!
      if (!links(requestKey, source.key) || !sameValue(values.get(source), value)) continue
      if (!source.variable) {
        let name = requestKey === 'website-token' ? 'token' : requestKey.replace(/[^A-Za-z0-9_]/g, '_')
        for (let n = 2; variables.has(name); n++) name = `${requestKey}${n}`
        variables.add(name)
        source.variable = name
        const target = exchanges[source.exchange]!
        const existing = target.volatile?.find((r) => r.path === source.path)
        if (existing) existing.capture = name
        else
          target.volatile = [
            { path: source.path, match: source.kind, ...(source.pattern ? { pattern: source.pattern } : {}), capture: name },
            ...(target.volatile ?? []),
          ]
      }
      return source.variable
    }
    return undefined
  }

  // Values a creating call made (a new account's name and e-mail): a {{variable}} made unique per replay.
  const unique: Array<{ plain: string; template: string }> = []
  const uniquify = (text: string) => unique.reduce((out, { plain, template }) => out.split(plain).join(template), text)
  // Secrets by their plain value: one variable however many fields repeat it (password, confirmNewPassword).
  const secretVars = new Map<string, string>()

  const maskRequestValue = (leaf: unknown, at: string[], creating: boolean): unknown => {
    const key = at.at(-1) ?? ''
    if (typeof leaf === 'string' && SECRET_KEY.test(key)) {
      const plain = decryptCredential(leaf)
      let name = secretVars.get(plain ?? leaf)
      if (!name) {
        name = key
        secretVars.set(plain ?? leaf, name)
        // A password the recording itself set (a new account) can be any valid one at replay.
        if (creating) vars[name] = 'Rp{{$run}}9'
        else secrets.add(name)
      }
      return plain !== undefined ? `{{${name} | credential}}` : `{{${name}}}`
    }
    const variable = variableFor(key, leaf)
    if (variable) return `{{${variable}}}`
    if (typeof leaf === 'string' && leaf.length >= 24) {
      const plain = decryptCredential(leaf)
      // An encrypted credential that is not a secret (the login name): kept readable.
      if (plain !== undefined && /^[\w.@-]{1,64}$/.test(plain)) {
        const template = uniquify(plain)
        if (template === plain) vars[key] = plain
        return template === `{{${key}}}` || template === plain ? `{{${key} | credential}}` : leaf
      }
    }
    return typeof leaf === 'string' ? uniquify(leaf) : leaf
  }

  for (const create of options.declared.creates ?? []) {
    const item = raw.find((r) => r.path === create.path && r.method !== 'GET')
    const body = (item?.body ?? {}) as Record<string, unknown>
    for (const field of create.fields) {
      const value = body[field]
      if (typeof value !== 'string' || value === '') continue
      const plain = decryptCredential(value) ?? value
      if (uniquify(plain) !== plain) continue
      const at = plain.indexOf('@')
      vars[field] = at > 0 ? `${plain.slice(0, at)}.{{$run}}${plain.slice(at)}` : `${plain}_{{$run}}`
      unique.push({ plain, template: `{{${field}}}` })
    }
  }
  unique.sort((a, b) => b.plain.length - a.plain.length)
  const createsPath = new Set((options.declared.creates ?? []).map((c) => c.path))

  for (const item of raw) {
    if (!item.responseType.includes('json')) {
      notes.push(`not recorded (not JSON: ${item.responseType || 'no content type'}): ${item.method} ${item.path}`)
      continue
    }
    const signature = JSON.stringify([item.method, item.path, item.query, item.body, item.status, item.responseBody])
    if (seen.has(signature)) continue
    seen.add(signature)
    const index = exchanges.length

    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(item.headers)) if (KEPT_HEADERS.has(name)) headers[name] = value
    const sessionValue = item.headers['website-token'] ?? SESSION_COOKIE.exec(item.headers.cookie ?? '')?.[1]
    if (sessionValue) {
      // The session: a cookie at the bff tier, website-token at the core tier (left out at the bff tier when replayed).
      const variable = variableFor('website-token', sessionValue)
      if (!variable) {
        secrets.add('token')
        variables.add('token')
      }
      headers['website-token'] = `{{${variable ?? 'token'}}}`
    }
    const request: FixtureRequest = { method: item.method as FixtureRequest['method'], path: item.path }
    const creating = createsPath.has(item.path) && item.method !== 'GET'
    const mask = (leaf: unknown, at: string[]) => maskRequestValue(leaf, at, creating)
    if (Object.keys(item.query).length > 0) request.query = walkLeaves(item.query, [], mask) as Record<string, string>
    if (Object.keys(headers).length > 0) request.headers = headers
    if (item.body !== undefined) request.body = walkLeaves(item.body, [], mask)

    const exchangeRules: VolatileRule[] = []
    const responseBody = walkLeaves(item.responseBody, [], (leaf, at) => {
      const key = at.at(-1) ?? ''
      const declared = ruleFor.get(key)
      if (!declared) return typeof leaf === 'string' ? uniquify(leaf) : leaf
      if (!scenarioRules.has(key) && !declared.mask) {
        scenarioRules.set(key, { path: `**.${key}`, match: declared.match, ...(declared.pattern ? { pattern: declared.pattern } : {}) })
      }
      const source: Source = {
        exchange: index,
        path: rulePath(at),
        kind: declared.match,
        ...(declared.pattern ? { pattern: declared.pattern } : {}),
        key,
      }
      sources.push(source)
      values.set(source, leaf)
      if (declared.mask && leaf !== null && leaf !== undefined) {
        // The BFF keeps tokens out of answers (its cookie holds them): present at the core tier only.
        exchangeRules.push({ path: rulePath(at), match: declared.match, only: ['core'] })
        return '<masked>'
      }
      return leaf
    })
    // Through the BFF, a session cookie set by an answer is the token the core API answered.
    const issued =
      item.tier === 'bff' ? item.setCookies.map((line) => SESSION_COOKIE.exec(line.split(';')[0] ?? '')?.[1]).find(Boolean) : undefined
    if (issued) {
      const token = issued
      const source: Source = { exchange: index, path: 'data.token', kind: 'string', key: 'token' }
      sources.push(source)
      values.set(source, token)
      exchangeRules.push({ path: 'data.token', match: 'string', only: ['core'] })
    }
    const exchange: Exchange = { request, response: { status: item.status, body: responseBody } }
    if (exchangeRules.length > 0) exchange.volatile = exchangeRules
    exchanges.push(exchange)
  }
  if (exchanges.length === 0) throw new Error('nothing to write: no JSON exchange with the core API was seen')
  for (const secret of secrets)
    notes.push(
      `masked: give it when replaying, --var ${secret}=…${secret === 'token' ? ' (a session token)' : ' (the plain value; the fixture encrypts it where the client did)'}`,
    )

  const schemaPath = options.outDir ? path.relative(options.outDir, path.join(REPO_ROOT, 'fixtures', 'fixture.schema.json')) : undefined
  // Only a fixture inside this repository can point at the schema by a path that stays true.
  const schema = schemaPath && options.outDir?.startsWith(REPO_ROOT) ? schemaPath.split(path.sep).join('/') : undefined
  const fixture: Fixture = {
    ...(schema ? { $schema: schema } : {}),
    name: options.name,
    description: options.description,
    tags: options.tags ?? ['recorded'],
    ...(Object.keys(vars).length > 0 ? { vars } : {}),
    ...(scenarioRules.size > 0 ? { volatile: [...scenarioRules.values()] } : {}),
    exchanges,
  }
  return { fixture, notes }
}

interface HarEntry {
  request: {
    method: string
    url: string
    headers?: Array<{ name: string; value: string }>
    postData?: { mimeType?: string; text?: string }
  }
  response: {
    status: number
    headers?: Array<{ name: string; value: string }>
    content?: { mimeType?: string; text?: string; encoding?: string }
  }
}

/** The core API's own path prefixes: calls a page made to a core API directly. */
const CORE_PREFIXES = ['/basedata/', '/report/', '/download/']

/**
 * The exchanges of a HAR file (Chromium's DevTools "Save all as HAR", or
 * Playwright's recordHar) with the core API: /api/ calls to a BFF and calls
 * straight to a core API; pages, assets and /bff/ payloads are left out.
 */
export function exchangesFromHar(har: unknown): { raw: RawExchange[]; skipped: number } {
  const entries = (har as { log?: { entries?: HarEntry[] } })?.log?.entries
  if (!Array.isArray(entries)) throw new Error('not a HAR file: no log.entries')
  const raw: RawExchange[] = []
  let skipped = 0
  for (const entry of entries) {
    const url = new URL(entry.request.url)
    const tier: Tier | undefined = url.pathname.startsWith('/api/')
      ? 'bff'
      : CORE_PREFIXES.some((p) => url.pathname.startsWith(p))
        ? 'core'
        : undefined
    // An aborted request has status 0 and no answer.
    if (!tier || entry.response.status === 0) {
      skipped++
      continue
    }
    const headers: Record<string, string> = {}
    for (const { name, value } of entry.request.headers ?? []) if (!name.startsWith(':')) headers[name.toLowerCase()] = value
    const content = entry.response.content ?? {}
    const text = content.encoding === 'base64' ? Buffer.from(content.text ?? '', 'base64').toString('utf8') : (content.text ?? '')
    const responseType = content.mimeType ?? entry.response.headers?.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? ''
    const bodyText = entry.request.postData?.text
    raw.push({
      tier,
      method: entry.request.method.toUpperCase(),
      path: tier === 'bff' ? url.pathname.slice(4) : url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body:
        bodyText === undefined || bodyText === '' ? undefined : parseBody(bodyText, entry.request.postData?.mimeType ?? 'application/json'),
      status: entry.response.status,
      responseType,
      responseBody: parseBody(text, responseType),
      setCookies: (entry.response.headers ?? []).filter((h) => h.name.toLowerCase() === 'set-cookie').flatMap((h) => h.value.split('\n')),
    })
  }
  return { raw, skipped }
}
