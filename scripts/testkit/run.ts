// Replays scenarios: each one's exchanges in order, in a fresh cookie jar,
// variables set from the scenario's vars, --var and earlier captures.
import { compareBody, compareHeaders, type Vars } from './compare.ts'
import type { Exchange, Fixture, Tier } from './format.ts'
import type { LoadedFixture } from './load.ts'
import { browserHeaders, CookieJar, requestFor, send } from './send.ts'
import { render } from './template.ts'

export type Outcome = 'passed' | 'failed' | 'skipped'

export interface StepResult {
  name: string
  method: string
  path: string
  outcome: Outcome
  problems: string[]
  ms: number
}

export interface ScenarioResult {
  name: string
  file: string
  description: string
  tags: string[]
  steps: StepResult[]
  ms: number
}

export interface ReplayOptions {
  base: string
  tier: Tier
  /** --var name=value, and $run */
  vars?: Record<string, string>
  timeoutMs?: number
}

/** A step's name: its own, the scenario's for a one-exchange scenario, else its number and request. */
export function stepName(fixture: Fixture, exchange: Exchange, index: number): string {
  if (exchange.name) return exchange.name
  if (fixture.exchanges.length === 1) return fixture.name
  return `${index + 1}. ${exchange.request.method} ${exchange.request.path}`
}

/** What the tier should answer: the core API's answer, or the BFF's where the fixture gives it. */
export function expectedAt(
  exchange: Exchange,
  tier: Tier,
): { status: number; headers?: Record<string, unknown>; body?: unknown; hasBody: boolean } {
  const bff = tier === 'bff' ? exchange.bff : undefined
  const status = bff?.status ?? exchange.response.status
  const headers = bff?.headers ?? exchange.response.headers
  if (bff && 'body' in bff) return { status, headers, body: bff.body, hasBody: true }
  return { status, headers, body: exchange.response.body, hasBody: 'body' in exchange.response }
}

export async function replayScenario({ file, fixture }: LoadedFixture, options: ReplayOptions): Promise<ScenarioResult> {
  const started = performance.now()
  const vars: Vars = new Map(Object.entries(options.vars ?? {}))
  const jar = new CookieJar()
  const steps: StepResult[] = []
  let setupProblem: string | undefined
  try {
    for (const [name, value] of Object.entries(fixture.vars ?? {})) vars.set(name, render(value, vars))
  } catch (error) {
    setupProblem = `vars: ${(error as Error).message}`
  }
  for (const [index, exchange] of fixture.exchanges.entries()) {
    const name = stepName(fixture, exchange, index)
    const step: StepResult = { name, method: exchange.request.method, path: exchange.request.path, outcome: 'passed', problems: [], ms: 0 }
    steps.push(step)
    if (exchange.tiers && !exchange.tiers.includes(options.tier)) {
      step.outcome = 'skipped'
      step.problems.push(`not replayed at the ${options.tier} tier`)
      continue
    }
    if (setupProblem) {
      step.outcome = 'failed'
      step.problems.push(setupProblem)
      continue
    }
    const expected = expectedAt(exchange, options.tier)
    try {
      // match is for the stub only; it may name variables no replay sets.
      const { match: _match, ...toSend } = exchange.request
      // At the bff tier the cookie jar is the session: {{token}} in website-token is not needed there.
      if (options.tier === 'bff' && toSend.headers) toSend.headers = browserHeaders(toSend.headers)
      const request = render(toSend, vars)
      const answer = await send(requestFor(options.base, request, options.tier, jar), jar, options.timeoutMs)
      step.ms = answer.ms
      if (answer.status !== expected.status) step.problems.push(`HTTP status: expected ${expected.status}, got ${answer.status}`)
      step.problems.push(...compareHeaders(render(expected.headers, vars, true), answer.headers, vars))
      // Expected values may repeat a variable ({{loginCode}}); the exchange's own rules come first: the first rule whose path matches decides.
      if (expected.hasBody)
        step.problems.push(
          ...compareBody(render(expected.body, vars, true), answer.body, {
            rules: [...(exchange.volatile ?? []), ...(fixture.volatile ?? [])],
            tier: options.tier,
            vars,
          }),
        )
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code
      step.problems.push(`request failed: ${(error as Error).message}${cause ? ` (${cause})` : ''}`)
    }
    if (step.problems.length > 0) step.outcome = 'failed'
  }
  return { name: fixture.name, file, description: fixture.description, tags: fixture.tags ?? [], steps, ms: performance.now() - started }
}

/** Scenarios whose name is one of `only` (a * matches anything) and that carry one of `tags`. */
export function select(fixtures: LoadedFixture[], only: string[], tags: string[]): LoadedFixture[] {
  const patterns = only.map((name) => new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`))
  return fixtures.filter(
    ({ fixture }) =>
      (patterns.length === 0 || patterns.some((p) => p.test(fixture.name))) &&
      (tags.length === 0 || tags.some((tag) => fixture.tags?.includes(tag))),
  )
}

export interface Totals {
  passed: number
  failed: number
  skipped: number
}

export function totals(results: ScenarioResult[]): Totals {
  const all = results.flatMap((r) => r.steps)
  return {
    passed: all.filter((s) => s.outcome === 'passed').length,
    failed: all.filter((s) => s.outcome === 'failed').length,
    skipped: all.filter((s) => s.outcome === 'skipped').length,
  }
}
