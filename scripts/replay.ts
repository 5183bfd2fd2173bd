// Replays recorded scenarios against a core API, or through a BFF's /api as
// a browser would, and reports each exchange:
//   npm run replay [-- --base URL] [--tier core|bff] [--set main|legacy|site|all | --fixtures PATH…]
//                  [--only NAME,…] [--tag TAG,…] [--var NAME=VALUE…] [--reporter pretty,json,junit] [--out FILE]
// Exit code: 0 all passed, 1 a failure, 2 a usage error or an invalid fixture.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseCli, usageError } from './testkit/cli.ts'
import { FixtureError, loadFixtures } from './testkit/load.ts'
import { json, junit, pretty, summaryLine, type RunInfo } from './testkit/reporters.ts'
import { replayScenario, select, totals, type ScenarioResult } from './testkit/run.ts'
import type { Tier } from './testkit/format.ts'
import { newRunId } from './testkit/template.ts'
import { CONTRACT_DIR, setPaths } from './testkit/sets.ts'

const USAGE =
  'usage: npm run replay -- [--base URL] [--tier core|bff] [--set main|legacy|site|scenarios|all | --fixtures PATH] [--only NAME] [--tag TAG] [--var NAME=VALUE] [--reporter pretty|json|junit] [--out FILE] [--timeout MS]'
const usage = usageError(USAGE)

const { values } = parseCli(
  {
    base: { type: 'string' },
    tier: { type: 'string', default: 'core' },
    set: { type: 'string' },
    fixtures: { type: 'string', multiple: true },
    only: { type: 'string', multiple: true },
    tag: { type: 'string', multiple: true },
    var: { type: 'string', multiple: true },
    reporter: { type: 'string', multiple: true },
    out: { type: 'string' },
    timeout: { type: 'string', default: '15000' },
  },
  USAGE,
)
const list = (items: string[] | undefined) =>
  (items ?? [])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean)

if (values.tier !== 'core' && values.tier !== 'bff') usage('--tier is core or bff')
const tier = values.tier as Tier
const base = values.base ?? (tier === 'bff' ? 'http://127.0.0.1:3000' : 'http://127.0.0.1:3001')
const reporters = list(values.reporter)
if (reporters.length === 0) reporters.push('pretty')
for (const name of reporters) if (!['pretty', 'json', 'junit'].includes(name)) usage(`unknown reporter ${name}`)
if (reporters.includes('json') && reporters.includes('junit') && values.out) usage('--out names one file: choose json or junit')
const vars: Record<string, string> = { $run: newRunId() }
for (const item of list(values.var)) {
  const eq = item.indexOf('=')
  if (eq <= 0) usage(`--var takes NAME=VALUE, not ${item}`)
  vars[item.slice(0, eq)] = item.slice(eq + 1)
}
if (values.set && values.fixtures) usage('--set and --fixtures do not go together')
const set = values.fixtures ? 'fixtures' : (values.set ?? 'main')
const label = `${values.fixtures ? values.fixtures.map((f) => path.basename(f, '.json')).join(' ') : set}, ${tier}`

let loaded
try {
  loaded = await loadFixtures(values.fixtures ?? setPaths(set), { recursive: set === 'all' || Boolean(values.fixtures) })
} catch (error) {
  if (error instanceof FixtureError) {
    console.error(error.message)
    process.exit(2)
  }
  if ((error as NodeJS.ErrnoException).code === 'ENOENT')
    usage(`no such set or path: ${(error as NodeJS.ErrnoException).path ?? set} (sets are folders of ${CONTRACT_DIR})`)
  throw error
}
const chosen = select(loaded, list(values.only), list(values.tag))
if (chosen.length === 0) usage('no recorded exchanges found (check --set, --only and --tag)')

const started = performance.now()
const results: ScenarioResult[] = []
for (const fixture of chosen) results.push(await replayScenario(fixture, { base, tier, vars, timeoutMs: Number(values.timeout) }))
const run: RunInfo = { label, base, tier, results, totals: totals(results), ms: performance.now() - started }

// JSON on stdout stays parseable: the summary then goes to stderr.
const jsonToStdout = reporters.includes('json') && !values.out
const log = (text: string) => (jsonToStdout ? console.error(text) : console.log(text))
if (reporters.includes('pretty')) log(pretty(run))
if (reporters.includes('json')) {
  if (values.out) await writeOut(values.out, json(run))
  else console.log(json(run))
}
if (reporters.includes('junit')) {
  const file = values.out ?? path.join('test-artifacts', 'replay', `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.xml`)
  await writeOut(file, junit(run))
  log(`JUnit report: ${file}`)
}
log(summaryLine(run))
process.exit(run.totals.failed === 0 ? 0 : 1)

async function writeOut(file: string, text: string) {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true })
  await writeFile(file, text)
}
