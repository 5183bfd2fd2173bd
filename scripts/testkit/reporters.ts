// How a replay is reported: pretty (a line per step, a diff per failure),
// json (everything, for scripts) and junit (one testsuite per scenario, for
// CI systems). Every run also prints one summary line,
//   replay (SET, TIER): N passed, M failed[, K skipped]
// which .ci/run adds up.
import type { ScenarioResult, Totals } from './run.ts'

export interface RunInfo {
  label: string
  base: string
  tier: string
  results: ScenarioResult[]
  totals: Totals
  ms: number
}

export function summaryLine({ label, totals }: RunInfo): string {
  return `replay (${label}): ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`
}

export function pretty(run: RunInfo): string {
  const lines: string[] = []
  for (const scenario of run.results) {
    const many = scenario.steps.length > 1
    if (many)
      lines.push(
        `${scenario.steps.some((s) => s.outcome === 'failed') ? 'FAIL' : 'PASS'} ${scenario.name}  (scenario, ${scenario.steps.length} exchanges)`,
      )
    for (const step of scenario.steps) {
      const word = step.outcome === 'passed' ? 'PASS' : step.outcome === 'failed' ? 'FAIL' : 'SKIP'
      const name = many ? `  ${step.name}` : step.name
      lines.push(`${word} ${name}  (${step.method} ${step.path})`)
      if (step.outcome === 'failed') {
        for (const problem of step.problems.slice(0, 20)) lines.push(`${many ? '  ' : ''}     ${problem}`)
        if (step.problems.length > 20) lines.push(`${many ? '  ' : ''}     … and ${step.problems.length - 20} more differences`)
      }
    }
  }
  return lines.join('\n')
}

export function json(run: RunInfo): string {
  return JSON.stringify(
    { label: run.label, base: run.base, tier: run.tier, ...run.totals, ms: Math.round(run.ms), scenarios: run.results },
    null,
    2,
  )
}

const xml = (text: string) =>
  text
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    // eslint-disable-next-line no-control-regex -- XML 1.0 allows no control character but tab, LF and CR: these are dropped
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
const seconds = (ms: number) => (ms / 1000).toFixed(3)

export function junit(run: RunInfo): string {
  const out = [`<?xml version="1.0" encoding="UTF-8"?>`]
  out.push(
    `<testsuites name="${xml(`replay (${run.label})`)}" tests="${run.totals.passed + run.totals.failed + run.totals.skipped}" failures="${run.totals.failed}" skipped="${run.totals.skipped}" time="${seconds(run.ms)}">`,
  )
  for (const scenario of run.results) {
    const failures = scenario.steps.filter((s) => s.outcome === 'failed').length
    const skipped = scenario.steps.filter((s) => s.outcome === 'skipped').length
    out.push(
      `  <testsuite name="${xml(`${run.tier}: ${scenario.name}`)}" tests="${scenario.steps.length}" failures="${failures}" skipped="${skipped}" time="${seconds(scenario.ms)}" file="${xml(scenario.file)}">`,
    )
    if (scenario.tags.length)
      out.push(
        `    <properties><property name="tags" value="${xml(scenario.tags.join(','))}"/><property name="base" value="${xml(run.base)}"/></properties>`,
      )
    for (const step of scenario.steps) {
      const open = `    <testcase classname="${xml(`replay.${run.tier}.${scenario.name}`)}" name="${xml(`${step.name} (${step.method} ${step.path})`)}" time="${seconds(step.ms)}"`
      if (step.outcome === 'passed') out.push(`${open}/>`)
      else if (step.outcome === 'skipped') out.push(`${open}><skipped message="${xml(step.problems[0] ?? '')}"/></testcase>`)
      else out.push(`${open}><failure message="${xml(step.problems[0] ?? 'failed')}">${xml(step.problems.join('\n'))}</failure></testcase>`)
    }
    out.push('  </testsuite>')
  }
  out.push('</testsuites>')
  return `${out.join('\n')}\n`
}
