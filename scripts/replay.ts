// Replays the recorded contract exchanges and prints a pass or a readable
// diff for each:
//   npm run replay [-- --base http://127.0.0.1:3001] [--only NAME] [--set legacy] [--tier core|bff]
// --set legacy replays fixtures/contract/legacy/ (an earlier client's calls);
// --tier bff sends them through a BFF's /api (give the BFF's --base).
import { readdir, readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { diff, send, type Exchange } from './contract/exchange.ts'

const { values } = parseArgs({
  options: { base: { type: 'string', default: 'http://127.0.0.1:3001' }, only: { type: 'string' }, set: { type: 'string' }, tier: { type: 'string', default: 'core' } },
})
if (values.tier !== 'core' && values.tier !== 'bff') {
  console.error('--tier is core or bff')
  process.exit(2)
}
if (values.set !== undefined && values.set !== 'legacy') {
  console.error('--set is legacy (or absent for the main exchanges)')
  process.exit(2)
}
const tier = values.tier
const dir = new URL(values.set === 'legacy' ? '../fixtures/contract/legacy/' : '../fixtures/contract/', import.meta.url)
const files = (await readdir(dir)).filter((f) => f.endsWith('.json') && (!values.only || f === `${values.only}.json`)).sort()
if (files.length === 0) {
  console.error('no recorded exchanges found')
  process.exit(2)
}

let passed = 0
let failed = 0
for (const file of files) {
  const exchange = JSON.parse(await readFile(new URL(file, dir), 'utf8')) as Exchange
  let problems: string[]
  try {
    const actual = await send(values.base!, exchange.request, tier)
    problems = actual.status === exchange.response.status ? [] : [`HTTP status: expected ${exchange.response.status}, got ${actual.status}`]
    problems.push(...diff(exchange.response.body, actual.body))
  } catch (error) {
    problems = [`request failed: ${(error as Error).message}`]
  }
  const where = `${exchange.request.method} ${exchange.request.path}`
  if (problems.length === 0) {
    passed++
    console.log(`PASS ${exchange.name}  (${where})`)
  } else {
    failed++
    console.log(`FAIL ${exchange.name}  (${where})`)
    for (const line of problems.slice(0, 20)) console.log(`     ${line}`)
    if (problems.length > 20) console.log(`     … and ${problems.length - 20} more differences`)
  }
}
console.log(`replay${values.set ? ` (${values.set}, ${tier})` : tier === 'bff' ? ' (bff)' : ''}: ${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
