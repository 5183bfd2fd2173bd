// Compares an expected answer with an actual one: exactly, except where a
// matcher (in place) or a volatile rule (by path) declares a value volatile.
// Matchers and rules may capture the actual value for later requests.
import { inspect } from 'node:util'
import { isMatcher, type MatcherKind, type Tier, type VolatileRule } from './format.ts'

export type Vars = Map<string, unknown>

/** A rule path as segments: "data.list[*].id" → ["data", "list", "*", "id"]. */
export function parseRulePath(path: string): string[] {
  const segments: string[] = []
  for (const part of path.split('.')) {
    const match = /^([^[\]]*)((?:\[(?:\d+|\*)\])*)$/.exec(part)
    if (!match || (match[1] === '' && match[2] === '')) throw new Error(`cannot read the path "${path}" (write data.list[*].id, **.id)`)
    if (match[1]) segments.push(match[1])
    for (const index of match[2]!.matchAll(/\[(\d+|\*)\]/g)) segments.push(index[1]!)
  }
  return segments
}

function pathMatches(pattern: readonly string[], actual: readonly string[]): boolean {
  if (pattern.length === 0) return actual.length === 0
  const [head, ...rest] = pattern
  if (head === '**') {
    for (let skip = 0; skip <= actual.length; skip++) if (pathMatches(rest, actual.slice(skip))) return true
    return false
  }
  if (actual.length === 0) return false
  return (head === '*' || head === actual[0]) && pathMatches(rest, actual.slice(1))
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/** Whether a value satisfies a matcher kind; undefined means absent. */
export function satisfies(kind: MatcherKind, value: unknown, pattern?: string): boolean {
  switch (kind) {
    case 'any':
      return true
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'iso-date':
      return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T')))
    case 'regex':
      return (typeof value === 'string' || typeof value === 'number') && new RegExp(pattern ?? '').test(String(value))
  }
}

function describeKind(kind: MatcherKind, pattern?: string): string {
  return kind === 'regex'
    ? `a value matching /${pattern}/`
    : kind === 'iso-date'
      ? 'an ISO date'
      : kind === 'any'
        ? 'anything'
        : `any ${kind}`
}

export function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value)
  return text === undefined ? inspect(value) : text.length > 120 ? `${text.slice(0, 117)}...` : text
}

interface CompiledRule extends VolatileRule {
  segments: string[]
}

export interface CompareOptions {
  rules?: readonly VolatileRule[]
  tier: Tier
  /** Captured values are stored here */
  vars: Vars
}

const label = (segments: readonly string[]) =>
  segments.length === 0
    ? '(body)'
    : segments.reduce((text, segment) => (/^\d+$/.test(segment) ? `${text}[${segment}]` : text ? `${text}.${segment}` : segment), '')

/** Differences between an expected and an actual body, one line each, by path; captures as it goes. */
export function compareBody(expected: unknown, actual: unknown, options: CompareOptions): string[] {
  const rules: CompiledRule[] = (options.rules ?? []).map((rule) => ({ ...rule, segments: parseRulePath(rule.path) }))
  const lines: string[] = []
  const ruleAt = (segments: string[]) => rules.find((rule) => pathMatches(rule.segments, segments))
  const absentHere = (rule: CompiledRule | undefined) => rule?.only !== undefined && !rule.only.includes(options.tier)

  const walk = (exp: unknown, act: unknown, segments: string[]): void => {
    const here = label(segments)
    const rule = ruleAt(segments)
    if (rule) {
      if (absentHere(rule)) {
        if (act !== undefined) lines.push(`${here}: expected no such field at the ${options.tier} tier, got ${describe(act)}`)
        return
      }
      if (!satisfies(rule.match, act, rule.pattern))
        lines.push(`${here}: expected ${describeKind(rule.match, rule.pattern)}, got ${describe(act)}`)
      else if (rule.capture) options.vars.set(rule.capture, act)
      return
    }
    if (isMatcher(exp)) {
      if (!satisfies(exp.$match, act, exp.pattern))
        lines.push(`${here}: expected ${describeKind(exp.$match, exp.pattern)}, got ${describe(act)}`)
      else if (exp.capture) options.vars.set(exp.capture, act)
      return
    }
    if (act === undefined) {
      lines.push(`${here}: missing (expected ${describe(exp)})`)
      return
    }
    if (Array.isArray(exp)) {
      if (!Array.isArray(act)) {
        lines.push(`${here}: expected an array, got ${describe(act)}`)
        return
      }
      if (exp.length !== act.length) lines.push(`${here}: expected ${exp.length} items, got ${act.length}`)
      for (let i = 0; i < Math.min(exp.length, act.length); i++) walk(exp[i], act[i], [...segments, String(i)])
      return
    }
    if (exp !== null && typeof exp === 'object') {
      if (act === null || typeof act !== 'object' || Array.isArray(act)) {
        lines.push(`${here}: expected an object, got ${describe(act)}`)
        return
      }
      const e = exp as Record<string, unknown>
      const a = act as Record<string, unknown>
      for (const key of new Set([...Object.keys(e), ...Object.keys(a)])) {
        const child = [...segments, key]
        if (!(key in a)) {
          const childRule = ruleAt(child)
          const tolerated =
            absentHere(childRule) || childRule?.match === 'any' || (isMatcher(e[key]) && (e[key] as { $match: string }).$match === 'any')
          if (!tolerated) lines.push(`${label(child)}: missing (expected ${describe(e[key])})`)
        } else if (!(key in e)) {
          const childRule = ruleAt(child)
          if (childRule) walk(undefined, a[key], child)
          else lines.push(`${label(child)}: unexpected field (${describe(a[key])})`)
        } else walk(e[key], a[key], child)
      }
      return
    }
    if (!Object.is(exp, act)) lines.push(`${here}: expected ${describe(exp)}, got ${describe(act)}`)
  }

  walk(expected, actual, [])
  return lines
}

/** Expected headers (exact strings or matchers) against the actual ones, names compared case-blind. */
export function compareHeaders(expected: Record<string, unknown> | undefined, actual: Record<string, string>, vars: Vars): string[] {
  const lines: string[] = []
  for (const [name, want] of Object.entries(expected ?? {})) {
    const got = actual[name.toLowerCase()]
    if (isMatcher(want)) {
      if (!satisfies(want.$match, got, want.pattern))
        lines.push(`header ${name}: expected ${describeKind(want.$match, want.pattern)}, got ${describe(got)}`)
      else if (want.capture) vars.set(want.capture, got)
    } else if (got !== want) lines.push(`header ${name}: expected ${describe(want)}, got ${describe(got)}`)
  }
  return lines
}

/**
 * Whether an actual request value holds everything a fixture's asks for (the
 * stub's matching): objects as a subset, arrays and scalars exactly,
 * matchers and {{templates}} match any present value. Returns how many
 * values matched, or -1 when it does not match.
 */
export function subsetScore(want: unknown, got: unknown): number {
  if (isMatcher(want)) return satisfies(want.$match, got, want.pattern) ? 1 : -1
  if (typeof want === 'string' && /\{\{[^}]+\}\}/.test(want)) {
    if (got === undefined) return -1
    const [, before = '', after = ''] = /^([^{]*)\{\{[\s\S]*\}\}([^}]*)$/.exec(want) ?? []
    return typeof got === 'string' && !got.startsWith(before) ? -1 : typeof got === 'string' && !got.endsWith(after) ? -1 : 1
  }
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length) return -1
    let total = 0
    for (let i = 0; i < want.length; i++) {
      const score = subsetScore(want[i], got[i])
      if (score < 0) return -1
      total += score
    }
    return total
  }
  if (want !== null && typeof want === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return -1
    let total = 0
    for (const [key, value] of Object.entries(want)) {
      const score = subsetScore(value, (got as Record<string, unknown>)[key])
      if (score < 0) return -1
      total += score
    }
    return total
  }
  // Query strings carry numbers and booleans as text.
  if (typeof got === 'string' && (typeof want === 'number' || typeof want === 'boolean')) return got === String(want) ? 1 : -1
  return Object.is(want, got) ? 1 : -1
}

/**
 * How near an actual request value comes to a fixture's when it does not
 * match as a subset (the stub's fallback): values that agree minus values
 * that differ or are missing.
 */
export function nearness(want: unknown, got: unknown): number {
  if (want !== null && typeof want === 'object' && !Array.isArray(want) && !isMatcher(want)) {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return -Object.keys(want).length
    return Object.entries(want).reduce((total, [key, value]) => total + nearness(value, (got as Record<string, unknown>)[key]), 0)
  }
  return subsetScore(want, got) >= 0 ? 1 : -1
}
